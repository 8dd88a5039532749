package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import dev.sft.harness.driver.SchedulerEvent;
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
}
