package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import org.junit.jupiter.api.Test;

/** A control cell holds the write path to account only when the write really ran without a fault. */
class ControlJudgeTest {
  final Evidence evidence = new Evidence().winner(attempt(0, 10, 0, "1")).winner(attempt(1, 11, 0, "2"))
      .commit(true, 2);

  private static Verdict rule(Checks checks, String rule) {
    return checks.all().stream().filter(c -> c.rule().equals(rule)).map(Check::verdict).findFirst().orElseThrow();
  }

  @Test
  void firstAttemptsThatSucceededAndACommitPass() {
    Checks checks = new Checks();
    ControlJudge.judge(checks, evidence.build(), new Events()
        .task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS)
        .task(11, 3, 0, 1, 0, "2", false, SchedulerEvent.SUCCESS).history(), null);
    assertThat(checks.verdict(Check.SCHEDULER)).isEqualTo(Verdict.Passed);
  }

  @Test
  void aSpeculativeCopyARetryOrAKilledTaskIsAFaultTheControlMustNotHave() {
    Checks speculative = new Checks();
    ControlJudge.judge(speculative, evidence.build(), new Events()
        .task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS)
        .task(12, 3, 0, 0, 1, "2", true, "TaskKilled").history(), null);
    assertThat(rule(speculative, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Failed);

    Checks retried = new Checks();
    ControlJudge.judge(retried, evidence.build(), new Events()
        .task(13, 3, 0, 1, 1, "2", false, SchedulerEvent.SUCCESS).history(), null);
    assertThat(rule(retried, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Failed);
  }

  @Test
  void withSpeculationOnACopySparkLaunchedByItselfIsRecordedNotAFaultButAnotherPartitionsRetryStillIs() {
    Events raced = new Events()
        .task(10, 3, 0, 0, 0, "1", false, "TaskKilled")
        .task(12, 3, 0, 0, 1, "2", true, SchedulerEvent.SUCCESS)
        .task(11, 3, 0, 1, 0, "2", false, SchedulerEvent.SUCCESS);
    Checks speculationOn = new Checks();
    ControlJudge.judge(speculationOn, evidence.build(), raced.history(), null, true);
    assertThat(rule(speculationOn, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Passed);
    assertThat(checksDetail(speculationOn)).contains("Spark speculated by itself on stage/partition [3/0]")
        .contains("TID 12 Success (speculative) attempt 1").contains("TID 10 TaskKilled attempt 0");

    Checks speculationOff = new Checks();
    ControlJudge.judge(speculationOff, evidence.build(), raced.history(), null, false);
    assertThat(rule(speculationOff, ControlJudge.NO_FAULT)).as("the loss families' controls run without speculation")
        .isEqualTo(Verdict.Failed);

    Checks retried = new Checks();
    ControlJudge.judge(retried, evidence.build(), raced.task(13, 3, 0, 2, 1, "1", false, SchedulerEvent.SUCCESS)
        .history(), null, true);
    assertThat(rule(retried, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Failed);
  }

  @Test
  void noWriterTaskInTheEventsOrNoSucceededCommitFails() {
    Checks noTasks = new Checks();
    ControlJudge.judge(noTasks, evidence.build(), new Events().history(), null);
    assertThat(rule(noTasks, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Failed);

    Checks failedCommit = new Checks();
    ControlJudge.judge(failedCommit, new Evidence().winner(attempt(0, 10, 0, "1")).commit(false, 1).build(),
        new Events().task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS).history(), null);
    assertThat(rule(failedCommit, ControlJudge.COMMITTED)).isEqualTo(Verdict.Failed);

    Checks stopped = new Checks();
    ControlJudge.judge(stopped, evidence.build(), new Events()
        .task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS).history(), "scenario did not complete: boom");
    assertThat(rule(stopped, ControlJudge.COMMITTED)).isEqualTo(Verdict.Failed);
  }

  @Test
  void eachKindOfFaultAloneFailsAndOnlyTheWritersStagesCount() {
    Checks speculativeSuccess = new Checks();
    ControlJudge.judge(speculativeSuccess, evidence.build(), new Events()
        .task(12, 3, 0, 0, 0, "2", true, SchedulerEvent.SUCCESS).history(), null);
    assertThat(rule(speculativeSuccess, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Failed);
    assertThat(checksDetail(speculativeSuccess)).contains("TID 12 Success (speculative) attempt 0");

    Checks lostFirstAttempt = new Checks();
    ControlJudge.judge(lostFirstAttempt, evidence.build(), new Events()
        .task(10, 3, 0, 0, 0, "1", false, "ExecutorLostFailure").history(), null);
    assertThat(rule(lostFirstAttempt, ControlJudge.NO_FAULT)).isEqualTo(Verdict.Failed);
    assertThat(checksDetail(lostFirstAttempt)).isEqualTo("1 writer task(s) ended in stages [3]; not a first,"
        + " non-speculative Success: [TID 10 ExecutorLostFailure attempt 0]");

    Checks otherStage = new Checks();
    ControlJudge.judge(otherStage, evidence.build(), new Events()
        .task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS)
        .task(2, 2, 0, 0, 1, "1", true, "FetchFailed").history(), null);
    assertThat(rule(otherStage, ControlJudge.NO_FAULT)).as("a map stage's retry is not the writer's")
        .isEqualTo(Verdict.Passed);

    Checks none = new Checks();
    ControlJudge.judge(none, evidence.build(), new Events().history(), null);
    assertThat(checksDetail(none)).isEqualTo("no writer task ended in the scheduler's events (writer stages [3])");
  }

  @Test
  void theCommitRuleSaysWhyItFailed() {
    Checks stopped = new Checks();
    ControlJudge.judge(stopped, evidence.build(), new Events().history(), "scenario did not complete: boom");
    assertThat(stopped.all().stream().filter(c -> c.rule().equals(ControlJudge.COMMITTED)).findFirst().orElseThrow()
        .detail()).isEqualTo("scenario did not complete: boom");
    Checks committed = new Checks();
    ControlJudge.judge(committed, evidence.build(), new Events().history(), null);
    assertThat(committed.all().stream().filter(c -> c.rule().equals(ControlJudge.COMMITTED)).findFirst()
        .orElseThrow().detail()).startsWith("commits observed by the probe: [").endsWith("; one must succeed");
  }

  private static String checksDetail(Checks checks) {
    return checks.all().stream().filter(c -> c.rule().equals(ControlJudge.NO_FAULT)).findFirst().orElseThrow()
        .detail();
  }
}
