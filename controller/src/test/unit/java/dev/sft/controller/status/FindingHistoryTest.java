package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.FindingsStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The status's findings by fingerprint from run to run: new, ongoing, resolved, rare, and bounded. */
class FindingHistoryTest {
  private static final String LOSER = "storage/loser.no-files-left:loser-interrupted-abort";
  private static final String ROWS = "storage/rows.exact";

  private static CellStatus cell(String scenario, int repetitions, Map<String, Integer> findings) {
    CellStatus cell = new CellStatus();
    cell.name = scenario;
    cell.operation = "append";
    cell.repetitions = repetitions;
    int failed = findings.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    cell.passed = repetitions - failed;
    cell.failed = failed;
    cell.findings = findings.isEmpty() ? null : findings;
    return cell;
  }

  private static SchedulerFailureTestStatus run(String runId, CellStatus... cells) {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.runId = runId;
    status.cells = List.of(cells);
    return status;
  }

  @Test
  void theFirstRunHasFingerprintsButNoTrend() {
    FindingsStatus first = FindingHistory.next(null, run("r1",
        cell("speculation-original-wins", 10, Map.of(LOSER, 6))), "iceberg");
    assertThat(first.fingerprints).containsExactly("speculation/append/iceberg/" + LOSER + " 6/10");
    assertThat(first.newFindings).isNull();
    assertThat(FindingHistory.describe(first)).isEqualTo("no earlier run to compare with; 0 rare");
  }

  @Test
  void aPinnedCellsFindingsAreNoFingerprintOfTheBuild() {
    CellStatus pinned = cell("speculation-original-wins", 20, Map.of(LOSER, 20));
    pinned.pin = "loser-abort-interrupted";
    FindingsStatus first = FindingHistory.next(null, run("r1", pinned,
        cell("executor-loss-shuffle-loss", 10, Map.of(ROWS, 1))), "iceberg");
    assertThat(first.fingerprints).containsExactly("executor-loss/append/iceberg/" + ROWS + " 1/10");
  }

  @Test
  void theNextRunSaysWhatIsNewOngoingResolvedAndRare() {
    FindingsStatus first = FindingHistory.next(null, run("r1",
        cell("speculation-original-wins", 10, Map.of(LOSER, 6)),
        cell("executor-loss-shuffle-loss", 10, Map.of("storage/files.orphans-known-rejected:duplicate-result", 4))),
        "iceberg");
    FindingsStatus second = FindingHistory.next(first, run("r2",
        cell("speculation-original-wins", 20, Map.of(LOSER, 1)),
        cell("executor-loss-shuffle-loss", 10, Map.of(ROWS, 2))), "iceberg");
    assertThat(second.newFingerprints).containsExactly("executor-loss/append/iceberg/" + ROWS);
    assertThat(FindingHistory.describe(second)).isEqualTo("1 new, 1 ongoing, 1 resolved, 1 rare");
  }

  @Test
  void manyFingerprintsAreCountedNotListedAndThenNothingIsCalledNew() {
    java.util.Map<String, Integer> many = new java.util.TreeMap<>();
    for (int i = 0; i < FindingHistory.MAX_FINGERPRINTS + 7; i++) {
      many.put("storage/rule-" + i, 1);
    }
    FindingsStatus first = FindingHistory.next(null, run("r1", cell("executor-loss-shuffle-loss", 1, many)),
        "iceberg");
    assertThat(first.fingerprints).hasSize(FindingHistory.MAX_FINGERPRINTS);
    assertThat(first.omitted).isEqualTo(7);
    FindingsStatus second = FindingHistory.next(first, run("r2",
        cell("executor-loss-shuffle-loss", 1, Map.of(ROWS, 1))), "iceberg");
    assertThat(second.newFindings).isNull();
    assertThat(FindingHistory.describe(second)).startsWith("new unknown (the run before listed only 30");
  }
}
