package dev.sft.harness.report;

import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import dev.sft.contract.RunHeadline;
import dev.sft.contract.Verdict;
import java.util.List;

/** How the terminal and the HTML page headline a run, and how they name its known findings. */
public final class ReportOutcome {
  private ReportOutcome() {}

  /** PASSED, PASSED WITH n KNOWN FINDING(S) (never plain PASSED), or NOT PASSED. */
  public static String headline(Report report) {
    return RunHeadline.of(report.passed(), report.accepted(false), report.knownCount());
  }

  /**
   * The headline of a run of {@code --fail-on-stale failOnStale}: NOT PASSED when a stale entry fails it, whatever the
   * verdicts.
   */
  public static String headline(Report report, int failOnStale) {
    int stale = report.staleFailures(failOnStale).size();
    return stale == 0 ? headline(report) : "NOT PASSED: " + stale + " stale known finding(s) (--fail-on-stale "
        + failOnStale + ")";
  }

  /** The verdict the headline is coloured by: Passed, Known (accepted only by known findings) or Failed. */
  public static Verdict verdict(Report report) {
    return report.passed() ? Verdict.Passed : report.accepted(false) ? Verdict.Known : Verdict.Failed;
  }

  /**
   * One line per stale entry: it matched nothing, so the defect may be fixed or the entry may be out of date; with
   * the repetitions it could have matched in, which say how much that weighs.
   */
  public static List<String> staleLines(Report report) {
    return report.staleKnownFindings().stream().map(KnownFindingUse::describeStale).toList();
  }

  /** One line per entry that matched: how often, what it acknowledges in words, and where it is tracked. */
  public static List<String> matchedLines(Report report) {
    return report.knownFindings().stream().filter(u -> !u.stale())
        .map(u -> u.matches() + " failed check(s): " + u.describe()).toList();
  }
}
