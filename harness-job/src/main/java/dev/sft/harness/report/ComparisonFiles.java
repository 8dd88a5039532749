package dev.sft.harness.report;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.BuildComparison.CellComparison;
import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.BuildComparison.Side;
import dev.sft.contract.RanJar;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a comparison of two builds beside their runs: {@code comparison.json} (both builds with the jars they ran,
 * names, versions and SHA-256, and every cell compared), {@code comparison.xml} for CI (a test case per cell: a
 * regression is a failure, an inconclusive cell skipped) and {@code comparison.html} for people (the same, with links
 * to each build's own report).
 */
public final class ComparisonFiles {
  public static final String JSON = "comparison.json";
  public static final String JUNIT = "comparison.xml";
  public static final String HTML = "comparison.html";
  private static final java.util.Map<Change, String> COLOURS = java.util.Map.of(Change.regressed, "#ffcdd2",
      Change.fixed, "#c8e6c9", Change.same, "#f4f4f4", Change.inconclusive, "#fff3c4");

  private ComparisonFiles() {}

  public static void write(BuildComparison comparison, Path json) {
    Markers.publishText(json, Json.pretty(comparison));
    Markers.publishText(json.toAbsolutePath().getParent().resolve(JUNIT), junit(comparison));
    Markers.publishText(json.toAbsolutePath().getParent().resolve(HTML), html(comparison));
  }

  /** A self-contained page: both builds and their jars, then a row per cell; each build's report one link away. */
  static String html(BuildComparison comparison) {
    StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>sft comparison</title><style>body{font:14px system-ui,sans-serif;margin:24px;color:#222}")
        .append("table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:3px 8px;")
        .append("text-align:left;vertical-align:top}th{background:#f4f4f4}code{font-size:12px}</style></head><body>\n")
        .append("<h1>").append(comparison.headline()).append("</h1>\n<p>")
        .append(String.format(Locale.ROOT, "%d regressed, %d fixed, %d same, %d inconclusive",
            comparison.count(Change.regressed), comparison.count(Change.fixed), comparison.count(Change.same),
            comparison.count(Change.inconclusive)))
        .append("</p>\n<p>").append(HtmlReport.esc(comparison.correctionNote()))
        .append("</p>\n<table><tr><th>build</th><th>run</th><th>jars</th></tr>\n");
    for (BuildComparison.Build build : java.util.List.of(comparison.baseline(), comparison.candidate())) {
      html.append("<tr><td>").append(HtmlReport.esc(build.label())).append("</td><td><a href=\"../")
          .append(HtmlReport.esc(build.runId())).append("/").append(ReportFiles.HTML).append("\">")
          .append(HtmlReport.esc(build.runId())).append("</a></td><td>");
      for (RanJar jar : build.jars()) {
        html.append("<code>").append(HtmlReport.esc(jar.module() + " " + jar.version() + " sha256 " + jar.sha256()))
            .append(jar.underTest() ? " (under test)" : "").append("</code><br>");
      }
      html.append("</td></tr>\n");
    }
    html.append("</table>\n<table><tr><th>cell</th><th>baseline</th><th>candidate</th><th>change</th>")
        .append("<th>why</th></tr>\n");
    for (CellComparison cell : comparison.cells()) {
      html.append("<tr><td>").append(HtmlReport.esc(cell.cell())).append("</td><td>")
          .append(HtmlReport.esc(side(cell.baseline()))).append("</td><td>")
          .append(HtmlReport.esc(side(cell.candidate()))).append("</td><td style=\"background:")
          .append(COLOURS.get(cell.change())).append("\">").append(cell.change()).append("</td><td>")
          .append(HtmlReport.esc(cell.why())).append("</td></tr>\n");
    }
    return html.append("</table>\n</body></html>\n").toString();
  }

  static String junit(BuildComparison comparison) {
    long failures = comparison.cells().stream().filter(CellComparison::failsComparison).count();
    long inconclusive = comparison.cells().stream()
        .filter(c -> c.change() == Change.inconclusive && !c.failsComparison()).count();
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.append(String.format(Locale.ROOT, "<testsuites name=\"sft.compare\" tests=\"%d\" failures=\"%d\">%n",
        comparison.cells().size(), failures));
    xml.append(String.format(Locale.ROOT,
        "  <testsuite name=\"sft.compare.%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">%n",
        JUnitReport.attr(comparison.candidate().runId()), comparison.cells().size(), failures, inconclusive));
    xml.append("    <properties>\n");
    for (BuildComparison.Build build : java.util.List.of(comparison.baseline(), comparison.candidate())) {
      property(xml, build.label() + ".runId", build.runId());
      for (RanJar jar : build.jars()) {
        property(xml, build.label() + ".jar." + jar.role(), jar.module() + " " + jar.version() + " sha256 "
            + jar.sha256() + (jar.underTest() ? " (under test)" : ""));
      }
    }
    property(xml, "correction", comparison.correctionNote());
    xml.append("    </properties>\n");
    for (CellComparison cell : comparison.cells()) {
      xml.append("    <testcase classname=\"sft.compare\" name=\"").append(JUnitReport.attr(cell.cell()))
          .append("\">\n");
      if (cell.failsComparison()) {
        xml.append("      <failure type=\"").append(cell.change()).append("\" message=\"")
            .append(JUnitReport.attr(cell.why())).append("\"/>\n");
      } else if (cell.change() == Change.inconclusive) {
        xml.append("      <skipped message=\"").append(JUnitReport.attr("inconclusive: " + cell.why()))
            .append("\"/>\n");
      }
      xml.append("      <system-out>").append(JUnitReport.text(String.format(Locale.ROOT,
          "%s: baseline %s, candidate %s; %s", cell.change(), side(cell.baseline()), side(cell.candidate()),
          cell.why()))).append("</system-out>\n    </testcase>\n");
    }
    xml.append("  </testsuite>\n</testsuites>\n");
    return xml.toString();
  }

  private static String side(Side side) {
    return side == null ? "not run" : side.passedOfRuns() + " passed"
        + (side.findings().isEmpty() ? "" : " (shows " + side.findingsText() + ")");
  }

  private static void property(StringBuilder xml, String name, String value) {
    xml.append("      <property name=\"").append(JUnitReport.attr(name)).append("\" value=\"")
        .append(JUnitReport.attr(value)).append("\"/>\n");
  }
}
