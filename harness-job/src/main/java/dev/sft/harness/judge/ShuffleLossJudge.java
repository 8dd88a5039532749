package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.List;

/**
 * Shuffle-output loss on top of the task-replacement evidence: a released reducer's FetchFailed in the writer
 * stage, a higher writer stage attempt that ran tasks to Success, and the map stage resubmitted. A higher task
 * attempt number alone is not stage re-execution. (That the target owned map output and the reducers were held
 * is what target selection requires, so it is not judged again.)
 */
public final class ShuffleLossJudge {
  private ShuffleLossJudge() {}

  public static void judge(Checks checks, KillTarget target, List<AttemptMarker> heldBeforeInput,
      SchedulerHistory history) {
    AttemptIdentity victim = target.attempt();
    List<Long> heldTids = heldBeforeInput.stream().map(m -> m.attempt().taskAttemptId()).toList();
    List<SchedulerEvent> fetchFailures = history.events().stream()
        .filter(e -> e.isTaskEnd() && SchedulerHistory.FETCH_FAILED.equals(e.reason()))
        .filter(e -> e.stageId() != null && e.stageId() == victim.stageId())
        .toList();
    boolean releasedReducerFailed = !heldTids.isEmpty()
        && fetchFailures.stream().anyMatch(e -> heldTids.contains(e.taskId()));
    checks.check(SCHEDULER, "fetch-failed.after-release", releasedReducerFailed,
        "FetchFailed in the writer stage for TIDs " + fetchFailures.stream().map(SchedulerEvent::taskId).toList()
            + "; held reducers were TIDs " + heldTids);

    boolean reexecuted = history.events().stream()
        .filter(e -> e.isTaskEnd() && SchedulerEvent.SUCCESS.equals(e.reason()))
        .anyMatch(e -> e.stageId() != null && e.stageId() == victim.stageId() && e.stageAttempt() != null
            && e.stageAttempt() > victim.stageAttempt()
            && history.submittedAttempts(victim.stageId()).contains(e.stageId() + "." + e.stageAttempt()));
    checks.check(SCHEDULER, "writer-stage.reexecuted", reexecuted,
        "writer stage attempts submitted: " + history.submittedAttempts(victim.stageId())
            + "; a higher attempt than " + victim.stageId() + "." + victim.stageAttempt()
            + " must be submitted and run a task to Success");

    List<Integer> mapStages = history.mapStagesOf(victim.stageId());
    boolean mapRerun = history.events().stream()
        .anyMatch(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && e.stageId() != null
            && mapStages.contains(e.stageId()) && e.stageAttempt() != null && e.stageAttempt() > 0);
    checks.check(SCHEDULER, "map-stage.reexecuted", mapRerun,
        "map stage(s) " + mapStages + " resubmitted to regenerate the lost shuffle output: " + mapRerun);
  }
}
