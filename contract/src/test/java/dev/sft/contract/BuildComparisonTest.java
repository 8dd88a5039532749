package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.BuildComparison.CellComparison;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BuildComparisonTest {
  private static final String CELL = "executor-loss-shuffle-loss";

  /** {@code failing} of {@code runs} repetitions fail by these rules; {@code unknown} more are Unknown. */
  private static List<ScenarioResult> repetitions(int runs, int failing, int unknown, String... rules) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int rep = 1; rep <= runs + unknown; rep++) {
      boolean unknownRep = rep > runs;
      boolean fails = !unknownRep && rep <= failing;
      List<Check> checks = new ArrayList<>();
      for (String rule : rules) {
        String[] sideRule = rule.split("/", 2);
        checks.add(new Check(sideRule[0], sideRule[1], fails ? Verdict.Failed : Verdict.Passed, "detail"));
      }
      Verdict storage = unknownRep ? Verdict.Unknown : fails ? Verdict.Failed : Verdict.Passed;
      results.add(ScenarioResult.judged(CELL, rep, Verdict.Passed, storage,
          new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000, "/e/" + rep, null, checks));
    }
    return results;
  }

  private static CellComparison compare(List<ScenarioResult> baseline, List<ScenarioResult> candidate) {
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build("baseline", "b", List.of()), Report.of("b", "iceberg", "m", baseline, "a", "b", null),
        new BuildComparison.Build("candidate", "c", List.of()), Report.of("c", "iceberg", "m", candidate, "a", "b",
            null));
    assertThat(comparison.cells()).hasSize(1);
    return comparison.cells().get(0);
  }

  @Test
  void aBuildComparedWithItselfIsTheSame() {
    CellComparison cell = compare(repetitions(5, 0, 0, "storage/files.no-orphans"),
        repetitions(5, 0, 0, "storage/files.no-orphans"));
    assertThat(cell.change()).isEqualTo(Change.same);
    assertThat(cell.why()).isEqualTo("neither fails");
  }

  @Test
  void aRuleTheBaselineNeverFailedIsARegressionEvenOnce() {
    CellComparison cell = compare(repetitions(10, 0, 0, "scheduler/writer.native-ran"),
        repetitions(10, 1, 0, "scheduler/writer.native-ran"));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.why()).isEqualTo("candidate fails scheduler/writer.native-ran, which the baseline never failed");
    assertThat(cell.candidate().passedOfRuns()).isEqualTo("9/10");
    assertThat(cell.candidate().failingRules()).containsExactly("scheduler/writer.native-ran");
  }

  @Test
  void aRacyRuleTheBaselineHappenedNotToFailOnceIsInconclusive() {
    // The released jar against itself, once each: the loser's interrupted abort left files in one build's repetition.
    CellComparison cell = compare(repetitions(1, 0, 0, "storage/loser.no-files-left"),
        repetitions(1, 1, 0, "storage/loser.no-files-left"));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.why()).isEqualTo("candidate alone fails storage/loser.no-files-left, 1/1 against 0/1 failed"
        + " (Fisher p = 0.500): the counts cannot tell; more repetitions (--repeat) can");
  }

  @Test
  void aRacyRuleTheBaselineNeverFailedRegressesWhenTheCountsTell() {
    CellComparison cell = compare(repetitions(8, 0, 0, "storage/loser.no-files-left"),
        repetitions(8, 6, 0, "storage/loser.no-files-left"));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    // One-sided hypergeometric tail of [[6, 2], [0, 8]]: C(8,6)C(8,0)/C(16,6) = 28/8008.
    assertThat(cell.pValue()).isCloseTo(28.0 / 8008, within(1e-9));
    assertThat(cell.why()).isEqualTo("candidate fails more often, by storage/loser.no-files-left which the baseline"
        + " never failed: 6/8 against 0/8 failed (Fisher p = 0.003)");
  }

  @Test
  void neitherFailingIsTheSameEvenWhenAnUnknownLeftOneSideFewerJudgedRepetitions() {
    List<ScenarioResult> oneLost = new ArrayList<>(repetitions(1, 0, 0, "storage/files.no-orphans"));
    oneLost.addAll(repetitions(0, 0, 1).stream().map(r -> r.withMessage("unplanned loss", List.of(new Check(
        Check.SCHEDULER, "cluster.no-unplanned-loss", Verdict.Unknown, "a worker pod was deleted")))).toList());
    CellComparison cell = compare(repetitions(2, 0, 0, "storage/files.no-orphans"), oneLost);
    assertThat(cell.change()).isEqualTo(Change.same);
    assertThat(cell.why()).isEqualTo("neither fails");
  }

  @Test
  void aRuleTheCandidateCannotJudgeButTheBaselinePassedIsARegression() {
    // Comet on Iceberg 1.12 falls back to the JVM writer: writer.native-ran is Unknown, every repetition Unknown.
    List<ScenarioResult> fellBack = repetitions(0, 0, 3, "scheduler/writer.native-ran").stream()
        .map(r -> r.withMessage("the native writer did not run", List.of(
            new Check(Check.SCHEDULER, "writer.native-ran", Verdict.Unknown, "jvm IcebergWrite"),
            new Check(Check.SCHEDULER, "preflight", Verdict.Unknown, "not the build's doing"))))
        .toList();
    CellComparison cell = compare(repetitions(3, 0, 0, "scheduler/writer.native-ran"), fellBack);
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.why()).isEqualTo("candidate cannot judge scheduler/writer.native-ran (Unknown), which the"
        + " baseline judged and passed");
  }

  @Test
  void anUnknownByTheEnvironmentAloneIsNoRegression() {
    List<ScenarioResult> lost = repetitions(0, 0, 2).stream().map(r -> r.withMessage("unplanned loss", List.of(
        new Check(Check.SCHEDULER, "cluster.no-unplanned-loss", Verdict.Unknown, "a worker pod was deleted"))))
        .toList();
    CellComparison cell = compare(repetitions(2, 0, 0), lost);
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.why()).isEqualTo("no judged repetition of the candidate (every one Unknown)");
  }

  @Test
  void theSameRuleFailingSignificantlyMoreOftenIsARegressionByFishersTest() {
    CellComparison cell = compare(repetitions(10, 2, 0, "storage/files.no-orphans"),
        repetitions(10, 9, 0, "storage/files.no-orphans"));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    // One-sided hypergeometric tail of [[9, 1], [2, 8]], computed by hand: 0.00274.
    assertThat(cell.pValue()).isCloseTo(0.00274, within(1e-5));
    assertThat(cell.why()).isEqualTo("candidate fails more often: 9/10 against 2/10 failed (Fisher p = 0.003)");
  }

  @Test
  void theSameRuleFailingSignificantlyLessOftenIsFixed() {
    CellComparison cell = compare(repetitions(10, 9, 0, "storage/files.no-orphans"),
        repetitions(10, 2, 0, "storage/files.no-orphans"));
    assertThat(cell.change()).isEqualTo(Change.fixed);
    assertThat(cell.pValue()).isCloseTo(0.00274, within(1e-5));
  }

  @Test
  void aBuildPropertyTheCandidateNoLongerFailsIsFixed() {
    CellComparison cell = compare(repetitions(2, 2, 0, "scheduler/writer.native-ran"),
        repetitions(2, 0, 0, "scheduler/writer.native-ran"));
    assertThat(cell.change()).isEqualTo(Change.fixed);
    assertThat(cell.why()).isEqualTo("candidate no longer fails scheduler/writer.native-ran");
  }

  @Test
  void aRacyRuleTheCandidateNoLongerFailsIsFixedWhenTheCountsTell() {
    CellComparison cell = compare(repetitions(5, 5, 0, "storage/loser.no-files-left"),
        repetitions(5, 0, 0, "storage/loser.no-files-left"));
    assertThat(cell.change()).isEqualTo(Change.fixed);
    assertThat(cell.why()).isEqualTo("candidate fails less often, no longer by storage/loser.no-files-left: 0/5"
        + " against 5/5 failed (Fisher p = 0.004)");
  }

  @Test
  void countsTooCloseToTellAreInconclusive() {
    CellComparison cell = compare(repetitions(10, 2, 0, "storage/files.no-orphans"),
        repetitions(10, 3, 0, "storage/files.no-orphans"));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.why()).contains("the counts cannot tell");
    assertThat(cell.pValue()).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void bothFailingEveryRepetitionByTheSameRulesIsTheSame() {
    CellComparison cell = compare(repetitions(3, 3, 0, "storage/delete-files.accepted-not-superseded"),
        repetitions(3, 3, 0, "storage/delete-files.accepted-not-superseded"));
    assertThat(cell.change()).isEqualTo(Change.same);
    assertThat(cell.why()).isEqualTo("both fail as often, by the same rules");
  }

  @Test
  void unknownRepetitionsAreLeftOutAndASideWithoutVerdictsIsInconclusive() {
    CellComparison cell = compare(repetitions(0, 0, 3), repetitions(3, 0, 0));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.why()).isEqualTo("no judged repetition of the baseline (every one Unknown)");
    assertThat(cell.baseline().runs()).isEqualTo(3);
  }

  @Test
  void aCellOnlyOneBuildRanIsInconclusiveAndTheRunRegressesOnlyByARegressedCell() {
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build("baseline", "b", List.of()),
        Report.of("b", "iceberg", "m", repetitions(2, 0, 0), "a", "b", null),
        new BuildComparison.Build("candidate", "c", List.of()),
        Report.of("c", "iceberg", "m", List.of(), "a", "b", null));
    assertThat(comparison.cells()).singleElement().satisfies(c -> {
      assertThat(c.change()).isEqualTo(Change.inconclusive);
      assertThat(c.why()).isEqualTo("only the baseline ran this cell");
    });
    assertThat(comparison.regressed()).isFalse();
  }
}
