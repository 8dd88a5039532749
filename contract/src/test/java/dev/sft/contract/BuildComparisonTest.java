package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.BuildComparison.CellComparison;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison's rules over made reports: each case a way a worse build used to pass as fixed, same or harmless. */
class BuildComparisonTest {
  private static final String CELL = "speculation-original-wins";
  private static final String LOSER = "storage/loser.no-files-left:" + Cause.LOSER_INTERRUPTED_ABORT;
  private static final String ROWS = "storage/rows.exact";
  private static final String MISSING = "storage/files.referenced-exist";
  private static final String STRAY = "storage/files.no-orphans:" + Cause.NO_ATTEMPT_WROTE_IT;
  private static final String SHUFFLE = "executor-loss-shuffle-loss";
  private static final String DUPLICATE = "storage/files.no-orphans:" + Cause.DUPLICATE_RESULT;
  private static final String OLD_FIRST = Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id();

  /** Made repetitions of one cell, added in turn. */
  private static final class Reps {
    private final String cell;
    private final String pin;
    private final List<ScenarioResult> results = new ArrayList<>();

    Reps(String cell, String pin) {
      this.cell = cell;
      this.pin = pin;
    }

    Reps(String cell) {
      this(cell, null);
    }

    Reps() {
      this(CELL);
    }

    /** {@code n} repetitions failing by every finding given ({@code side/rule[:cause]}); none: passing. */
    Reps add(int n, String... findings) {
      for (int i = 0; i < n; i++) {
        List<Check> checks = new ArrayList<>();
        for (String id : findings) {
          Finding f = Finding.parse(id);
          checks.add(new Check(f.side(), f.rule(), Verdict.Failed, "detail",
              f.cause() == null ? null : List.of(f.cause())));
        }
        checks.add(new Check(Check.SCHEDULER, "tasks.succeeded", Verdict.Passed, "ok"));
        boolean storageFails = checks.stream().anyMatch(c -> c.verdict() == Verdict.Failed
            && c.side().equals(Check.STORAGE));
        boolean schedulerFails = checks.stream().anyMatch(c -> c.verdict() == Verdict.Failed
            && c.side().equals(Check.SCHEDULER));
        results.add(ScenarioResult.judged(cell, results.size() + 1, schedulerFails ? Verdict.Failed : Verdict.Passed,
            storageFails ? Verdict.Failed : Verdict.Passed, ScenarioResult.Counts.NOT_MEASURED, 1_000, "/e", null,
            checks).withPin(pin));
      }
      return this;
    }

    /** {@code n} repetitions whose storage could not be judged by {@code rule}, for the build's or the environment's reason. */
    Reps unknown(int n, String side, String rule) {
      for (int i = 0; i < n; i++) {
        results.add(ScenarioResult.judged(cell, results.size() + 1, Verdict.Passed, Verdict.Unknown,
            ScenarioResult.Counts.NOT_MEASURED, 1_000, "/e", null,
            List.of(new Check(side, rule, Verdict.Unknown, "could not"))).withPin(pin));
      }
      return this;
    }

    Report report(String runId) {
      return Report.of(runId, "iceberg", "m", results, "a", "b", null);
    }
  }

  private static BuildComparison comparison(List<Reps> baseline, List<Reps> candidate) {
    List<ScenarioResult> before = baseline.stream().flatMap(r -> r.results.stream()).toList();
    List<ScenarioResult> after = candidate.stream().flatMap(r -> r.results.stream()).toList();
    return BuildComparison.of(new BuildComparison.Build("baseline", "b", List.of()),
        Report.of("b", "iceberg", "m", before, "a", "b", null), new BuildComparison.Build("candidate", "c", List.of()),
        Report.of("c", "iceberg", "m", after, "a", "b", null));
  }

  private static CellComparison compare(Reps baseline, Reps candidate) {
    BuildComparison comparison = comparison(List.of(baseline), List.of(candidate));
    assertThat(comparison.cells()).hasSize(1);
    return comparison.cells().get(0);
  }

  @Test
  void aBuildComparedWithItselfIsTheSame() {
    CellComparison cell = compare(new Reps().add(5), new Reps().add(5));
    assertThat(cell.change()).isEqualTo(Change.same);
    assertThat(cell.why()).isEqualTo("neither shows a finding");
    assertThat(cell.failsComparison()).isFalse();
  }

  @Test
  void newDataLossWhereTheBaselineFailedMoreOftenOnlyByTheRaceIsARegressionNotAFix() {
    // Before: "candidate fails less often" won, and the cell was fixed, exit 0.
    CellComparison cell = compare(new Reps().add(9, LOSER).add(1), new Reps().add(2, LOSER, ROWS).add(8));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.failsComparison()).isTrue();
    assertThat(cell.why()).startsWith("candidate shows storage/rows.exact (2 of 10), which the baseline never showed"
        + " in 10 (an invariant");
  }

  @Test
  void storageTheCandidateCouldNotJudgeCountsAgainstIt() {
    // Before: Unknown repetitions were left out, and the rest matched: same.
    CellComparison cell = compare(new Reps().add(6), new Reps().add(3).unknown(3, Check.STORAGE, "audit"));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.why()).contains("storage/audit:unjudged (3 of 6)");
    assertThat(cell.candidate().failed()).isEqualTo(3);
  }

  @Test
  void moreUnjudgedRepetitionsThanTheBaselineAreNeverTheSame() {
    CellComparison cell = compare(new Reps().add(9).unknown(1, Check.STORAGE, "audit"),
        new Reps().add(7).unknown(3, Check.STORAGE, "audit"));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.failsComparison()).isTrue();
    assertThat(cell.why()).contains("invariant findings, but the counts cannot tell").contains("--repeat");
  }

  @Test
  void anUnknownOfTheEnvironmentIsLeftOut() {
    CellComparison cell = compare(new Reps().add(4),
        new Reps().add(3).unknown(1, Check.SCHEDULER, "cluster.no-unplanned-loss"));
    assertThat(cell.change()).isEqualTo(Change.same);
    assertThat(cell.candidate().compared()).isEqualTo(3);
  }

  @Test
  void dataLossSeenOnceIsARegressionAtASingleRepetition() {
    // Before: inconclusive, exit 0; only writer.native-ran regressed on one failure.
    CellComparison cell = compare(new Reps().add(1), new Reps().add(1, MISSING));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.failsComparison()).isTrue();
  }

  @Test
  void aStrayOrphanIsNotTheLosersRace() {
    CellComparison cell = compare(new Reps().add(3, "storage/files.no-orphans:" + Cause.LOSER_INTERRUPTED_ABORT)
        .add(1), new Reps().add(3, "storage/files.no-orphans:" + Cause.LOSER_INTERRUPTED_ABORT).add(1, STRAY));
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.why()).startsWith("candidate shows " + STRAY);
  }

  @Test
  void aRaceAtDifferentRatesInFewRepetitionsIsInconclusiveAndDoesNotFail() {
    CellComparison cell = compare(new Reps().add(3, LOSER).add(1), new Reps().add(1, LOSER).add(3));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.failsComparison()).isFalse();
    assertThat(cell.why()).contains("less often, but the counts cannot tell").contains("repetitions of each build");
  }

  @Test
  void aRaceTheBaselineNeverShowedIsJudgedByCounts() {
    CellComparison once = compare(new Reps().add(4), new Reps().add(1, LOSER).add(3));
    assertThat(once.change()).isEqualTo(Change.inconclusive);
    assertThat(once.failsComparison()).isFalse();
    CellComparison often = compare(new Reps().add(20), new Reps().add(12, LOSER).add(8));
    assertThat(often.change()).isEqualTo(Change.regressed);
    assertThat(often.why()).contains(LOSER + " 12/20 against 0/20 (Holm p = ");
  }

  @Test
  void aFixNeedsTheCandidateToShowNothingNew() {
    CellComparison fixed = compare(new Reps().add(20, LOSER), new Reps().add(20));
    assertThat(fixed.change()).isEqualTo(Change.fixed);
    CellComparison racyElsewhere = compare(new Reps().add(20, LOSER),
        new Reps().add(1, "storage/files.orphans-known-rejected:" + Cause.DUPLICATE_RESULT).add(19));
    assertThat(racyElsewhere.change()).isEqualTo(Change.inconclusive);
    CellComparison goneInvariant = compare(new Reps().add(1, ROWS).add(3), new Reps().add(4));
    assertThat(goneInvariant.change()).isEqualTo(Change.fixed);
    assertThat(goneInvariant.why()).startsWith("candidate no longer shows storage/rows.exact (the baseline in 1 of 4)");
  }

  @Test
  void holmsCorrectionKeepsManyBorderlineCellsFromRegressingByChance() {
    // 6/10 against 1/10 is p = 0.029 alone: a regression in one cell, but not in each of six at once.
    assertThat(compare(new Reps().add(1, LOSER).add(9), new Reps().add(6, LOSER).add(4)).change())
        .isEqualTo(Change.regressed);
    List<Reps> baseline = new ArrayList<>();
    List<Reps> candidate = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      baseline.add(new Reps("cell-" + i).add(1, LOSER).add(9));
      candidate.add(new Reps("cell-" + i).add(6, LOSER).add(4));
    }
    BuildComparison comparison = comparison(baseline, candidate);
    assertThat(comparison.count(Change.regressed)).isZero();
    assertThat(comparison.count(Change.inconclusive)).isEqualTo(6);
    assertThat(comparison.failed()).isFalse();
    assertThat(comparison.tests()).isEqualTo(6);
    assertThat(comparison.correctionNote()).contains("the 6 p-value(s) of this comparison corrected together by"
        + " Holm's method");
  }

  @Test
  void holmsAdjustedPValuesAreMonotoneAndCapped() {
    List<BuildComparison.FindingTest> tests = List.of(new BuildComparison.FindingTest("a", true, 0.01),
        new BuildComparison.FindingTest("b", true, 0.04), new BuildComparison.FindingTest("c", true, 0.03),
        new BuildComparison.FindingTest("d", true, 0.5));
    BuildComparison.holm(tests);
    assertThat(tests).extracting(t -> t.adjusted).containsExactly(0.04, 0.09, 0.09, 0.5);
  }

  @Test
  void aCandidateWithoutAComparableRepetitionFails() {
    CellComparison cell = compare(new Reps().add(2),
        new Reps().unknown(2, Check.SCHEDULER, "preflight"));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.failsComparison()).isTrue();
    assertThat(cell.why()).contains("run it again to decide");
  }

  @Test
  void theRepetitionsThatWouldDecideGrowAsTheRatesApproach() {
    int far = BuildComparison.repetitionsToDecide(0.5, 0.0, 4);
    int near = BuildComparison.repetitionsToDecide(0.6, 0.4, 4);
    int nearer = BuildComparison.repetitionsToDecide(0.55, 0.45, 4);
    assertThat(far).isBetween(5, 10);
    assertThat(near).isGreaterThan(far);
    assertThat(nearer).isGreaterThan(near);
    // At that count the difference is significant.
    assertThat(BuildComparison.pValue((int) Math.round(0.6 * near), near, (int) Math.round(0.4 * near), near))
        .isLessThan(BuildComparison.SIGNIFICANCE);
    assertThat(BuildComparison.repetitionsToDecide(0.5, 0.5, 4)).isGreaterThan(BuildComparison.MOST_REPETITIONS);
  }

  @Test
  void aCellOnlyOneBuildRanIsInconclusiveAndFailsOnlyWhenTheCandidateShowsAnInvariant() {
    BuildComparison clean = comparison(List.of(new Reps("a").add(1)), List.of(new Reps("a").add(1),
        new Reps("new").add(1)));
    assertThat(clean.cells().get(1).change()).isEqualTo(Change.inconclusive);
    assertThat(clean.failed()).isFalse();
    BuildComparison broken = comparison(List.of(new Reps("a").add(1)), List.of(new Reps("a").add(1),
        new Reps("new").add(1, ROWS)));
    assertThat(broken.failed()).isTrue();
  }

  @Test
  void aPinnedRaceGoneAtOneRepetitionIsFixed() {
    CellComparison cell = compare(new Reps(SHUFFLE, OLD_FIRST).add(1, DUPLICATE),
        new Reps(SHUFFLE, OLD_FIRST).add(1));
    assertThat(cell.change()).isEqualTo(Change.fixed);
    assertThat(cell.failsComparison()).isFalse();
    assertThat(cell.cell()).isEqualTo(SHUFFLE + "/append (pinned " + OLD_FIRST + ")");
    assertThat(cell.why()).startsWith("candidate no longer shows " + DUPLICATE + " (the baseline in 1 of 1)");
  }

  @Test
  void aPinnedRaceTheBaselineNeverHadRegressesAtOneRepetition() {
    BuildComparison comparison = comparison(List.of(new Reps(SHUFFLE, OLD_FIRST).add(1)),
        List.of(new Reps(SHUFFLE, OLD_FIRST).add(1, DUPLICATE)));
    CellComparison cell = comparison.cells().get(0);
    assertThat(cell.change()).isEqualTo(Change.regressed);
    assertThat(cell.failsComparison()).isTrue();
    assertThat(cell.why()).contains("(an invariant under its pin: one occurrence is a defect)");
    assertThat(comparison.correctionNote()).contains("In a pinned cell the race its pin reproduces counts as an"
        + " invariant.");
  }

  @Test
  void theSameCountsInANaturalCellStayAnInconclusiveRace() {
    CellComparison gone = compare(new Reps(SHUFFLE).add(1, DUPLICATE), new Reps(SHUFFLE).add(1));
    assertThat(gone.change()).isEqualTo(Change.inconclusive);
    assertThat(gone.failsComparison()).isFalse();
    CellComparison appeared = compare(new Reps(SHUFFLE).add(1), new Reps(SHUFFLE).add(1, DUPLICATE));
    assertThat(appeared.change()).isEqualTo(Change.inconclusive);
    assertThat(appeared.failsComparison()).isFalse();
    assertThat(comparison(List.of(new Reps(SHUFFLE).add(1)), List.of(new Reps(SHUFFLE).add(1, DUPLICATE)))
        .correctionNote()).doesNotContain("pinned");
  }

  @Test
  void aPinOnlyMakesItsOwnRaceAnInvariant() {
    // The loser's race is no business of a shuffle-loss pin: it stays judged by counts.
    CellComparison cell = compare(new Reps(SHUFFLE, OLD_FIRST).add(1), new Reps(SHUFFLE, OLD_FIRST).add(1, LOSER));
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.failsComparison()).isFalse();
  }

  @Test
  void aPinnedCandidateWhosePinWasNeverReachedIsUndecidedAndFails() {
    BuildComparison comparison = comparison(List.of(new Reps(SHUFFLE, OLD_FIRST).add(1, DUPLICATE)),
        List.of(new Reps(SHUFFLE, OLD_FIRST).unknown(1, Check.SCHEDULER, Check.PIN_REACHED)));
    CellComparison cell = comparison.cells().get(0);
    assertThat(cell.change()).isEqualTo(Change.inconclusive);
    assertThat(cell.candidate().compared()).isZero();
    assertThat(cell.failsComparison()).isTrue();
    assertThat(cell.why()).contains("or its pin not reached");
    assertThat(comparison.headline()).isEqualTo("UNDECIDED");
  }

  @Test
  void aPinnedAndANaturalCellOfOneScenarioAreNeverComparedWithEachOther() {
    // The baseline ran the scenario pinned and natural; the candidate natural only, with no duplicate.
    BuildComparison comparison = comparison(
        List.of(new Reps(SHUFFLE).add(1), new Reps(SHUFFLE, OLD_FIRST).add(1, DUPLICATE)),
        List.of(new Reps(SHUFFLE).add(1)));
    assertThat(comparison.cells()).extracting(CellComparison::cell)
        .containsExactly(SHUFFLE + "/append", SHUFFLE + "/append (pinned " + OLD_FIRST + ")");
    assertThat(comparison.cells().get(0).change()).isEqualTo(Change.same);
    assertThat(comparison.cells().get(0).pin()).isNull();
    CellComparison pinned = comparison.cells().get(1);
    assertThat(pinned.pin()).isEqualTo(OLD_FIRST);
    assertThat(pinned.candidate()).isNull();
    assertThat(pinned.change()).isEqualTo(Change.inconclusive);
    assertThat(pinned.why()).startsWith("only the baseline ran this cell");
  }
}
