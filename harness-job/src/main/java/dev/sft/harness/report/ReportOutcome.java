package dev.sft.harness.report;

import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import java.util.List;

/** How the terminal and the HTML page headline a run, and how they name its known findings. */
public final class ReportOutcome {
  private ReportOutcome() {}

  /** PASSED, PASSED WITH n KNOWN FINDING(S) (never plain PASSED), or NOT PASSED. */
  public static String headline(Report report) {
    if (report.passed()) {
      return "PASSED";
    }
    if (report.accepted(false)) {
      long known = report.knownCount();
      return "PASSED WITH " + known + " KNOWN " + (known == 1 ? "FINDING" : "FINDINGS");
    }
    return "NOT PASSED";
  }

  /** One line per stale entry: it matched nothing, so the defect may be fixed or the entry may be out of date. */
  public static List<String> staleLines(Report report) {
    return report.staleKnownFindings().stream().map(ReportOutcome::describe).toList();
  }

  private static String describe(KnownFindingUse use) {
    return use.finding() == null ? "entry " + (use.index() + 1) : use.finding().describe();
  }
}
