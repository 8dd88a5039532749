package dev.sft.k8s;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellComparisonStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellFailureStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.ComparisonStatus;
import dev.sft.api.SchedulerFailureTestStatus.KnownFindingStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import dev.sft.contract.KnownFinding;
import dev.sft.contract.RunHeadline;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A test's status as the verdict table {@code sft local} ends with: one row per cell (scenario × operation) with its
 * counts and failure rate, each cell's latest failure, the stale known findings, the {@code RESULT:} line in
 * {@code sft local}'s words, and where the run's evidence is.
 */
public final class StatusTable {
  private static final String FORMAT = "%-32s %-22s %7s %6s %7s %5s  %s%n";
  private static final int HISTORY_LINES = 3;

  private StatusTable() {}

  public static String render(TestView test) {
    StringBuilder out = new StringBuilder();
    List<CellStatus> cells = test.cells();
    if (cells.isEmpty()) {
      out.append("no cells reported yet\n");
    } else {
      out.append(String.format(Locale.ROOT, FORMAT, "SCENARIO", "OPERATION", "PASSED", "FAILED", "UNKNOWN",
          "KNOWN", "FAILURE RATE [95 % interval]"));
      String build = null;
      for (CellStatus cell : cells) {
        String cellBuild = TestView.text(cell.build);
        if (cellBuild != null && !cellBuild.equals(build)) {
          out.append(cellBuild).append(" build:").append('\n');
        }
        build = cellBuild;
        String failureRate = cell.failureRate == null ? null : cell.failureRate.text;
        out.append(String.format(Locale.ROOT, FORMAT, shown(cell.name, ""), shown(cell.operation, ""),
            cell.passed + "/" + cell.repetitions, cell.failed, cell.unknown, cell.known, shown(failureRate, "-")));
      }
    }
    for (CellStatus cell : cells) {
      CellFailureStatus failure = cell.latestFailure;
      if (failure == null) {
        continue;
      }
      String outcome = failure.outcome == null ? "Unknown" : failure.outcome.name();
      String references = "Known".equals(outcome) && cell.knownFindings != null && !cell.knownFindings.isEmpty()
          ? " (" + String.join(" ", cell.knownFindings) + ")" : "";
      out.append(String.format(Locale.ROOT, "%n%s/%s r%d: %s%s%s: %s%n  evidence: %s%n",
          shown(cell.name, ""), shown(cell.operation, ""), failure.repetition, outcome, references, rule(failure),
          shown(failure.message, ""), shown(failure.evidence, "-")));
    }
    List<String> stale = test.knownFindings().stream().filter(k -> Boolean.TRUE.equals(k.stale))
        .map(k -> describe(k) + ": could have matched in " + k.couldHaveMatched + " repetition(s),"
            + " matched none").toList();
    if (!stale.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nstale known findings (matched nothing in this run):%n"));
      stale.forEach(line -> out.append("  ").append(line).append('\n'));
    }
    List<RunRecord> history = test.history();
    if (!history.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nearlier runs (%d, newest first):%n", history.size()));
      history.stream().limit(HISTORY_LINES).forEach(run -> out.append(String.format(Locale.ROOT,
          "  %s (generation %s) %s %s/%s%n", shown(run.runId, ""), shown(run.generation, "?"),
          shown(run.outcome, "?"), shown(run.passed, "?"), shown(run.total, "?"))));
    }
    if (test.phase() == Phase.Failed && test.message() != null) {
      out.append(String.format(Locale.ROOT, "%nrun failure: %s%n", test.message()));
    }
    comparison(out, test.comparison());
    clusters(out, test.clusters());
    out.append(String.format(Locale.ROOT, "%nRESULT: %s%n", result(test)));
    if (test.runId() != null) {
      out.append(String.format(Locale.ROOT, "run %s (generation %d, phase %s, %s passed both verdicts)%n",
          test.runId(), test.runGeneration(), test.phase(), test.summary() == null ? "-" : test.summary()));
      out.append(String.format(Locale.ROOT, "evidence: %s/%s/ on claim %s (sft k8s fetch %s -n %s --out DIR)%n",
          strip(test.mountPath()), test.runId(), test.claim(), test.name(), test.namespace()));
    }
    return out.toString();
  }

  /**
   * {@code sft local}'s headline for a finished run; for one still going, or one that never started, what it is
   * instead. The phase decides, as the controller applied {@code strict} to it: Succeeded with Known repetitions is
   * accepted, never plain PASSED.
   */
  static String result(TestView test) {
    Phase phase = test.phase();
    if (RunEnd.invalidSpec(test)) {
      return "INVALID SPEC: " + shown(test.condition("Stalled").map(Condition::getMessage).orElse(null), "");
    }
    Optional<ComparisonStatus> comparison = test.comparison();
    if (comparison.isPresent() && test.finished()) {
      return comparison.get().regressed > 0 ? "REGRESSED"
          : phase == Phase.Succeeded ? "NO REGRESSION"
          : test.message() != null && test.message().contains("undecided: ") ? "UNDECIDED (" + test.message() + ")"
          : "NOT COMPARED (" + test.message() + ")";
    }
    if (phase == Phase.Succeeded) {
      int known = test.known();
      return RunHeadline.of(known == 0, true, known);
    }
    if (phase == Phase.Failed) {
      return RunHeadline.of(false, false, test.known());
    }
    if (phase == null) {
      return "NO STATUS YET (is namespace " + test.namespace() + " watched by the sft controller?)";
    }
    return "NOT FINISHED (phase " + phase + (test.message() == null ? "" : ": " + test.message()) + ")";
  }

  /** With spec.parallelism above 1: a line per Spark cluster with its share's counts, and why a failed one failed. */
  private static void clusters(StringBuilder out, List<SchedulerFailureTestStatus.ClusterStatus> clusters) {
    if (clusters.isEmpty()) {
      return;
    }
    out.append(String.format(Locale.ROOT, "%nclusters (spec.parallelism %d):%n", clusters.size()));
    for (SchedulerFailureTestStatus.ClusterStatus cluster : clusters) {
      out.append(String.format(Locale.ROOT, "  cluster %d %s: %d/%d passed, %d unknown%s%n", cluster.index,
          shown(cluster.state, "?"), cluster.passed, cluster.repetitions, cluster.unknown,
          cluster.message == null ? "" : ": " + cluster.message));
    }
  }

  /** With spec.compare: a row per cell with each build's passed/N and the change, and why a changed cell changed. */
  private static void comparison(StringBuilder out, Optional<ComparisonStatus> compared) {
    if (compared.isEmpty()) {
      return;
    }
    ComparisonStatus comparison = compared.get();
    String format = "%-52s %9s %10s  %s%n";
    out.append(String.format(Locale.ROOT, "%nbaseline run %s, candidate run %s%n",
        shown(comparison.baselineRunId, ""), shown(comparison.candidateRunId, "")));
    out.append(String.format(Locale.ROOT, format, "CELL", "BASELINE", "CANDIDATE", "CHANGE"));
    for (CellComparisonStatus cell : comparison.cells == null ? List.<CellComparisonStatus>of() : comparison.cells) {
      out.append(String.format(Locale.ROOT, format, shown(cell.cell, ""), shown(cell.baseline, "-"),
          shown(cell.candidate, "-"), shown(cell.change, "")));
      if (!"same".equals(cell.change)) {
        out.append("  why: ").append(shown(cell.why, "")).append('\n');
      }
    }
    out.append(String.format(Locale.ROOT, "COMPARISON: %d regressed, %d fixed, %d same, %d inconclusive%n",
        comparison.regressed, comparison.fixed, comparison.same, comparison.inconclusive));
  }

  private static String rule(CellFailureStatus failure) {
    String rule = TestView.text(failure.rule);
    return rule == null ? "" : " " + rule;
  }

  /**
   * As the harness names a known finding ({@link KnownFinding#describe}); the status keeps rule, scenario, operation,
   * cause and URL.
   */
  private static String describe(KnownFindingStatus use) {
    String rule = shown(use.rule, "");
    String reference = shown(use.reference, "");
    List<String> cause = use.cause == null ? List.of() : use.cause;
    try {
      return new KnownFinding(rule, TestView.text(use.scenario), TestView.text(use.operation), null, cause, null,
          reference).describe();
    } catch (IllegalArgumentException unexpected) {
      // The controller validated the entry; a status edited by hand still prints.
      return rule + " (" + reference + ")";
    }
  }

  /** A status field as printed: its text, or {@code absent} when the controller did not write it. */
  private static String shown(Object value, String absent) {
    return value == null ? absent : value.toString();
  }

  private static String strip(String mountPath) {
    if (mountPath == null) {
      return "<mountPath>";
    }
    return mountPath.endsWith("/") ? mountPath.substring(0, mountPath.length() - 1) : mountPath;
  }
}
