package dev.sft.harness.report;

import dev.sft.contract.Check;
import dev.sft.contract.Pin;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.List;
import java.util.Locale;

/**
 * The report as JUnit XML for CI systems: one test case per scenario × operation × repetition (the default
 * operation's cases keep their names, {@code <scenario> r<N>}; others are {@code <scenario> <operation> r<N>}). A Failed verdict is a
 * {@code <failure>}, an Unknown one an {@code <error>} (never a pass), a Known one {@code <skipped>} with its references
 * (counted apart, as CI systems show skipped cases); messages name the broken rules.
 */
public final class JUnitReport {
  private JUnitReport() {}

  public static String render(Report report) {
    List<ScenarioResult> scenarios = report.scenarios();
    long failures = scenarios.stream().filter(JUnitReport::failed).count();
    long errors = scenarios.stream().filter(s -> s.outcome() == Verdict.Unknown).count();
    long skipped = scenarios.stream().filter(ScenarioResult::known).count();
    double seconds = scenarios.stream().mapToLong(ScenarioResult::durationMs).sum() / 1000.0;
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.append(String.format(Locale.ROOT,
        "<testsuites name=\"sft\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">%n",
        scenarios.size(), failures, errors, seconds));
    xml.append(String.format(Locale.ROOT,
        "  <testsuite name=\"sft.%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\""
            + " timestamp=\"%s\">%n",
        attr(report.runId()), scenarios.size(), failures, errors, skipped, seconds,
        attr(String.valueOf(report.startedAt()))));
    xml.append("    <properties>\n");
    property(xml, "runId", report.runId());
    property(xml, "writer", report.writer());
    property(xml, "master", report.master());
    if (report.failure() != null) {
      property(xml, "failure", report.failure());
    }
    report.staleKnownFindings().forEach(use -> property(xml, "staleKnownFinding", use.describe()));
    // Per cell, what a CI system cannot add up from the cases: its pass count and failure rate with its interval.
    report.stats().forEach(cell -> property(xml, "cell " + cell.cell() + Pin.label(cell.pin()), cellSummary(cell)));
    xml.append("    </properties>\n");
    for (ScenarioResult s : scenarios) {
      xml.append(String.format(Locale.ROOT, "    <testcase classname=\"sft.%s\" name=\"%s r%d%s%s\" time=\"%.3f\">%n",
          attr(s.name()), attr(caseName(s)), s.repetition(), attr(Pin.label(s.pin())), attr(s.clusterLabel()),
          s.durationMs() / 1000.0));
      if (s.known()) {
        xml.append(String.format(Locale.ROOT, "      <skipped message=\"%s\">%s</skipped>%n",
            attr("known finding: " + String.join(" ", s.knownFindings())), text(details(s))));
      } else if (!s.passed()) {
        String element = failed(s) ? "failure" : "error";
        xml.append(String.format(Locale.ROOT, "      <%s type=\"scheduler %s, storage %s\" message=\"%s\">%s</%s>%n",
            element, s.scheduler(), s.storage(), attr(firstProblem(s)), text(details(s)), element));
      }
      xml.append("      <system-out>").append(text("evidence: " + s.evidence() + "\n" + s.message()))
          .append("</system-out>\n");
      xml.append("    </testcase>\n");
    }
    xml.append("  </testsuite>\n</testsuites>\n");
    return xml.toString();
  }

  /** E.g. {@code 19/20 passed, 1 failed, 0 unknown, 0 known; failure rate 5.0 % [0.9 %, 23.6 %]}. */
  static String cellSummary(ScenarioStats cell) {
    return String.format(Locale.ROOT, "%s passed, %d failed, %d unknown, %d known; failure rate %s",
        cell.passedOfRuns(), cell.failed(), cell.unknown(), cell.known(), cell.failureRate().describe());
  }

  /** The scenario, and the operation unless it is the default: {@code speculation-original-wins overwrite}. */
  static String caseName(ScenarioResult s) {
    WriteOperation operation = s.writeOperation();
    return operation.equals(WriteOperation.DEFAULT) ? s.name() : s.name() + " " + operation.id();
  }

  private static boolean failed(ScenarioResult s) {
    return s.outcome() == Verdict.Failed;
  }

  private static String firstProblem(ScenarioResult s) {
    if (s.checks() != null) {
      for (Check check : s.checks()) {
        if (check.verdict() != Verdict.Passed) {
          return check.side() + "/" + check.rule() + " " + check.verdict() + ": " + check.detail();
        }
      }
    }
    return s.message();
  }

  private static String details(ScenarioResult s) {
    StringBuilder out = new StringBuilder(s.message() == null ? "" : s.message() + "\n");
    if (s.checks() != null) {
      for (Check check : s.checks()) {
        out.append(check.verdict()).append(' ').append(check.side()).append('/').append(check.rule()).append(": ")
            .append(check.detail()).append('\n');
      }
    }
    return out.toString();
  }

  private static void property(StringBuilder xml, String name, String value) {
    xml.append("      <property name=\"").append(attr(name)).append("\" value=\"").append(attr(value)).append("\"/>\n");
  }

  static String text(String value) {
    if (value == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (char c : value.toCharArray()) {
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        default -> {
          // XML 1.0 forbids most control characters; keep tab and newlines.
          if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  static String attr(String value) {
    return text(value).replace("\"", "&quot;").replace("\n", "&#10;");
  }
}
