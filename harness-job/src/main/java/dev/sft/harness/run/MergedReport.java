package dev.sft.harness.run;

import dev.sft.contract.Report;
import dev.sft.contract.RunMerge;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.report.ReportFiles;
import dev.sft.harness.table.Fixture;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** The reports of one run's driver runs merged into the run's own report ({@code report.json} and its siblings). */
final class MergedReport {
  private MergedReport() {}

  /** Merges {@code parts}, writes the run's report files in {@code runDir}, and returns the merged report. */
  static Report write(Path runDir, String runId, List<Report> parts, String startedAt, boolean keep) {
    Report merged = RunMerge.reports(runId, parts, startedAt, Instant.now().toString());
    if (merged.passed() && !keep) {
      // The drivers share the source files; once every scenario passed they are no longer needed.
      Folders.deleteRecursively(Fixture.sourceDir(runDir));
    }
    ReportFiles.write(merged, runDir.resolve(EvidenceLayout.REPORT));
    return merged;
  }
}
