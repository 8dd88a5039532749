package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import org.junit.jupiter.api.Test;

class ChecksTest {
  @Test
  void aSideWithNoChecksIsUnknownNeverPassed() {
    Checks checks = new Checks();
    checks.check(STORAGE, "rows.count", true, "ok");
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Unknown);
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Passed);
  }

  @Test
  void anyFailureFailsAndAnyUnknownWithoutFailureIsUnknown() {
    Checks checks = new Checks();
    checks.check(SCHEDULER, "a", true, "");
    checks.unknown(SCHEDULER, "b", "");
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Unknown);
    checks.check(SCHEDULER, "c", false, "");
    assertThat(checks.verdict(SCHEDULER)).isEqualTo(Verdict.Failed);
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Unknown);
    checks.add(new dev.sft.contract.Check(STORAGE, "d", Verdict.Passed, "added"));
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).extracting(dev.sft.contract.Check::rule).containsExactly("a", "b", "c", "d");
  }

  @Test
  void aFailedCauseIsListedForTheMessageToLeadWithAndCountsAsAnyOtherCheck() {
    Checks checks = new Checks();
    checks.check(STORAGE, "files.no-orphans", false, "orphan = [a, b, c]");
    checks.checkCause(STORAGE, "loser.no-files-left", false, "the loser's abort left a, b, c");
    checks.checkCause(STORAGE, "other.cause", true, "fine");
    assertThat(checks.failedCauses()).extracting(dev.sft.contract.Check::rule).containsExactly("loser.no-files-left");
    assertThat(checks.verdict(STORAGE)).isEqualTo(Verdict.Failed);
    assertThat(checks.all()).hasSize(3);
  }

  @Test
  void aVoidedSideLeavesTheOtherSideItsOwnVerdict() {
    Checks checks = new Checks();
    checks.check(dev.sft.contract.Check.STORAGE, "files.no-orphans", true, "");
    checks.voidSide(dev.sft.contract.Check.SCHEDULER, "cluster.no-unplanned-loss", "lost");
    org.assertj.core.api.Assertions.assertThat(checks.verdict(dev.sft.contract.Check.SCHEDULER))
        .isEqualTo(dev.sft.contract.Verdict.Unknown);
    org.assertj.core.api.Assertions.assertThat(checks.verdict(dev.sft.contract.Check.STORAGE))
        .isEqualTo(dev.sft.contract.Verdict.Passed);
  }
}
