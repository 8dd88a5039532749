package dev.sft.harness.cli;

import dev.sft.contract.FailureRate;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.Soak;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/**
 * What a soak found: where it stopped (the first failure, or its bound), how many repetitions of each cell passed,
 * and the failure rate that supports: with no failure in n repetitions, the one-sided 95 % upper bound
 * {@code 1 - 0.05^(1/n)}; otherwise the rate with its 95 % Wilson interval.
 */
final class SoakSummary {
  private SoakSummary() {}

  static String render(Report report, Soak soak) {
    StringBuilder out = new StringBuilder();
    Optional<ScenarioResult> first = report.scenarios().stream().filter(Soak::ends)
        .min(Comparator.comparingInt(ScenarioResult::repetition));
    out.append(String.format(Locale.ROOT, "%nSOAK (%s %s): ", Soak.UNTIL_FAILURE_OPTION, soak.describe()));
    if (first.isPresent()) {
      ScenarioResult failure = first.get();
      out.append(String.format(Locale.ROOT, "stopped at the first failure, %s r%d (%s)%n  evidence: %s%n",
          failure.cell(), failure.repetition(), failure.outcome(), failure.evidence()));
    } else if (report.scenarios().isEmpty()) {
      out.append(String.format(Locale.ROOT, "no repetition ran%n"));
    } else {
      int rounds = report.scenarios().stream().mapToInt(ScenarioResult::repetition).max().orElse(0);
      out.append(String.format(Locale.ROOT, "no failure in %d round(s); the bound was reached%n", rounds));
    }
    String format = "  %-58s %8s  %s%n";
    out.append(String.format(Locale.ROOT, format, "CELL", "PASSED", "FAILURE RATE (95 %)"));
    for (ScenarioStats cell : report.stats()) {
      out.append(String.format(Locale.ROOT, format, cell.cell(), cell.passedOfRuns(), rate(cell)));
    }
    return out.toString();
  }

  /** The bound a cell's repetitions support. */
  static String rate(ScenarioStats cell) {
    FailureRate rate = cell.failureRate();
    if (rate.trials() == 0) {
      return "- (no repetition judged)";
    }
    if (rate.failures() == 0) {
      return String.format(Locale.ROOT, "at most %s (no failure in %d)",
          FailureRate.percent(FailureRate.zeroFailureUpperBound(rate.trials())), rate.trials());
    }
    return rate.describe() + String.format(Locale.ROOT, " (%d of %d failed)", rate.failures(), rate.trials());
  }
}
