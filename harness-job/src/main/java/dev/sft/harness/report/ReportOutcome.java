package dev.sft.harness.report;

import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import dev.sft.contract.Verdict;
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

  /** The verdict the headline is coloured by: Passed, Known (accepted only by known findings) or Failed. */
  public static Verdict verdict(Report report) {
    return report.passed() ? Verdict.Passed : report.accepted(false) ? Verdict.Known : Verdict.Failed;
  }

  /** One line per stale entry: it matched nothing, so the defect may be fixed or the entry may be out of date. */
  public static List<String> staleLines(Report report) {
    return report.staleKnownFindings().stream().map(KnownFindingUse::describe).toList();
  }
}
