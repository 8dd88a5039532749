package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnplannedLossTest {
  final Events events = new Events();

  @Test
  void theExecutorTheHarnessKilledIsThePlannedLoss() {
    events.removed("2");
    Checks checks = new Checks();
    checks.check(SCHEDULER, "executor.removed", true, "");
    checks.check(STORAGE, "files.no-orphans", true, "");
    UnplannedLoss.judge(checks, events.history(), Set.of("2"));
    assertThat(Verdicts.of(checks, UnplannedLoss.RULE)).isEqualTo(Verdict.Passed);
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Passed);
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Passed);
    assertThat(checks.voiding()).isEmpty();
  }

  @Test
  void anyOtherLostExecutorMakesBothSidesUnknownEvenWhereRulesFailed() {
    events.removed("2").removed("3");
    Checks checks = new Checks();
    checks.check(SCHEDULER, "replacement.succeeded-on-another-executor", false, "no replacement");
    checks.check(STORAGE, "files.orphans-known-rejected", false, "an orphan");
    UnplannedLoss.judge(checks, events.history(), Set.of("2"));
    assertThat(checks.verdict(SCHEDULER)).as("never Failed as if the scenario had done it").isEqualTo(Verdict.Unknown);
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Unknown);
    assertThat(checks.voiding()).hasSize(2).allSatisfy(c -> assertThat(c.detail())
        .contains("unplanned loss", "executor 3 was removed for 'Command exited with code 137'",
            "signal 9 (SIGKILL) not sent by the harness", "the harness did not kill it")
        .doesNotContain("executor 2 "));
  }

  @Test
  void aScenarioThatKilledNothingHasNoPlannedLoss() {
    events.removed("1");
    Checks checks = new Checks();
    checks.check(SCHEDULER, "handoff.two-attempts", true, "");
    UnplannedLoss.judge(checks, events.history(), Set.of());
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Unknown);
    assertThat(checks.voiding()).isNotEmpty();
  }

  @Test
  void tasksOfOtherExecutorsAreNoLossAndTheDetailNamesWhatTheHarnessKilled() {
    events.start(10, 3, 0, 0, 0, "4", false).end(10, 3, 0, 0, 0, "4", false, "Success").removed("2");
    Checks checks = new Checks();
    checks.check(SCHEDULER, "executor.removed", true, "");
    UnplannedLoss.judge(checks, events.history(), Set.of("2"));
    assertThat(checks.voiding()).as("executor 4 ran tasks, it was not lost").isEmpty();

    assertThat(Verdicts.detail(checks, UnplannedLoss.RULE)).endsWith("the harness killed [2]");
    Checks none = new Checks();
    UnplannedLoss.judge(none, new Events().history(), Set.of());
    assertThat(Verdicts.detail(none, UnplannedLoss.RULE)).endsWith("the harness killed (none)");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "Command exited with code 137 | exit code 137, signal 9 (SIGKILL) not sent by the harness (an OOM kill",
      "Command exited with code 143 | exit code 143, signal 15 (SIGTERM) (a pod deleted or evicted",
      "worker lost: Not receiving heartbeat for 60 seconds | its worker was lost",
      "Worker shutting down | its worker shut down",
      "Executor decommission: worker decommissioned | a decommission",
      "Command exited with code 56 | exit code 56 (Spark's: no heartbeat reached the driver), which Spark counts as the environment's"})
  void aLossOfTheEnvironmentVoidsTheCellAndIsNoCrash(String reason, String cause) {
    events.removed("3", reason);
    Checks checks = new Checks();
    checks.check(STORAGE, "files.no-orphans", false, "an orphan");
    UnplannedLoss.judge(checks, events.history(), Set.of());
    ExecutorCrashJudge.judge(checks, events.history(), Set.of(), executor -> "log of " + executor);
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Unknown);
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Unknown);
    assertThat(Verdicts.detail(checks, UnplannedLoss.RULE))
        .contains("executor 3 was removed for '" + reason + "': " + cause);
    assertThat(Verdicts.of(checks, ExecutorCrashJudge.RULE)).isEqualTo(Verdict.Passed);
  }

  @Test
  void aReasonSftDoesNotKnowStaysTheEnvironmentsAndIsNamed() {
    String reason = "Remote RPC client disassociated. Likely due to containers exceeding thresholds, or network"
        + " issues. Check driver logs for WARN messages.";
    events.removed("3", reason);
    Checks checks = new Checks();
    UnplannedLoss.judge(checks, events.history(), Set.of());
    ExecutorCrashJudge.judge(checks, events.history(), Set.of(), executor -> "log of " + executor);
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Unknown);
    assertThat(Verdicts.detail(checks, UnplannedLoss.RULE)).contains("executor 3 was removed for '" + reason
        + "': a reason sft does not recognise, so it cannot tell a crash of the build from a loss of the environment");
    assertThat(Verdicts.of(checks, ExecutorCrashJudge.RULE)).isEqualTo(Verdict.Passed);
  }
}
