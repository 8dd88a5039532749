package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExecutorCrashJudgeTest {
  final Events events = new Events();

  @ParameterizedTest(name = "exit {0}")
  @CsvSource(delimiter = '|', value = {
      "134 | exit code 134, signal 6 (SIGABRT: a native abort)",
      "139 | exit code 139, signal 11 (SIGSEGV: a native crash)",
      "1 | exit code 1",
      "52 | exit code 52 (Spark's: an OutOfMemoryError)"})
  void anExecutorThatExitedOnItsOwnFailsTheBuildWithItsCodeAndLog(int code, String meaning) {
    events.task(10, 3, 0, 0, 0, "1", false, "ExecutorLostFailure").removed("1", "Command exited with code " + code);
    Checks checks = new Checks();
    checks.check(STORAGE, "files.no-orphans", true, "");
    UnplannedLoss.judge(checks, events.history(), Set.of());
    ExecutorCrashJudge.judge(checks, events.history(), Set.of(),
        executor -> "executor log /work/app/" + executor + "/stderr, last lines: # A fatal error");

    Check crash = checks.all().stream().filter(c -> c.rule().equals(ExecutorCrashJudge.RULE)).findFirst().orElseThrow();
    assertThat(crash.verdict()).isEqualTo(Verdict.Failed);
    assertThat(crash.detail()).isEqualTo("executor 1 exited on its own on a live worker, " + meaning
        + " ('Command exited with code " + code + "'); executor log /work/app/1/stderr, last lines: # A fatal error");
    assertThat(crash.causes()).containsExactly(Cause.EXECUTOR_CRASH);
    assertThat(checks.failedCauses()).as("the crash leads the message").containsExactly(crash);
    assertThat(checks.verdict(SCHEDULER)).as("a finding of the build, not the environment's")
        .isEqualTo(Verdict.Failed);
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Passed);
    assertThat(checks.voiding()).isEmpty();
    assertThat(Verdicts.of(checks, UnplannedLoss.RULE)).isEqualTo(Verdict.Passed);
  }

  @Test
  void theHarnesssOwnKillIsNeitherACrashNorALoss() {
    events.task(10, 3, 0, 0, 0, "2", false, "ExecutorLostFailure").removed("2", "Command exited with code 137");
    Checks checks = new Checks();
    UnplannedLoss.judge(checks, events.history(), Set.of("2"));
    ExecutorCrashJudge.judge(checks, events.history(), Set.of("2"), executor -> "");
    assertThat(Verdicts.of(checks, ExecutorCrashJudge.RULE)).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.detail(checks, ExecutorCrashJudge.RULE)).isEqualTo("no executor exited with a code of its own");
    assertThat(Verdicts.of(checks, UnplannedLoss.RULE)).isEqualTo(Verdict.Passed);
    assertThat(checks.voiding()).isEmpty();
  }

  @Test
  void eachCrashIsNamedAndAnEnvironmentLossBesideItStillVoidsTheCell() {
    events.removed("1", "Command exited with code 139").removed("3", "worker lost: Not receiving heartbeat")
        .removed("4", "Command exited with code 50");
    Checks checks = new Checks();
    UnplannedLoss.judge(checks, events.history(), Set.of());
    ExecutorCrashJudge.judge(checks, events.history(), Set.of(), executor -> "log " + executor);
    assertThat(Verdicts.detail(checks, ExecutorCrashJudge.RULE))
        .contains("executor 1 exited on its own", "SIGSEGV", "log 1; executor 4 exited on its own",
            "Spark's: an uncaught exception", "log 4")
        .doesNotContain("executor 3");
    assertThat(Verdicts.detail(checks, UnplannedLoss.RULE)).contains("executor 3 was removed")
        .doesNotContain("executor 1 ", "executor 4 ");
    assertThat(checks.verdict(SCHEDULER)).as("the environment's loss leaves nothing to judge the build by")
        .isEqualTo(Verdict.Unknown);
  }

  @Test
  void noRemovalPasses() {
    Checks checks = new Checks();
    ExecutorCrashJudge.judge(checks, new Events().history(), Set.of(), executor -> "");
    assertThat(Verdicts.of(checks, ExecutorCrashJudge.RULE)).isEqualTo(Verdict.Passed);
    assertThat(checks.all().get(0).causes()).isEqualTo(List.of());
  }
}
