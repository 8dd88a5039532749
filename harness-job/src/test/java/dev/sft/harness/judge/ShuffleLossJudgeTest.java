package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShuffleLossJudgeTest {
  static final String OK = SchedulerEvent.SUCCESS;
  final AttemptIdentity victim = attempt(0, 10, 0, "5");
  final KillTarget target = new KillTarget(Evidence.marker("paused", victim, List.of()),
      Evidence.marker("paused", attempt(1, 11, 0, "1"), List.of()));
  final List<AttemptMarker> held = List.of(Evidence.marker("held", attempt(2, 12, 0, "1"), List.of()),
      Evidence.marker("held", attempt(3, 13, 0, "5"), List.of()));

  /** Map stage 2 feeds writer stage 3; executor 5 ran a map task, then held reducers hit the lost output. */
  Events before() {
    return new Events().jobStart(2, 3).submitted(2, 0).task(1, 2, 0, 0, 0, "5", false, OK)
        .task(2, 2, 0, 1, 0, "1", false, OK).submitted(3, 0)
        .removed("5").task(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE);
  }

  /** What stage re-execution adds: FetchFailed for a released reducer, map and writer stages resubmitted. */
  Events stageReexecution(Events events) {
    return events.task(12, 3, 0, 2, 0, "1", false, SchedulerHistory.FETCH_FAILED)
        .submitted(2, 1).task(30, 2, 1, 0, 0, "1", false, OK)
        .submitted(3, 1).task(31, 3, 1, 0, 0, "1", false, OK);
  }

  Checks judge(Events events) {
    Checks checks = new Checks();
    ShuffleLossJudge.judge(checks, target, held, events.history());
    return checks;
  }

  @Test
  void stageReexecutionPasses() {
    Checks checks = judge(stageReexecution(before()));
    assertThat(checks.verdict("scheduler")).as(checks.all().toString()).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).hasSize(3);
  }

  @Test
  void aHigherTaskAttemptNumberAloneIsNotStageReexecution() {
    Events taskReplaced = before().task(20, 3, 0, 0, 1, "1", false, OK);
    Checks checks = judge(taskReplaced);
    assertThat(Verdicts.of(checks, "writer-stage.reexecuted")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "fetch-failed.after-release")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "map-stage.reexecuted")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aResubmittedWriterStageThatRanNothingToSuccessIsNotReexecution() {
    Events events = before().task(12, 3, 0, 2, 0, "1", false, SchedulerHistory.FETCH_FAILED).submitted(2, 1)
        .submitted(3, 1).task(31, 3, 1, 0, 0, "1", false, "TaskKilled");
    assertThat(Verdicts.of(judge(events), "writer-stage.reexecuted")).isEqualTo(Verdict.Failed);
    // a Success in a higher stage attempt that was never submitted as such does not count either
    Events unsubmitted = before().task(31, 3, 1, 0, 0, "1", false, OK);
    assertThat(Verdicts.of(judge(unsubmitted), "writer-stage.reexecuted")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aFetchFailureOfATaskThatWasNotHeldOrInAnotherStageDoesNotCount() {
    Events notHeld = before().task(14, 3, 0, 1, 0, "1", false, SchedulerHistory.FETCH_FAILED);
    assertThat(Verdicts.of(judge(notHeld), "fetch-failed.after-release")).isEqualTo(Verdict.Failed);
    Events otherStage = before().task(12, 4, 0, 2, 0, "1", false, SchedulerHistory.FETCH_FAILED);
    assertThat(Verdicts.of(judge(otherStage), "fetch-failed.after-release")).isEqualTo(Verdict.Failed);
    Checks noneHeld = new Checks();
    ShuffleLossJudge.judge(noneHeld, target, List.of(), stageReexecution(before()).history());
    assertThat(Verdicts.of(noneHeld, "fetch-failed.after-release")).isEqualTo(Verdict.Failed);
  }

  @Test
  void theMapStageMustBeResubmitted() {
    Events events = before().task(12, 3, 0, 2, 0, "1", false, SchedulerHistory.FETCH_FAILED)
        .submitted(3, 1).task(31, 3, 1, 0, 0, "1", false, OK);
    assertThat(Verdicts.of(judge(events), "map-stage.reexecuted")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(judge(events), "writer-stage.reexecuted")).isEqualTo(Verdict.Passed);
  }

  @Test
  void mapOutputIsFoundOnlyOnTheExecutorThatRanAFirstAttemptMapTask() {
    SchedulerHistory history = before().history();
    assertThat(history.mapStagesOf(3)).containsExactly(2);
    assertThat(history.mapOutputOn("5", 3)).isPresent();
    assertThat(history.mapOutputOn("7", 3)).isEmpty();
    assertThat(history.mapStagesOf(9)).isEmpty();
    Events notMapOutput = new Events().jobStart(2, 3)
        .task(1, 2, 0, 0, 0, "7", false, "TaskKilled")
        .task(2, 2, 1, 0, 0, "8", false, OK)
        .task(3, 3, 0, 0, 0, "9", false, OK);
    assertThat(notMapOutput.history().mapOutputOn("7", 3)).as("a failed map task").isEmpty();
    assertThat(notMapOutput.history().mapOutputOn("8", 3)).as("a re-run map task").isEmpty();
    assertThat(notMapOutput.history().mapOutputOn("9", 3)).as("a writer task").isEmpty();
  }

  @Test
  void aTaskStartIsNotItsEnd() {
    SchedulerHistory history = new Events().end(5, 3, 0, 0, 0, "1", true, OK).start(6, 3, 0, 0, 0, "1", false)
        .history();
    assertThat(history.taskStart(5)).isEmpty();
    assertThat(history.taskStart(6)).isPresent();
    assertThat(history.taskEnd(6)).isEmpty();
    assertThat(history.runningTasks()).extracting(SchedulerEvent::taskId).containsExactly(6L);
  }

  @Test
  void aMapTaskInAHigherAttemptWithoutAResubmissionIsNotAMapStageRerun() {
    Events events = stageReexecution(before()).task(40, 2, 1, 1, 0, "1", false, OK);
    Events withoutMapSubmission = new Events().jobStart(2, 3).submitted(2, 0).task(1, 2, 0, 0, 0, "5", false, OK)
        .submitted(3, 0).removed("5").task(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE)
        .task(12, 3, 0, 2, 0, "1", false, SchedulerHistory.FETCH_FAILED).task(40, 2, 1, 1, 0, "1", false, OK)
        .submitted(3, 1).task(31, 3, 1, 0, 0, "1", false, OK);
    assertThat(Verdicts.of(judge(events), "map-stage.reexecuted")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.of(judge(withoutMapSubmission), "map-stage.reexecuted")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aHeldReducerThatSucceededIsNoFetchFailure() {
    Events events = before().task(12, 3, 0, 2, 0, "1", false, OK);
    assertThat(Verdicts.of(judge(events), "fetch-failed.after-release")).isEqualTo(Verdict.Failed);
  }
}
