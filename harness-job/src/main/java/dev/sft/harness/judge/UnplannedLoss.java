package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.evidence.SchedulerEvent;
import java.util.List;
import java.util.Set;

/**
 * An executor the environment took during a scenario (its worker lost or shut down, a decommission, a SIGTERM as a
 * pod deletion, eviction or drain sends, a SIGKILL not from the harness as an OOM kill sends) is a loss the scenario
 * did not make: whatever the cell's rules found, they cannot be the scenario's doing, so the cell is {@code Unknown}
 * on both sides and names the loss. So is a removal whose reason sft does not recognise: the evidence cannot tell it
 * from a crash of the build. An executor that crashed is the build's finding instead ({@link ExecutorCrashJudge}).
 */
public final class UnplannedLoss {
  public static final String RULE = "cluster.no-unplanned-loss";

  private UnplannedLoss() {}

  /**
   * @param killedByHarness the executors the harness asked its kill command to kill in this scenario (recorded before
   *     the command runs, so its own removal is never mistaken for an unplanned one)
   */
  public static void judge(Checks checks, SchedulerHistory history, Set<String> killedByHarness) {
    List<ExecutorRemoval> notCrashes = removals(history, killedByHarness).stream()
        .filter(r -> r.kind() != ExecutorRemoval.Kind.CRASH)
        .toList();
    if (notCrashes.isEmpty()) {
      checks.check(SCHEDULER, RULE, true, "no executor was lost to the environment; the harness killed "
          + (killedByHarness.isEmpty() ? "(none)" : killedByHarness));
      return;
    }
    String losses = String.join(", ", notCrashes.stream().map(UnplannedLoss::describe).toList());
    String detail = "an unplanned loss during the scenario: " + losses + "; the harness did not kill it, so this"
        + " cell's verdicts cannot be the scenario's";
    checks.voidSide(SCHEDULER, RULE, detail);
    checks.voidSide(STORAGE, RULE, detail);
  }

  /** Every executor removed in the scenario but those the harness killed. */
  static List<ExecutorRemoval> removals(SchedulerHistory history, Set<String> killedByHarness) {
    return history.events().stream()
        .filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type()) && e.executorId() != null)
        .filter(e -> !killedByHarness.contains(e.executorId()))
        .map(ExecutorRemoval::of)
        .toList();
  }

  private static String describe(ExecutorRemoval removal) {
    String what = "executor " + removal.executorId() + " was removed for '" + removal.reason() + "': ";
    return what + (removal.kind() == ExecutorRemoval.Kind.UNRECOGNISED
        ? "a reason sft does not recognise, so it cannot tell a crash of the build from a loss of the environment"
            + " (the executor's worker log says which)"
        : removal.cause());
  }
}
