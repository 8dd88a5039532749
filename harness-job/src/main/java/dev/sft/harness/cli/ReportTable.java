package dev.sft.harness.cli;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import java.util.Locale;

/** The summary table printed at the end of a run. */
final class ReportTable {
  private ReportTable() {}

  static String render(Report report) {
    StringBuilder out = new StringBuilder();
    String format = "%-32s %3s  %-9s %-9s %6s %7s %7s %9s%n";
    out.append(String.format(Locale.ROOT, format,
        "SCENARIO", "REP", "SCHEDULER", "STORAGE", "ROWS", "ORPHANS", "MISSING", "DURATION"));
    for (ScenarioResult s : report.scenarios()) {
      out.append(String.format(Locale.ROOT, format, s.name(), s.repetition(), s.scheduler(), s.storage(),
          count(s.rows()), count(s.orphanFiles()), count(s.missingFiles()),
          String.format(Locale.ROOT, "%.1fs", s.durationMs() / 1000.0)));
    }
    for (ScenarioResult s : report.scenarios()) {
      if (!s.passed()) {
        out.append(String.format(Locale.ROOT, "%n%s r%d: %s%n  evidence: %s%n", s.name(), s.repetition(),
            s.message(), s.evidence()));
      }
    }
    if (report.failure() != null) {
      out.append(String.format(Locale.ROOT, "%nrun failure: %s%n", report.failure()));
    }
    out.append(String.format(Locale.ROOT, "%nRESULT: %s%n", report.passed() ? "PASSED" : "NOT PASSED"));
    return out.toString();
  }

  private static String count(long value) {
    return value < 0 ? "-" : String.valueOf(value);
  }
}
