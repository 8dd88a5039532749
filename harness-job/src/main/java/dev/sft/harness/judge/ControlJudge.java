package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.SchedulerEvent;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.stream.Collectors;

/**
 * The scheduler side of a control cell: the write ran without any fault, so its storage rules judge the write path
 * alone. Every writer task ended in Success on its first attempt, none was speculative, and the write committed.
 *
 * <p>The speculation family's control runs with speculation on and forces nothing, but Spark may still launch a
 * speculative copy of a slow task by itself. That is the write the speculation scenarios make too, so it is not a
 * fault of the control: the copy's partition is left out of the first-attempt rule, and the detail names every such
 * copy, so a reader sees the control raced where its storage findings may come from.
 */
public final class ControlJudge {
  public static final String NO_FAULT = "control.no-fault";
  public static final String COMMITTED = "control.write-committed";

  private ControlJudge() {}

  /** A control with speculation off; {@code failure} says why the write did not complete, or is null. */
  public static void judge(Checks checks, WriteEvidence evidence, SchedulerHistory history, String failure) {
    judge(checks, evidence, history, failure, false);
  }

  /**
   * {@code failure} says why the write did not complete, or is null; {@code speculationOn}: whether the control ran
   * in the speculation-on driver run, where a speculative copy Spark launched by itself is recorded, not a fault.
   */
  public static void judge(Checks checks, WriteEvidence evidence, SchedulerHistory history, String failure,
      boolean speculationOn) {
    SortedSet<Integer> writerStages = evidence.writerStages();
    List<SchedulerEvent> writerEnds = history.events().stream()
        .filter(e -> e.isTaskEnd() && e.stageId() != null && writerStages.contains(e.stageId())).toList();
    // A partition Spark speculated on by itself: its copy and the original it raced ended as a race does.
    Set<String> speculated = speculationOn ? writerEnds.stream().filter(e -> Boolean.TRUE.equals(e.speculative()))
        .map(ControlJudge::partitionKey).collect(Collectors.toCollection(java.util.TreeSet::new)) : Set.of();
    List<String> spontaneous = writerEnds.stream().filter(e -> speculated.contains(partitionKey(e)))
        .map(ControlJudge::describe).toList();
    List<String> faults = writerEnds.stream()
        .filter(e -> !speculated.contains(partitionKey(e)))
        .filter(e -> !SchedulerEvent.SUCCESS.equals(e.reason()) || Boolean.TRUE.equals(e.speculative())
            || (e.attemptNumber() != null && e.attemptNumber() > 0))
        .map(ControlJudge::describe)
        .toList();
    String raced = spontaneous.isEmpty() ? "" : "; speculation on, none forced, yet Spark speculated by itself on"
        + " stage/partition " + speculated + ": " + spontaneous;
    checks.check(SCHEDULER, NO_FAULT, !writerEnds.isEmpty() && faults.isEmpty(),
        writerEnds.isEmpty() ? "no writer task ended in the scheduler's events (writer stages " + writerStages + ")"
            : writerEnds.size() + " writer task(s) ended in stages " + writerStages + "; not a first, non-speculative"
                + " Success: " + faults + raced);
    boolean committed = evidence.commits().stream().anyMatch(c -> c.succeeded());
    checks.check(SCHEDULER, COMMITTED, failure == null && committed,
        failure != null ? failure : "commits observed by the probe: " + evidence.commits() + "; one must succeed");
  }

  private static String partitionKey(SchedulerEvent e) {
    return e.stageId() + "/" + e.partition();
  }

  private static String describe(SchedulerEvent e) {
    return "TID " + e.taskId() + " " + e.reason() + (Boolean.TRUE.equals(e.speculative()) ? " (speculative)" : "")
        + (e.attemptNumber() == null ? "" : " attempt " + e.attemptNumber());
  }
}
