package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.WriterFiles;
import java.util.List;
import java.util.Optional;

/**
 * The executor-loss rules: the reference suite's independent pre-kill requirements, the kill's own evidence, and
 * recovery (executor removed, ExecutorLostFailure for the target, and a real replacement of its partition).
 */
public final class ExecutorLossJudge {
  /** The reference suite's floor for the rows the target attempt had been supplied before the kill. */
  public static final long MIN_ROWS_BEFORE_KILL = 1_000;

  private ExecutorLossJudge() {}

  /**
   * The pre-kill requirements, each a scheduler check, judged on what the driver re-read just before the kill.
   *
   * @return whether all hold, so the kill may proceed
   */
  public static boolean preKill(Checks checks, KillTarget target, List<AttemptMarker.FileState> victimFiles,
      List<AttemptMarker.FileState> otherFiles, boolean victimHandedOff, SchedulerHistory history) {
    AttemptIdentity victim = target.attempt();
    boolean physical = victimFiles.stream().anyMatch(f -> f.bytes() > 0);
    checks.check(SCHEDULER, "pre-kill.target-physical-bytes", physical,
        "files owned by TID " + victim.taskAttemptId() + " (prefix "
            + WriterFiles.attemptPrefixes(victim.partition(), victim.taskAttemptId()) + "): " + victimFiles);
    Long rows = target.victim().rowsSupplied();
    boolean enoughRows = rows != null && rows >= MIN_ROWS_BEFORE_KILL;
    checks.check(SCHEDULER, "pre-kill.target-supplied-rows", enoughRows,
        "TID " + victim.taskAttemptId() + " had been supplied " + (rows == null ? "an unrecorded number of" : rows)
            + " rows at its pause; at least " + MIN_ROWS_BEFORE_KILL + " required");
    Optional<SchedulerEvent> ended = history.taskEnd(victim.taskAttemptId());
    checks.check(SCHEDULER, "pre-kill.target-not-handed-off-or-ended", !victimHandedOff && ended.isEmpty(),
        "handoff " + victimHandedOff + ", task-end " + ended.map(SchedulerEvent::reason).orElse("none"));
    AttemptIdentity other = target.other().attempt();
    boolean otherBytes = otherFiles.stream().anyMatch(f -> f.bytes() > 0);
    boolean otherProcess = other.partition() != victim.partition()
        && (other.pid() != victim.pid() || !other.host().equals(victim.host()));
    checks.check(SCHEDULER, "pre-kill.progress-in-another-process", otherBytes && otherProcess,
        "partition " + other.partition() + " TID " + other.taskAttemptId() + " in executor " + other.executorId()
            + " (PID " + other.pid() + " on " + other.host() + ") has physical bytes: " + otherBytes
            + "; another partition in another process: " + otherProcess);
    return physical && enoughRows && !victimHandedOff && ended.isEmpty() && otherBytes && otherProcess;
  }

  /**
   * The kill command's exit. Its proof of identity and exit ({@link KillProof}) is judged with the rest, once the
   * scheduler has seen what the kill did.
   */
  public static void kill(Checks checks, boolean commandSucceeded, String commandOutcome) {
    checks.check(SCHEDULER, "kill.command-succeeded", commandSucceeded, commandOutcome);
  }

  /**
   * Where the drive got to: no target can appear ({@code unreachable} non-null: Unknown by
   * {@link PartlyWrittenAttempts#RULE}, nothing else judged), nothing chosen ({@code target.selected} fails), chosen
   * but not killed ({@code kill.performed} fails; the failed pre-kill or kill checks were recorded as they
   * happened), or killed (recovery is judged).
   *
   * @return whether the kill was performed, so scenario-specific rules apply
   */
  public static boolean judge(Checks checks, KillTarget target, boolean killed, String unreachable,
      SchedulerHistory history, String failure) {
    if (target == null && unreachable != null) {
      PartlyWrittenAttempts.judge(checks, unreachable);
      return false;
    }
    if (target == null) {
      checks.check(SCHEDULER, "target.selected", false,
          "no target was chosen, nothing was killed" + (failure == null ? "" : "; " + failure));
      return false;
    }
    checks.check(SCHEDULER, "kill.performed", killed,
        killed ? "executor " + target.attempt().executorId() + " was killed"
            : "the executor was not killed" + (failure == null ? "" : ": " + failure));
    if (killed) {
      recovery(checks, target, history);
    }
    return killed;
  }

  static void recovery(Checks checks, KillTarget target, SchedulerHistory history) {
    AttemptIdentity victim = target.attempt();
    Optional<SchedulerEvent> removed = history.executorRemoved(victim.executorId());
    checks.check(SCHEDULER, "executor.removed", removed.isPresent(),
        "executor-removed for executor " + victim.executorId() + ": "
            + removed.map(SchedulerEvent::reason).orElse("none"));
    Optional<SchedulerEvent> end = history.taskEnd(victim.taskAttemptId());
    checks.check(SCHEDULER, "target.executor-lost-failure",
        end.map(e -> SchedulerHistory.EXECUTOR_LOST_FAILURE.equals(e.reason())).orElse(false),
        "TID " + victim.taskAttemptId() + " ended with "
            + end.map(e -> e.reason() + " (" + e.detail() + ")").orElse("no task-end event"));
    Optional<SchedulerEvent> replacement = replacementOf(victim, history);
    checks.check(SCHEDULER, "replacement.succeeded-on-another-executor", replacement.isPresent(),
        replacement.map(e -> "partition " + victim.partition() + " succeeded as TID " + e.taskId() + " (stage "
            + e.stageId() + "." + e.stageAttempt() + ", attempt " + e.attemptNumber() + ") on executor "
            + e.executorId() + "@" + e.host()).orElse("no successful, non-speculative replacement of partition "
            + victim.partition() + " of stage " + victim.stageId() + " on another executor with a higher task or"
            + " stage attempt than " + victim.stageAttempt() + "/" + victim.attemptNumber()));
  }

  /**
   * The upstream replacement: same stage, same partition, another executor, a higher task attempt number or a
   * higher stage attempt, a Success end, and not speculative.
   */
  static Optional<SchedulerEvent> replacementOf(AttemptIdentity victim, SchedulerHistory history) {
    return history.events().stream()
        .filter(e -> e.isTaskEnd() && SchedulerEvent.SUCCESS.equals(e.reason()))
        .filter(e -> e.stageId() != null && e.stageId() == victim.stageId())
        .filter(e -> e.partition() != null && e.partition() == victim.partition())
        .filter(e -> e.executorId() != null && !victim.executorId().equals(e.executorId()))
        .filter(e -> (e.attemptNumber() != null && e.attemptNumber() > victim.attemptNumber())
            || (e.stageAttempt() != null && e.stageAttempt() > victim.stageAttempt()))
        .filter(e -> Boolean.FALSE.equals(e.speculative()))
        .findFirst();
  }
}
