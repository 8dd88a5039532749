package dev.sft.harness.judge;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.kill.KillRecord;
import java.util.Optional;

/**
 * A kill the harness made: the executor it killed and when the kill began, on the driver's clock (the scheduler's
 * events are on it too). Its SIGKILL skips the cleanup of the attempts it caught, and excuses their files only.
 *
 * @param startedAtMs when the kill began, or null when the evidence does not say (a kill command that wrote no sft
 *     kill record, read back by {@code sft audit})
 */
public record HarnessKill(String executorId, Long startedAtMs) {

  /** The kill a scenario's evidence folder records; its start is sft's kill record's, when there is one. */
  public static HarnessKill of(RecordedKill recorded) {
    return new HarnessKill(recorded.target().attempt().executorId(),
        recorded.record().map(KillRecord::requestedAtMs).orElse(null));
  }

  /**
   * Whether the kill caught {@code attempt}: it ran in the killed executor and either ended lost with it
   * ({@code ExecutorLostFailure}) or had not ended when the kill began. An attempt that had ended before (a successful
   * duplicate, a normal abort) ran its own cleanup, or none, whatever the kill did after. With no start on record only
   * the attempts lost with the executor, or never ended, were caught.
   */
  public boolean caught(AttemptIdentity attempt, SchedulerHistory history) {
    if (!executorId.equals(attempt.executorId())) {
      return false;
    }
    Optional<SchedulerEvent> end = history.taskEnd(attempt.taskAttemptId());
    if (end.isEmpty()) {
      return true;
    }
    if (SchedulerHistory.EXECUTOR_LOST_FAILURE.equals(end.get().reason())
        && executorId.equals(end.get().executorId())) {
      return true;
    }
    return startedAtMs != null && end.get().timeMillis() >= startedAtMs;
  }
}
