package dev.sft.harness.cli;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.BuildComparison.Build;
import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.BuildComparison.Side;
import dev.sft.contract.FindingTrend;
import dev.sft.contract.RanJar;
import java.util.List;
import java.util.Locale;

/**
 * A comparison of two builds as a table: a row per cell with each build's passed/N and the change, and under a cell
 * that changed, the findings each build showed (with how many repetitions) and why.
 */
final class ComparisonTable {
  private ComparisonTable() {}

  static String render(BuildComparison comparison) {
    return render(comparison, List.of());
  }

  /** The table, then each fingerprint's trend from the baseline to the candidate, then the result. */
  static String render(BuildComparison comparison, List<FindingTrend> trends) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "baseline:  %s%ncandidate: %s%n%n", describe(comparison.baseline()),
        describe(comparison.candidate())));
    // Wide enough for the longest cell id, a pinned one's "(pinned NAME)" included.
    int width = Math.max(52, comparison.cells().stream().mapToInt(c -> c.cell().length()).max().orElse(0));
    String format = "%-" + width + "s %9s %10s  %s%n";
    out.append(String.format(Locale.ROOT, format, "CELL", "BASELINE", "CANDIDATE", "CHANGE"));
    for (BuildComparison.CellComparison cell : comparison.cells()) {
      out.append(String.format(Locale.ROOT, format, cell.cell(), passed(cell.baseline()), passed(cell.candidate()),
          cell.change()));
      if (cell.change() != Change.same) {
        findings(out, "baseline shows: ", cell.baseline());
        findings(out, "candidate shows:", cell.candidate());
        out.append("  why: ").append(cell.why()).append(System.lineSeparator());
      }
    }
    out.append(String.format(Locale.ROOT, "%nCOMPARISON: %d regressed, %d fixed, %d same, %d inconclusive%n",
        comparison.count(Change.regressed), comparison.count(Change.fixed), comparison.count(Change.same),
        comparison.count(Change.inconclusive)));
    out.append(comparison.correctionNote()).append(System.lineSeparator());
    if (!trends.isEmpty()) {
      out.append(System.lineSeparator()).append("FINDINGS (baseline to candidate):").append(System.lineSeparator());
      trends.forEach(t -> out.append("  ").append(t.describe()).append(System.lineSeparator()));
      out.append(System.lineSeparator());
    }
    out.append(String.format(Locale.ROOT, "RESULT: %s%n", comparison.headline()));
    return out.toString();
  }

  /** The build's label, run, and the jars under test (or the released versions) it ran. */
  static String describe(Build build) {
    List<RanJar> underTest = build.jars().stream().filter(RanJar::underTest).toList();
    List<RanJar> shown = underTest.isEmpty() ? build.jars().stream()
        .filter(j -> !j.role().equals("spark-core")).toList() : underTest;
    StringBuilder text = new StringBuilder(build.label() + " (run " + build.runId() + ")");
    if (shown.isEmpty()) {
      return text.toString();
    }
    text.append(underTest.isEmpty() ? ", released jars: " : ", jars under test: ");
    for (int i = 0; i < shown.size(); i++) {
      RanJar jar = shown.get(i);
      text.append(i == 0 ? "" : ", ").append(jar.module()).append(' ').append(jar.version()).append(" sha256 ")
          .append(jar.sha256() == null ? "?" : jar.sha256().substring(0, Math.min(12, jar.sha256().length())));
    }
    return text.toString();
  }

  private static String passed(Side side) {
    return side == null ? "-" : side.passedOfRuns();
  }

  private static void findings(StringBuilder out, String label, Side side) {
    if (side != null && !side.findings().isEmpty()) {
      out.append("  ").append(label).append(' ').append(side.findingsText()).append(System.lineSeparator());
    }
  }
}
