package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.observe.ClusterReadiness;
import dev.sft.controller.status.ClusterRecords;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Step {@code AwaitingCluster}: waits until the shared volume is writable and each Spark cluster's master sees every
 * worker ALIVE ({@link ClusterReadiness}), then {@code RunningHarness}. A single cluster that cannot become ready ends
 * the run ({@link EndRun}); of several ({@code spec.parallelism}), such a cluster fails alone, its repetitions Unknown
 * naming it, and the run ends only when none is left.
 */
@ApplicationScoped
public class AwaitCluster implements RunStep {
  /** How often to ask the master while waiting for workers; pod changes wake the controller sooner. */
  static final Duration CLUSTER_POLL = Duration.ofSeconds(2);

  private final ClusterReadiness readiness;
  private final EndRun endRun;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;

  public AwaitCluster(ClusterReadiness readiness, EndRun endRun, StatusWriter statusWriter, EventRecorder events,
      Clock clock) {
    this.readiness = readiness;
    this.endRun = endRun;
    this.statusWriter = statusWriter;
    this.events = events;
    this.clock = clock;
  }

  @Override
  public Next advance(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    String applied = status.clusterApplyTime != null ? status.clusterApplyTime : status.startTime;
    long waited = Duration.between(Instant.parse(applied), clock.instant()).toSeconds();
    boolean parallel = status.clusters != null;
    List<String> seen = new ArrayList<>();
    ClusterReadiness.Assessment waiting = null;
    boolean failed = false;
    for (int cluster : ledger.liveClusters()) {
      ClusterReadiness.Assessment assessment = readiness.assess(test, ledger.clusterSpec(),
          Names.storageCheckJob(test, status.runNumber), waited, cluster);
      String message = parallel ? "cluster " + cluster + ": " + assessment.message() : assessment.message();
      switch (assessment.outcome()) {
        case FAIL -> {
          events.warning(test, assessment.reason(), message);
          if (!parallel) {
            Conditions.set(status, Conditions.CLUSTER_READY, false, assessment.reason(), message,
                ledger.generation());
            ledger.failUnfinishedJobs(assessment.message());
            return endRun.finish(ledger, assessment.message());
          }
          // Only this cluster's repetitions are void; the others go on.
          ledger.failCluster(cluster, assessment.message());
          failed = true;
        }
        case WAIT -> {
          waiting = waiting == null ? assessment : waiting;
          seen.add(message);
        }
        default -> seen.add(message);
      }
    }
    if (ledger.liveClusters().isEmpty()) {
      return endRun.finish(ledger, "every cluster failed: " + status.clusters.stream().map(c -> c.message)
          .collect(Collectors.joining("; ")));
    }
    String message = String.join("; ", seen);
    boolean ready = waiting == null;
    boolean changed = Conditions.set(status, Conditions.CLUSTER_READY, ready,
        ready ? Reason.WorkersAlive : waiting.reason(), message, ledger.generation()) || failed;
    if (ready) {
      ledger.liveClusters().forEach(cluster -> ClusterRecords.ready(status.clusters, cluster));
      status.clusterReadyTime = clock.instant().toString();
      status.phase = Phase.Running;
      status.step = Step.RunningHarness;
      status.message = "cluster" + (parallel ? "s" : "") + " ready" + (status.clusterBuild == null ? "" : " for the "
          + status.clusterBuild + " build") + ": " + message;
      Conditions.forPhase(status, Reason.Running, "running the harness", ledger.generation());
      events.normal(test, Reason.ClusterReady, status.message);
      return Next.CONTINUE; // the next Job's write-ahead write records this too
    }
    if (changed) {
      statusWriter.write(test);
    }
    return Next.waitFor(CLUSTER_POLL);
  }
}
