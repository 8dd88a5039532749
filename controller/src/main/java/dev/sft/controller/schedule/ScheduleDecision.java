package dev.sft.controller.schedule;

import dev.sft.api.SchedulerFailureTestSpec.ConcurrencyPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What a test's schedule asks for now: the pure decision, with no cluster and no clock of its own, so that it can be
 * tested by itself. The controller acts on it ({@code RunOrchestrator}).
 *
 * <p>{@code status.nextScheduleTime} is the watermark: every firing before it has been handled (started, skipped or
 * missed), and the firings from it on have not. When several have passed (the controller was down, or the test
 * suspended) only the latest is acted on, once; never a burst. Handling a firing moves the watermark to the first
 * firing after now, in the same status write that records what was done.
 */
public sealed interface ScheduleDecision {

  /** No schedule: nothing fires. */
  record Unscheduled() implements ScheduleDecision {}

  /** Nothing is due; the next firing is {@code next} (with {@code suspend}, the first one still unhandled). */
  record Wait(Instant next, boolean suspended) implements ScheduleDecision {}

  /** No run is in progress: start one for {@code firing}; then wait for {@code next}. */
  record Start(Instant firing, Instant next) implements ScheduleDecision {}

  /** {@code Forbid}: a run is in progress, so {@code firing} is skipped; wait for {@code next}. */
  record Skip(Instant firing, Instant next) implements ScheduleDecision {}

  /**
   * {@code Replace}: end the run in progress. The watermark stays, so that once the run has ended the same firing is
   * due again and starts the new run ({@link Start}).
   */
  record Replace(Instant firing) implements ScheduleDecision {}

  /** The latest due firing is older than {@code startingDeadlineSeconds}: it does not start; wait for {@code next}. */
  record Missed(Instant firing, Instant next) implements ScheduleDecision {}

  /**
   * Decides.
   *
   * @param schedule the test's schedule, empty without one
   * @param watermark {@code status.nextScheduleTime}: the first firing not handled yet; null before the first
   *     decision (the first firing after now is then the first to handle)
   * @param runInProgress whether a run is provisioning or running
   */
  static ScheduleDecision decide(Optional<ScheduleSettings> schedule, Instant watermark, boolean runInProgress,
      Instant now) {
    if (schedule.isEmpty()) {
      return new Unscheduled();
    }
    ScheduleSettings settings = schedule.get();
    Instant following = settings.cron().next(now, settings.zone());
    if (watermark == null) {
      return new Wait(following, settings.suspend());
    }
    if (watermark.isAfter(now)) {
      // Unchanged, the expression's first firing after now is the watermark itself; after a change of the
      // expression or the zone it is the new one's.
      return new Wait(following, settings.suspend());
    }
    if (settings.suspend()) {
      return new Wait(watermark, true); // kept: the latest firing missed meanwhile starts on resume
    }
    Optional<Instant> due = settings.cron().latest(watermark, now, settings.zone());
    if (due.isEmpty()) {
      // The watermark is no firing of this expression (it changed): the next firing of the new one is the next.
      return new Wait(following, false);
    }
    Instant firing = due.get();
    Duration deadline = settings.startingDeadline();
    if (deadline != null && Duration.between(firing, now).compareTo(deadline) > 0) {
      return new Missed(firing, following);
    }
    if (!runInProgress) {
      return new Start(firing, following);
    }
    return settings.policy() == ConcurrencyPolicy.Replace ? new Replace(firing) : new Skip(firing, following);
  }
}
