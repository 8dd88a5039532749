package dev.sft.harness.report;

import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Writes a report in its three forms side by side: report.json, junit.xml and report.html. */
public final class ReportFiles {
  public static final String JUNIT = "junit.xml";
  public static final String HTML = "report.html";

  private ReportFiles() {}

  public static void write(Report report, Path reportJson) {
    try {
      ReportJson.write(report, reportJson);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + reportJson, e);
    }
    Path dir = reportJson.toAbsolutePath().getParent();
    Markers.publishText(dir.resolve(JUNIT), JUnitReport.render(report));
    Markers.publishText(dir.resolve(HTML), HtmlReport.render(report));
  }
}
