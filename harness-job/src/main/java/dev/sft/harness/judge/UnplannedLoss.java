package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.driver.SchedulerEvent;
import java.util.List;
import java.util.Set;

/**
 * An executor lost during a scenario for any reason but the harness's own kill (an eviction, a node drain, an OOM
 * kill, a preemption, a worker restart) is a loss the scenario did not make: whatever the cell's rules found, they
 * cannot be the scenario's doing, so the cell is {@code Unknown} on both sides and names the loss.
 */
public final class UnplannedLoss {
  public static final String RULE = "cluster.no-unplanned-loss";

  private UnplannedLoss() {}

  /**
   * @param killedByHarness the executors the harness asked its kill command to kill in this scenario (recorded before
   *     the command runs, so its own removal is never mistaken for an unplanned one)
   */
  public static void judge(Checks checks, SchedulerHistory history, Set<String> killedByHarness) {
    List<SchedulerEvent> unplanned = history.events().stream()
        .filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type()) && e.executorId() != null)
        .filter(e -> !killedByHarness.contains(e.executorId()))
        .toList();
    if (unplanned.isEmpty()) {
      checks.check(SCHEDULER, RULE, true, "no executor was lost but those the harness killed "
          + (killedByHarness.isEmpty() ? "(none)" : killedByHarness));
      return;
    }
    String losses = String.join(", ", unplanned.stream()
        .map(e -> "executor " + e.executorId() + " (" + e.reason() + ")").toList());
    String detail = "an unplanned loss during the scenario: " + losses + " was removed, and the harness did not kill"
        + " it (eviction, drain, OOM kill, preemption or a restart?); this cell's verdicts cannot be the scenario's";
    checks.voidCell(SCHEDULER, RULE, detail);
    checks.voidCell(STORAGE, RULE, detail);
  }
}
