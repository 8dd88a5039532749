package dev.sft.e2e.node.prober;

import io.fabric8.kubernetes.api.model.Probe;
import java.time.Instant;

/**
 * One probe's schedule and thresholds for one container run: first after {@code initialDelaySeconds}, then every
 * {@code periodSeconds}; the result flips to passing after {@code successThreshold} passes in a row and to failing
 * after {@code failureThreshold} failures in a row (Kubernetes' defaults: 0, 10, 1, 3).
 */
public final class ProbeTracker {
  private final Probe probe;
  private final Instant containerStarted;
  private Instant lastRun;
  private int successes;
  private int failures;
  private Boolean passing;
  private String lastMessage = "not probed yet";

  public ProbeTracker(Probe probe, Instant containerStarted) {
    this.probe = probe;
    this.containerStarted = containerStarted;
  }

  public Probe probe() {
    return probe;
  }

  public boolean due(Instant now) {
    int delay = probe.getInitialDelaySeconds() == null ? 0 : probe.getInitialDelaySeconds();
    int period = probe.getPeriodSeconds() == null ? 10 : probe.getPeriodSeconds();
    return !now.isBefore(containerStarted.plusSeconds(delay))
        && (lastRun == null || !now.isBefore(lastRun.plusSeconds(period)));
  }

  public void record(Instant now, Prober.Result result) {
    lastRun = now;
    lastMessage = result.message();
    if (result.success()) {
      failures = 0;
      successes++;
      if (successes >= (probe.getSuccessThreshold() == null ? 1 : probe.getSuccessThreshold())) {
        passing = true;
      }
    } else {
      successes = 0;
      failures++;
      if (failures >= (probe.getFailureThreshold() == null ? 3 : probe.getFailureThreshold())) {
        passing = false;
      }
    }
  }

  /** True once passing, false once failing, null before either threshold was reached. */
  public Boolean passing() {
    return passing;
  }

  String lastMessage() {
    return lastMessage;
  }
}
