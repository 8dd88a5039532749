package dev.sft.harness.judge;

import dev.sft.harness.audit.Rejection;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AbortObservation;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.List;
import java.util.Optional;

/**
 * Why the driver did not accept an attempt's message, from the scheduler's events and the accepted messages: what an
 * untolerated orphan is named with.
 */
public final class RejectionReason {
  private RejectionReason() {}

  public static Rejection of(long tid, SchedulerHistory history, WriteEvidence evidence) {
    Optional<SchedulerEvent> end = history.taskEnd(tid);
    if (end.isEmpty()) {
      return new Rejection(Rejection.NO_TASK_END, "no task end in the scheduler's events");
    }
    SchedulerEvent ended = end.get();
    String stage = "stage " + ended.stageId() + "." + ended.stageAttempt();
    if (!SchedulerEvent.SUCCESS.equals(ended.reason())) {
      // A task Spark kills (a speculative loser, a duplicate whose partition another attempt finished) runs its abort
      // interrupted, and the writer's abort may leave its files then.
      Optional<AttemptMarker> aborted = evidence.abortOf(tid);
      Optional<AbortObservation> abort = aborted.map(AttemptMarker::abort);
      if (abort.isPresent() && (abort.get().interruptedAtStart() || abort.get().interruptedAtEnd())) {
        return new Rejection(Rejection.INTERRUPTED_ABORT, "ended " + ended.reason() + " in " + stage
            + " and ran an interrupted abort (thread interrupted when abort() began: "
            + (abort.get().interruptedAtStart() ? "yes" : "no") + ", when it returned: "
            + (abort.get().interruptedAtEnd() ? "yes" : "no") + ")");
      }
      if (SchedulerHistory.TASK_KILLED.equals(ended.reason())) {
        // Spark's kill of an attempt whose partition another finished: its abort is the writer's only cleanup.
        return aborted.isEmpty()
            ? new Rejection(Rejection.NEVER_ABORTED, "ended TaskKilled in " + stage + " and never ran its abort")
            : new Rejection(Rejection.ABORT_LEFT_FILES, "ended TaskKilled in " + stage
                + " and ran its abort without an interrupt");
      }
      return new Rejection(Rejection.ATTEMPT_FAILED, "ended " + ended.reason() + " in " + stage);
    }
    List<Long> acceptedInstead = evidence.accepted().stream()
        .filter(a -> ended.partition() != null && a.attempt().partition() == ended.partition())
        .map(a -> a.attempt().taskAttemptId()).filter(t -> t != tid).toList();
    if (acceptedInstead.isEmpty()) {
      return new Rejection(Rejection.NOT_ACCEPTED, "ended Success in " + stage
          + ", but the driver accepted no message of partition " + ended.partition());
    }
    return new Rejection(Rejection.DUPLICATE_RESULT, "ended Success in " + stage + ", but the driver had accepted"
        + " partition " + ended.partition() + " from TID " + acceptedInstead + ": a duplicate result the scheduler"
        + " drops, for which no abort runs");
  }
}
