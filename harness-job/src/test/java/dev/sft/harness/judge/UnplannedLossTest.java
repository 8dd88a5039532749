package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import java.util.Set;
import org.junit.jupiter.api.Test;

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
        .contains("unplanned loss", "executor 3 (", "the harness did not kill it").doesNotContain("executor 2 ("));
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

    assertThat(Verdicts.detail(checks, UnplannedLoss.RULE)).endsWith("those the harness killed [2]");
    Checks none = new Checks();
    UnplannedLoss.judge(none, new Events().history(), Set.of());
    assertThat(Verdicts.detail(none, UnplannedLoss.RULE)).endsWith("those the harness killed (none)");
  }
}
