package dev.sft.harness.run;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.harness.report.ComparisonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The comparison of two builds that ran one after the other on the same cluster (the controller's
 * {@code spec.compare}: the baseline's harness Jobs first, then the candidate's): each of the candidate's driver runs,
 * once it has merged its run's report, compares it with the baseline's report on the shared root and writes the
 * comparison beside both, so the last one leaves the whole comparison. The controller compares the same cells by the
 * same rules for the status; this is the record on the volume.
 */
public final class ComparisonOnSharedRoot {
  private ComparisonOnSharedRoot() {}

  /**
   * Checks that a driver run given {@code --comparison comparisonRunId} is that comparison's candidate, before it
   * runs anything.
   */
  public static void check(String comparisonRunId, String runId) {
    String expected = BuildComparison.buildRunId(comparisonRunId, BuildComparison.CANDIDATE);
    if (!expected.equals(runId)) {
      throw new IllegalArgumentException(BuildComparison.COMPARISON_OPTION + " " + comparisonRunId + " is for the"
          + " candidate's driver runs, whose run id is " + expected + "; this one's is " + runId);
    }
  }

  /**
   * Compares the candidate's run report with the baseline's, as far as both have come, and writes
   * {@code <sharedRoot>/<comparisonRunId>/comparison.json} (and its JUnit and HTML forms).
   *
   * @return the comparison file
   * @throws IOException when a report cannot be read: a missing baseline is said, never compared as empty
   */
  public static Path write(Path sharedRoot, String comparisonRunId) throws IOException {
    Report baseline = read(sharedRoot, BuildComparison.BASELINE, comparisonRunId);
    Report candidate = read(sharedRoot, BuildComparison.CANDIDATE, comparisonRunId);
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build(BuildComparison.BASELINE, baseline.runId(), baseline.jars()), baseline,
        new BuildComparison.Build(BuildComparison.CANDIDATE, candidate.runId(), candidate.jars()), candidate);
    Path file = sharedRoot.resolve(comparisonRunId).resolve(ComparisonFiles.JSON);
    Files.createDirectories(file.getParent());
    ComparisonFiles.write(comparison, file);
    return file;
  }

  private static Report read(Path sharedRoot, String label, String comparisonRunId) throws IOException {
    Path file = sharedRoot.resolve(BuildComparison.buildRunId(comparisonRunId, label)).resolve(DriverRun.REPORT_FILE);
    if (!Files.isRegularFile(file)) {
      throw new IOException("the " + label + "'s report " + file + " does not exist" + (label.equals(
          BuildComparison.BASELINE) ? " (its harness Jobs run first and write it)" : ""));
    }
    return ReportJson.read(file);
  }
}
