package dev.sft.harness.report;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunMerge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The run's report, {@code <run-dir>/report.json} (with junit.xml and report.html), merged from the reports of the
 * run's driver runs: speculation on, then off. Every driver run ends by writing its own report and then this one
 * from its own and the other driver run's report on the volume, so after the last driver run it covers the whole
 * run, on Kubernetes (one Job per driver run) as with {@code sft local}.
 */
public final class RunReportMerge {
  private RunReportMerge() {}

  /**
   * Merges this driver run's report with the other driver run's report found in its folder, and writes the result.
   *
   * @return the run report's path
   */
  public static Path write(Path runDir, String runId, String ownGroup, Report own) {
    List<Report> parts = new ArrayList<>(otherDriverRuns(runDir, ownGroup, own));
    // Speculation first, whichever driver run went first.
    parts.add(ownGroup.equals(DriverRun.group(true)) ? 0 : parts.size(), own);
    Report merged = RunMerge.reports(runId, parts, earliest(parts), latest(parts));
    Path file = runDir.resolve(DriverRun.REPORT_FILE);
    ReportFiles.write(merged, file);
    return file;
  }

  /**
   * The reports the run's other driver runs have left in its folder so far (one at most), to merge with this one's.
   */
  public static List<Report> otherDriverRuns(Path runDir, String ownGroup, Report own) {
    List<Report> others = new ArrayList<>();
    for (boolean speculation : new boolean[] {true, false}) {
      String group = DriverRun.group(speculation);
      Path other = runDir.resolve(DriverRun.driverFolder(group)).resolve(DriverRun.REPORT_FILE);
      if (!group.equals(ownGroup) && Files.isRegularFile(other)) {
        others.add(read(other, own));
      }
    }
    return others;
  }

  /** An unreadable report of the other driver run is said in the merged report, never silently left out. */
  private static Report read(Path file, Report own) {
    try {
      return ReportJson.read(file);
    } catch (IOException e) {
      return Report.of(own.runId(), own.writer(), own.master(), List.of(), null, null,
          "cannot read " + file + ": " + e.getMessage());
    }
  }

  private static String earliest(List<Report> parts) {
    return parts.stream().map(Report::startedAt).filter(Objects::nonNull).min(String::compareTo).orElse(null);
  }

  private static String latest(List<Report> parts) {
    return parts.stream().map(Report::finishedAt).filter(Objects::nonNull).max(String::compareTo).orElse(null);
  }
}
