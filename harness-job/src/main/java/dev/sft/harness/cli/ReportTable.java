package dev.sft.harness.cli;

import dev.sft.contract.Pin;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.ScenarioStats;
import dev.sft.harness.report.JarReport;
import dev.sft.harness.report.OperationMatrix;
import dev.sft.harness.report.ReportOutcome;
import java.util.List;
import java.util.Locale;

/** The summary table printed at the end of a run. */
final class ReportTable {
  /** Characters of a repetition's message the table shows: a failing repetition can list dozens of files. */
  static final int MESSAGE_LIMIT = 480;

  private ReportTable() {}

  static String render(Report report) {
    return render(report, dev.sft.contract.DriverRun.NEVER_FAIL_ON_STALE);
  }

  /** The table, with the headline of a run of {@code --fail-on-stale failOnStale}. */
  static String render(Report report, int failOnStale) {
    StringBuilder out = new StringBuilder();
    String format = "%-32s %-21s %3s  %-9s %-9s %6s %7s %7s %9s%n";
    out.append(String.format(Locale.ROOT, format,
        "SCENARIO", "OPERATION", "REP", "SCHEDULER", "STORAGE", "ROWS", "ORPHANS", "MISSING", "DURATION"));
    for (ScenarioResult s : report.scenarios()) {
      out.append(String.format(Locale.ROOT, format, s.name() + mark(s.pin()), s.writeOperation().id(), s.repetition(),
          s.scheduler(),
          s.storage(),
          count(s.rows()), count(s.orphanFiles()), count(s.missingFiles()),
          String.format(Locale.ROOT, "%.1fs", s.durationMs() / 1000.0)));
    }
    if (report.stats().stream().anyMatch(st -> st.runs() > 1)) {
      out.append(String.format(Locale.ROOT, "%nREPETITIONS (failure rate: Failed and Known over the judged"
          + " repetitions, Unknown excluded; 95 %% Wilson interval)%n"));
      String statFormat = "%-32s %-21s %7s %6s %7s %5s  %-24s %s%n";
      out.append(String.format(Locale.ROOT, statFormat, "SCENARIO", "OPERATION", "PASSED", "FAILED", "UNKNOWN",
          "KNOWN", "FAILURE RATE [95 %]", "DURATION MIN / MEDIAN / MAX"));
      for (ScenarioStats st : report.stats()) {
        out.append(String.format(Locale.ROOT, statFormat, st.name() + mark(st.pin()), st.writeOperation().id(),
            st.passedOfRuns(),
            st.failed(), st.unknown(), st.known(), st.failureRate().describe(),
            String.format(Locale.ROOT, "%.1fs / %.1fs / %.1fs", st.durationMinMs() / 1000.0,
                st.durationMedianMs() / 1000.0, st.durationMaxMs() / 1000.0)));
      }
    }
    List<String> pins = report.scenarios().stream().map(ScenarioResult::pin).filter(p -> p != null).distinct()
        .toList();
    if (!pins.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%s pinned (%s): the race was held one way, so these repetitions are"
          + " counted apart from natural ones%n", PINNED_MARK, String.join(", ", pins)));
    }
    OperationMatrix matrix = OperationMatrix.of(report);
    if (matrix.isMatrix()) {
      out.append(String.format(Locale.ROOT, "%nMATRIX (verdict over the repetitions; passed/runs when more than one)%n"))
          .append(matrix.text());
    }
    for (ScenarioResult s : report.scenarios()) {
      if (s.known()) {
        out.append(String.format(Locale.ROOT, "%n%s r%d%s: Known (%s): %s%n  evidence: %s%n", s.cell(), s.repetition(),
            Pin.label(s.pin()),
            String.join(" ", s.knownFindings()), brief(s.message()), s.evidence()));
      } else if (!s.passed()) {
        out.append(String.format(Locale.ROOT, "%n%s r%d%s: %s%n  evidence: %s%n", s.cell(), s.repetition(),
            Pin.label(s.pin()), brief(s.message()), s.evidence()));
      }
    }
    List<String> matched = ReportOutcome.matchedLines(report);
    if (!matched.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nknown findings that matched (what each acknowledges):%n"));
      matched.forEach(line -> out.append("  ").append(line).append(System.lineSeparator()));
    }
    List<String> stale = ReportOutcome.staleLines(report);
    if (!stale.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nstale known findings (matched nothing in this run):%n"));
      stale.forEach(line -> out.append("  ").append(line).append(System.lineSeparator()));
    }
    if (!report.jars().isEmpty()) {
      out.append(String.format(Locale.ROOT, "%njars that ran:%n"));
      report.jars().forEach(jar -> out.append("  ").append(JarReport.line(jar)).append(System.lineSeparator()));
    }
    if (report.failure() != null) {
      out.append(String.format(Locale.ROOT, "%nrun failure: %s%n", report.failure()));
    }
    out.append(String.format(Locale.ROOT, "%nRESULT: %s%n", ReportOutcome.headline(report, failOnStale)));
    return out.toString();
  }

  /** A message short enough to read in a terminal; the whole one is in the report and the evidence folder. */
  static String brief(String message) {
    if (message == null || message.length() <= MESSAGE_LIMIT) {
      return message;
    }
    return message.substring(0, MESSAGE_LIMIT) + "… (whole message: report.json, report.html)";
  }

  /** Marks a pinned repetition's or cell's scenario in the table; a legend under the table names the pins. */
  static final String PINNED_MARK = "*";

  private static String mark(String pin) {
    return pin == null ? "" : PINNED_MARK;
  }

  private static String count(long value) {
    return value < 0 ? "-" : String.valueOf(value);
  }
}
