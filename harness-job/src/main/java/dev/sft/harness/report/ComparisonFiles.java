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
 * names, versions and SHA-256, and every cell compared) and {@code comparison.xml} for CI (a test case per cell: a
 * regression is a failure, an inconclusive cell skipped).
 */
public final class ComparisonFiles {
  public static final String JSON = "comparison.json";
  public static final String JUNIT = "comparison.xml";

  private ComparisonFiles() {}

  public static void write(BuildComparison comparison, Path json) {
    Markers.publishText(json, Json.pretty(comparison));
    Markers.publishText(json.toAbsolutePath().getParent().resolve(JUNIT), junit(comparison));
  }

  static String junit(BuildComparison comparison) {
    long regressed = comparison.count(Change.regressed);
    long inconclusive = comparison.count(Change.inconclusive);
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.append(String.format(Locale.ROOT, "<testsuites name=\"sft.compare\" tests=\"%d\" failures=\"%d\">%n",
        comparison.cells().size(), regressed));
    xml.append(String.format(Locale.ROOT,
        "  <testsuite name=\"sft.compare.%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">%n",
        JUnitReport.attr(comparison.candidate().runId()), comparison.cells().size(), regressed, inconclusive));
    xml.append("    <properties>\n");
    for (BuildComparison.Build build : java.util.List.of(comparison.baseline(), comparison.candidate())) {
      property(xml, build.label() + ".runId", build.runId());
      for (RanJar jar : build.jars()) {
        property(xml, build.label() + ".jar." + jar.role(), jar.module() + " " + jar.version() + " sha256 "
            + jar.sha256() + (jar.underTest() ? " (under test)" : ""));
      }
    }
    xml.append("    </properties>\n");
    for (CellComparison cell : comparison.cells()) {
      xml.append("    <testcase classname=\"sft.compare\" name=\"").append(JUnitReport.attr(cell.cell()))
          .append("\">\n");
      if (cell.change() == Change.regressed) {
        xml.append("      <failure type=\"regressed\" message=\"").append(JUnitReport.attr(cell.why()))
            .append("\"/>\n");
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
        + (side.failingRules().isEmpty() ? "" : " (fails " + String.join(" ", side.failingRules()) + ")");
  }

  private static void property(StringBuilder xml, String name, String value) {
    xml.append("      <property name=\"").append(JUnitReport.attr(name)).append("\" value=\"")
        .append(JUnitReport.attr(value)).append("\"/>\n");
  }
}
