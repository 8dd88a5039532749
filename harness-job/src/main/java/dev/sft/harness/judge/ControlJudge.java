package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.driver.SchedulerEvent;
import java.util.List;
import java.util.SortedSet;

/**
 * The scheduler side of a control cell: the write ran without any fault, so its storage rules judge the write path
 * alone. Every writer task ended in Success on its first attempt, none was speculative, and the write committed.
 */
public final class ControlJudge {
  public static final String NO_FAULT = "control.no-fault";
  public static final String COMMITTED = "control.write-committed";

  private ControlJudge() {}

  /** {@code failure} says why the write did not complete, or is null. */
  public static void judge(Checks checks, WriteEvidence evidence, SchedulerHistory history, String failure) {
    SortedSet<Integer> writerStages = evidence.writerStages();
    List<SchedulerEvent> writerEnds = history.events().stream()
        .filter(e -> e.isTaskEnd() && e.stageId() != null && writerStages.contains(e.stageId())).toList();
    List<String> faults = writerEnds.stream()
        .filter(e -> !SchedulerEvent.SUCCESS.equals(e.reason()) || Boolean.TRUE.equals(e.speculative())
            || (e.attemptNumber() != null && e.attemptNumber() > 0))
        .map(e -> "TID " + e.taskId() + " " + e.reason() + (Boolean.TRUE.equals(e.speculative()) ? " (speculative)"
            : "") + (e.attemptNumber() == null ? "" : " attempt " + e.attemptNumber()))
        .toList();
    checks.check(SCHEDULER, NO_FAULT, !writerEnds.isEmpty() && faults.isEmpty(),
        writerEnds.isEmpty() ? "no writer task ended in the scheduler's events (writer stages " + writerStages + ")"
            : writerEnds.size() + " writer task(s) ended in stages " + writerStages + "; not a first, non-speculative"
                + " Success: " + faults);
    boolean committed = evidence.commits().stream().anyMatch(c -> c.succeeded());
    checks.check(SCHEDULER, COMMITTED, failure == null && committed,
        failure != null ? failure : "commits observed by the probe: " + evidence.commits() + "; one must succeed");
  }
}
