package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Markers;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Dynamic partition overwrite of a partitioned table with prior rows, under a speculation race and a kill before
 * handoff, on the real embedded Standalone cluster: the replaced prior files stay referenced by the prior snapshot,
 * the untouched range keeps its rows, and the rows are exactly the expected multiset.
 *
 * <p>Part of the full matrix ({@code ./mvnw verify -Pmatrix}): by default the other operations' ITs run the
 * operation dimension ({@link CometFallbackIT}'s row-level command, {@link SoakIT}'s merge), and the unit tests the
 * overwrite's own judging.
 */
@Tag("matrix")
class OverwriteOperationIT {
  private static LocalRun run;

  @BeforeAll
  static void runTheMatrixCells() throws Exception {
    run = LocalRun.run("overwrite", "--scenarios", "speculation-original-wins,executor-loss-task-replacement",
        "--operations", "overwrite-partitioned", "--timeout", "120");
  }

  @Test
  void bothCellsPassAndNameTheirOperation() {
    assertThat(run.report().scenarios()).extracting(ScenarioResult::cell).containsExactly(
        "speculation-original-wins/overwrite-partitioned", "executor-loss-task-replacement/overwrite-partitioned");
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Passed);
      if (s.name().startsWith("speculation")) {
        LoserFilesFinding.assertStoragePassedOrOnlyThisFinding(s);
      } else {
        assertThat(s.storage()).as(s.cell() + ": " + s.message()).isEqualTo(Verdict.Passed);
      }
      // 48,000 written plus the 1,000 prior rows of the range the write does not touch.
      assertThat(s.rows()).isEqualTo(49_000);
      assertThat(s.newSnapshots()).isEqualTo(1);
    }
    assertThat(run.exitCode()).isEqualTo(run.expectedExitCode());
  }

  @Test
  void theReplacedFilesAreReferencedByThePriorSnapshotAndTheUntouchedOnesAreKept() {
    for (ScenarioResult s : run.report().scenarios()) {
      AuditResult audit = Markers.read(Path.of(s.evidence()).resolve(EvidenceLayout.STORAGE_AUDIT),
          AuditResult.class);
      assertThat(audit.prior()).as("prior files").isNotEmpty();
      assertThat(audit.referenced()).containsAll(audit.prior());
      assertThat(audit.orphan()).doesNotContainAnyElementsOf(audit.prior());
      // Four ranges of two buckets are replaced; the fifth range's two partitions are not.
      assertThat(audit.removed()).isNotEmpty().allMatch(f -> !f.contains("id_trunc=4000000/"));
      assertThat(audit.prior()).anyMatch(f -> f.contains("id_trunc=4000000/"));
      assertThat(audit.added()).isEqualTo(audit.winner());
    }
  }
}
