package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.contract.CellFailure;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cell run by two clusters is recorded as one: the shares summed as the one merge sums any parts of a run. */
class CellRecordsTest {
  private static final String LOSER = "storage/loser.no-files-left:loser-interrupted-abort";

  private static CellStatus share(String job, int repetitions, int passed, int failed, int latest, long medianMs) {
    ScenarioStats stats = new ScenarioStats("speculation-original-wins", "append", "unpartitioned", repetitions,
        passed, failed, 0, medianMs, medianMs, medianMs, 0,
        Map.of("Passed/Passed", passed, "Passed/Failed", failed),
        failed == 0 ? null : new CellFailure(latest, Verdict.Failed, LOSER, "TID left files", "/e/r" + latest),
        List.of(), null, failed == 0 ? Map.of() : Map.of(LOSER, failed), 0, null);
    return CellRecords.reported(stats, job, repetitions, "");
  }

  @Test
  void twoClustersSharesAddUpAndTheRateIsRecomputedFromTheSums() {
    CellStatus first = share("t-r1-spec", 3, 1, 2, 3, 4_000);
    first.findingsOmitted = 1;
    CellStatus second = share("t-r1-spec1", 2, 2, 0, 0, 6_000);

    CellStatus merged = CellRecords.merged(first, second);

    assertThat(merged.repetitions).isEqualTo(5);
    assertThat(merged.passed).isEqualTo(3);
    assertThat(merged.failed).isEqualTo(2);
    assertThat(merged.verdicts).containsEntry("Passed/Passed", 3).containsEntry("Passed/Failed", 2);
    assertThat(merged.findings).containsExactly(Map.entry(LOSER, 2));
    assertThat(merged.findingsOmitted).isEqualTo(1);
    assertThat(merged.failureRate.estimate).as("2 failing of 5 judged").isEqualTo("0.4000");
    assertThat(merged.latestFailure.repetition).isEqualTo(3);
    assertThat(merged.durationMedianMs).as("the shares' medians weighted by their repetitions").isEqualTo(4_800);
    assertThat(merged.job).isEqualTo("t-r1-spec");
    assertThat(CellRecords.accepted(merged, false)).isFalse();
  }

  @Test
  void aSummaryOfARecordReadsBackAsTheSameRecord() {
    CellStatus record = share("t-r1-spec", 4, 3, 1, 2, 5_000);
    CellStatus again = CellRecords.reported(CellRecords.summary(record), record.job, record.repetitions, "");
    assertThat(again).usingRecursiveComparison().isEqualTo(record);
  }
}
