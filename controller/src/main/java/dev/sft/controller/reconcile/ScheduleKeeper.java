package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.schedule.ScheduleSettings;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What the schedule ({@code spec.schedule}) asks of a test now, and the record of every firing that starts or ends
 * nothing: skipped ({@code Forbid}), missed ({@code startingDeadlineSeconds}), or not due yet
 * ({@code nextScheduleTime}). {@link ScheduleDecision} decides; {@link StartRun} starts the runs and {@link EndRun} ends a replaced one.
 */
@ApplicationScoped
public class ScheduleKeeper {
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;
  /** The longest an idle scheduled test sleeps before looking at the clock again, so clock changes are seen. */
  private final Duration recheck;

  public ScheduleKeeper(StatusWriter statusWriter, EventRecorder events, Clock clock,
      @ConfigProperty(name = "sft.schedule.recheck", defaultValue = "PT1H") Duration recheck) {
    this.statusWriter = statusWriter;
    this.events = events;
    this.clock = clock;
    this.recheck = recheck;
  }

  /**
   * How long until the schedule's next firing, at most the recheck interval: empty without a schedule or while
   * suspended (a spec change wakes the controller).
   */
  Optional<Duration> untilNextFiring(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    Optional<ScheduleSettings> schedule = schedule(ledger);
    if (status.nextScheduleTime == null || schedule.isEmpty() || schedule.get().suspend()) {
      return Optional.empty();
    }
    Duration until = Duration.between(clock.instant(), Instant.parse(status.nextScheduleTime));
    // Never sooner than a second: a firing is due at its instant, and a clock a little behind must not spin.
    until = until.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : until;
    return Optional.of(until.compareTo(recheck) > 0 ? recheck : until);
  }

  /**
   * A firing while no run is in progress.
   *
   * @return the firing to start a run for, or null: a missed firing or the next one's time is recorded
   */
  ScheduleDecision.Start dueWhileIdle(StatusLedger ledger) {
    ScheduleDecision decision = decide(ledger, false);
    if (decision instanceof ScheduleDecision.Start start) {
      return start;
    }
    if (decision instanceof ScheduleDecision.Missed missed) {
      recordMissed(ledger, missed);
      return null;
    }
    recordNext(ledger, decision);
    return null;
  }

  /**
   * A firing while a run is in progress: skipped ({@code Forbid}), or the run must end as replaced ({@code Replace});
   * the firing, still due, starts the next run once it has been cleaned up.
   *
   * @return the firing that replaces the run, or null: the run goes on
   */
  ScheduleDecision.Replace dueDuringRun(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    ScheduleDecision decision = decide(ledger, true);
    if (decision instanceof ScheduleDecision.Replace replace) {
      return replace;
    }
    if (decision instanceof ScheduleDecision.Skip skip) {
      status.nextScheduleTime = skip.next().toString();
      statusWriter.write(ledger.test());
      events.normal(ledger.test(), Reason.ScheduleSkipped, "the schedule's firing at " + skip.firing()
          + " was skipped: run " + status.runId + " is in progress (concurrencyPolicy Forbid); next firing "
          + skip.next());
      return null;
    }
    if (decision instanceof ScheduleDecision.Missed missed) {
      recordMissed(ledger, missed);
      return null;
    }
    recordNext(ledger, decision);
    return null;
  }

  /** What the schedule says while no run is in progress, without recording anything. */
  ScheduleDecision decideWhileIdle(StatusLedger ledger) {
    return decide(ledger, false);
  }

  /** The next firing after now, for a run that starts now (the schedule's firings count from it), or null. */
  String nextFiringFromNow(StatusLedger ledger) {
    return schedule(ledger).map(s -> s.cron().next(clock.instant(), s.zone()).toString()).orElse(null);
  }

  private void recordMissed(StatusLedger ledger, ScheduleDecision.Missed missed) {
    ledger.status().nextScheduleTime = missed.next().toString();
    statusWriter.write(ledger.test());
    events.warning(ledger.test(), Reason.ScheduleMissed, "the schedule's firing at " + missed.firing()
        + " was missed: more than startingDeadlineSeconds (" + ledger.test().getSpec().startingDeadlineSeconds
        + ") ago; next firing " + missed.next());
  }

  /** Records what {@code status.nextScheduleTime} should say when nothing starts now, if it changed. */
  private void recordNext(StatusLedger ledger, ScheduleDecision decision) {
    String next = null; // unscheduled
    if (decision instanceof ScheduleDecision.Wait wait) {
      next = wait.next().toString();
    }
    if (!Objects.equals(next, ledger.status().nextScheduleTime)) {
      ledger.status().nextScheduleTime = next;
      statusWriter.write(ledger.test());
    }
  }

  private ScheduleDecision decide(StatusLedger ledger, boolean runInProgress) {
    String watermark = ledger.status().nextScheduleTime;
    return ScheduleDecision.decide(schedule(ledger), watermark == null ? null : Instant.parse(watermark),
        runInProgress, clock.instant());
  }

  /**
   * The test's current schedule (its live spec, not the run's: a schedule change applies at once). A schedule the
   * validator refuses (queued during a run) fires nothing; the test stalls on it when the run ends.
   */
  private static Optional<ScheduleSettings> schedule(StatusLedger ledger) {
    try {
      return ScheduleSettings.of(ledger.test().getSpec());
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
