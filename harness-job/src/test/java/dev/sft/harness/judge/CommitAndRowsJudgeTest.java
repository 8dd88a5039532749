package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.CommitMarker;
import dev.sft.harness.evidence.RowCounts;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommitAndRowsJudgeTest {
  static CommitMarker commit(boolean succeeded, int messages) {
    return new CommitMarker(succeeded, messages, 1, null);
  }

  static Checks commits(int accepted, CommitMarker... markers) {
    Checks checks = new Checks();
    CommitJudge.judge(checks, List.of(markers), accepted);
    return checks;
  }

  @Test
  void oneSuccessfulCommitOfEveryAcceptedMessagePasses() {
    assertThat(commits(4, commit(true, 4)).verdict("storage")).isEqualTo(Verdict.Passed);
  }

  @Test
  void aCommitThatRanTwiceFailsTheOperatorRule() {
    Checks checks = commits(4, commit(false, 4), commit(true, 4));
    assertThat(Verdicts.of(checks, "commit.one-operator")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "commit.one-success-marker")).isEqualTo(Verdict.Passed);
  }

  @Test
  void noSuccessfulCommitFails() {
    Checks checks = commits(4, commit(false, 4));
    assertThat(Verdicts.of(checks, "commit.one-success-marker")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "commit.messages-equal-accepted")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(commits(4), "commit.one-operator")).isEqualTo(Verdict.Failed);
  }

  @Test
  void twoSuccessMarkersFail() {
    assertThat(Verdicts.of(commits(4, commit(true, 4), commit(true, 4)), "commit.one-success-marker"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void aCommitCountThatDiffersFromTheAcceptedMessagesFails() {
    Checks checks = commits(4, commit(true, 3));
    assertThat(Verdicts.of(checks, "commit.messages-equal-accepted")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, "commit.messages-equal-accepted")).contains("[3]").contains("accepted 4");
  }

  static Checks rows(RowCounts counts) {
    Checks checks = new Checks();
    assertThat(RowsJudge.judge(checks, () -> counts)).contains(counts);
    return checks;
  }

  @Test
  void exactRowsPass() {
    Checks checks = rows(new RowCounts(48_000, 48_000, 48_000, 48_000, 0, 0));
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).hasSize(3);
  }

  @Test
  void eachRowRuleFailsOnItsOwnEvidence() {
    assertThat(Verdicts.of(rows(new RowCounts(48_000, 48_000, 47_999, 48_000, 0, 0)), "rows.count")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(rows(new RowCounts(48_000, 48_000, 48_000, 47_999, 0, 0)), "rows.distinct-ids"))
        .isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(rows(new RowCounts(48_000, 48_000, 48_000, 48_000, 1, 0)), "rows.except-all")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(rows(new RowCounts(48_000, 48_000, 48_000, 48_000, 0, 1)), "rows.except-all")).isEqualTo(Verdict.Failed);
  }

  @Test
  void theExpectedMultisetAfterTheOperationDecidesNotTheSourceSize() {
    // An overwrite that keeps 1,000 prior rows beside the 48,000 it wrote.
    assertThat(rows(new RowCounts(49_000, 49_000, 49_000, 49_000, 0, 0)).verdict("storage"))
        .isEqualTo(Verdict.Passed);
    // The same table without the kept rows: lost rows fail the count and EXCEPT ALL (expected side).
    Checks lost = rows(new RowCounts(49_000, 49_000, 48_000, 48_000, 1_000, 0));
    assertThat(Verdicts.of(lost, "rows.count")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(lost, "rows.except-all")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aDuplicatedRowFailsEvenWhenADroppedRowKeepsTheCount() {
    // One row written twice and another lost: the count holds, distinct IDs and both EXCEPT ALL sides catch it.
    Checks checks = rows(new RowCounts(48_000, 48_000, 48_000, 47_999, 1, 1));
    assertThat(Verdicts.of(checks, "rows.count")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.of(checks, "rows.distinct-ids")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "rows.except-all")).isEqualTo(Verdict.Failed);
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Failed);
  }

  @Test
  void anEmptyExpectationCannotPassByAccident() {
    assertThat(Verdicts.of(rows(new RowCounts(0, 0, 0, 0, 0, 0)), "rows.count")).isEqualTo(Verdict.Failed);
  }

  @Test
  void anUnreadableTableIsUnknownNeverPassed() {
    Checks checks = new Checks();
    var result = RowsJudge.judge(checks, () -> {
      throw new IllegalStateException("table not found");
    });
    assertThat(result).isEmpty();
    assertThat(Verdicts.of(checks, "rows")).isEqualTo(Verdict.Unknown);
    assertThat(Verdicts.detail(checks, "rows")).contains("table not found");
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Unknown);
  }
}
