package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fingerprints name a finding across runs by category, never by instance, and their trend from run to run. */
class FindingTrendTest {
  private static final String LOSER = "storage/loser.no-files-left:" + Cause.LOSER_INTERRUPTED_ABORT;
  private static final String ROWS = "storage/rows.exact";

  /** {@code failing} of {@code runs} repetitions of a scenario fail by {@code finding}. */
  private static List<ScenarioResult> reps(String scenario, int runs, int failing, String finding) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int i = 1; i <= runs; i++) {
      List<Check> checks = new ArrayList<>();
      if (i <= failing) {
        Finding f = Finding.parse(finding);
        checks.add(new Check(f.side(), f.rule(), Verdict.Failed, "TID " + (100 + i) + " left /t/data/0000" + i,
            f.cause() == null ? null : List.of(f.cause())));
      }
      results.add(ScenarioResult.judged(scenario, i, Verdict.Passed, i <= failing ? Verdict.Failed : Verdict.Passed,
          ScenarioResult.Counts.NOT_MEASURED, 1, "/e", null, checks));
    }
    return results;
  }

  private static List<ScenarioStats> cells(List<ScenarioResult> results) {
    return ScenarioStats.of(results);
  }

  @Test
  void aFingerprintNamesTheFamilyOperationWriterRuleAndCauseNeverTheInstance() {
    List<ScenarioResult> results = new ArrayList<>(reps("speculation-original-wins", 4, 3, LOSER));
    results.addAll(reps("speculation-speculative-wins", 4, 1, LOSER));
    Report report = Report.of("r", "iceberg", "m", results, "a", "b", null);
    assertThat(report.fingerprints()).extracting(Fingerprint.Seen::fingerprint, Fingerprint.Seen::repetitions,
        Fingerprint.Seen::of).containsExactly(org.assertj.core.groups.Tuple.tuple(
            "speculation/append/iceberg/" + LOSER, 4, 8));
    assertThat(report.scenarios().get(0).findings()).containsExactly(LOSER);
  }

  @Test
  void eachFingerprintIsNewOngoingOrResolvedAndRareBelowTheShare() {
    List<ScenarioResult> before = new ArrayList<>(reps("speculation-original-wins", 20, 10, LOSER));
    List<ScenarioResult> after = new ArrayList<>(reps("speculation-original-wins", 20, 1, LOSER));
    after.addAll(reps("executor-loss-task-replacement", 10, 2, ROWS));
    before.addAll(reps("executor-loss-task-replacement", 10, 0, ROWS));
    before.addAll(reps("executor-loss-shuffle-loss", 10, 10, "storage/files.orphans-known-rejected:"
        + Cause.DUPLICATE_RESULT));
    after.addAll(reps("executor-loss-shuffle-loss", 10, 0, ROWS));

    List<FindingTrend> trends = FindingTrend.of("iceberg", cells(before), cells(after), FindingTrend.DEFAULT_RARE);

    assertThat(trends).extracting(FindingTrend::describe).containsExactly(
        "resolved  executor-loss/append/iceberg/storage/files.orphans-known-rejected:duplicate-result"
            + " (0 of 20; before 10 of 20)",
        "new  executor-loss/append/iceberg/storage/rows.exact (2 of 20; before 0 of 20)",
        "ongoing, rare  speculation/append/iceberg/" + LOSER + " (1 of 20; before 10 of 20)");
  }

  @Test
  void aFingerprintWhoseCellsOneRunDidNotRunHasNoTrend() {
    List<FindingTrend> trends = FindingTrend.of("iceberg", cells(reps("speculation-original-wins", 4, 0, LOSER)),
        cells(reps("executor-loss-task-replacement", 4, 4, ROWS)), FindingTrend.DEFAULT_RARE);
    assertThat(trends).isEmpty();
  }

  @Test
  void aPinnedCellIsNoFingerprintNorScopeForItsRaceWasMadeToHappen() {
    List<ScenarioResult> results = new ArrayList<>(reps("speculation-original-wins", 4, 1, LOSER));
    reps("speculation-original-wins", 4, 4, LOSER).forEach(r -> results.add(r.withPin(Pin.LOSER_ABORT_INTERRUPTED.id())));
    Report report = Report.of("r", "iceberg", "m", results, "a", "b", null);
    assertThat(report.fingerprints()).extracting(Fingerprint.Seen::repetitions, Fingerprint.Seen::of)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 4));
    List<ScenarioResult> pinnedOnly = new ArrayList<>();
    reps("speculation-original-wins", 2, 2, LOSER).forEach(r -> pinnedOnly.add(r.withPin(Pin.LOSER_ABORT_INTERRUPTED.id())));
    assertThat(Fingerprint.scopes("iceberg", cells(pinnedOnly))).isEmpty();
  }
}
