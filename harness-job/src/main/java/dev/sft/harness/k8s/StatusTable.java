package dev.sft.harness.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.contract.KnownFinding;
import dev.sft.harness.report.ReportOutcome;
import java.util.List;
import java.util.Locale;

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
    List<JsonNode> cells = test.cells();
    if (cells.isEmpty()) {
      out.append("no cells reported yet\n");
    } else {
      out.append(String.format(Locale.ROOT, FORMAT, "SCENARIO", "OPERATION", "PASSED", "FAILED", "UNKNOWN",
          "KNOWN", "FAILURE RATE [95 % interval]"));
      String build = null;
      for (JsonNode cell : cells) {
        String cellBuild = TestView.text(cell.path("build"));
        if (cellBuild != null && !cellBuild.equals(build)) {
          out.append(cellBuild).append(" build:").append('\n');
        }
        build = cellBuild;
        out.append(String.format(Locale.ROOT, FORMAT, cell.path("name").asText(), cell.path("operation").asText(),
            cell.path("passed").asInt() + "/" + cell.path("repetitions").asInt(), cell.path("failed").asInt(),
            cell.path("unknown").asInt(), cell.path("known").asInt(),
            cell.path("failureRate").path("text").asText("-")));
      }
    }
    for (JsonNode cell : cells) {
      JsonNode failure = cell.path("latestFailure");
      if (failure.isMissingNode() || failure.isNull()) {
        continue;
      }
      String outcome = failure.path("outcome").asText("Unknown");
      String references = "Known".equals(outcome) && cell.path("knownFindings").size() > 0
          ? " (" + String.join(" ", TestView.texts(cell.path("knownFindings"))) + ")" : "";
      out.append(String.format(Locale.ROOT, "%n%s/%s r%d: %s%s%s: %s%n  evidence: %s%n",
          cell.path("name").asText(), cell.path("operation").asText(), failure.path("repetition").asInt(), outcome,
          references, rule(failure), failure.path("message").asText(""), failure.path("evidence").asText("-")));
    }
    List<String> stale = test.knownFindings().stream().filter(k -> k.path("stale").asBoolean(false))
        .map(k -> describe(k) + ": could have matched in " + k.path("couldHaveMatched").asInt() + " repetition(s),"
            + " matched none").toList();
    if (!stale.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nstale known findings (matched nothing in this run):%n"));
      stale.forEach(line -> out.append("  ").append(line).append('\n'));
    }
    List<JsonNode> history = test.history();
    if (!history.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nearlier runs (%d, newest first):%n", history.size()));
      history.stream().limit(HISTORY_LINES).forEach(run -> out.append(String.format(Locale.ROOT,
          "  %s (generation %s) %s %s/%s%n", run.path("runId").asText(), run.path("generation").asText("?"),
          run.path("outcome").asText("?"), run.path("passed").asText("?"), run.path("total").asText("?"))));
    }
    if ("Failed".equals(test.phase()) && test.message() != null) {
      out.append(String.format(Locale.ROOT, "%nrun failure: %s%n", test.message()));
    }
    comparison(out, test.comparison());
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
    String phase = test.phase();
    JsonNode stalled = test.condition("Stalled");
    if (RunEnd.invalidSpec(test)) {
      return "INVALID SPEC: " + stalled.path("message").asText();
    }
    if (!test.comparison().isMissingNode() && test.finished()) {
      return test.comparison().path("regressed").asInt() > 0 ? "REGRESSED"
          : "Succeeded".equals(phase) ? "NO REGRESSION"
          : test.message() != null && test.message().contains("undecided: ") ? "UNDECIDED (" + test.message() + ")"
          : "NOT COMPARED (" + test.message() + ")";
    }
    if ("Succeeded".equals(phase)) {
      int known = test.known();
      return ReportOutcome.headline(known == 0, true, known);
    }
    if ("Failed".equals(phase)) {
      return ReportOutcome.headline(false, false, test.known());
    }
    if (phase == null) {
      return "NO STATUS YET (is namespace " + test.namespace() + " watched by the sft controller?)";
    }
    return "NOT FINISHED (phase " + phase + (test.message() == null ? "" : ": " + test.message()) + ")";
  }

  /** With spec.compare: a row per cell with each build's passed/N and the change, and why a changed cell changed. */
  private static void comparison(StringBuilder out, JsonNode comparison) {
    if (comparison.isMissingNode()) {
      return;
    }
    String format = "%-52s %9s %10s  %s%n";
    out.append(String.format(Locale.ROOT, "%nbaseline run %s, candidate run %s%n", comparison.path("baselineRunId")
        .asText(), comparison.path("candidateRunId").asText()));
    out.append(String.format(Locale.ROOT, format, "CELL", "BASELINE", "CANDIDATE", "CHANGE"));
    for (JsonNode cell : comparison.path("cells")) {
      out.append(String.format(Locale.ROOT, format, cell.path("cell").asText(), cell.path("baseline").asText("-"),
          cell.path("candidate").asText("-"), cell.path("change").asText()));
      if (!"same".equals(cell.path("change").asText())) {
        out.append("  why: ").append(cell.path("why").asText()).append('\n');
      }
    }
    out.append(String.format(Locale.ROOT, "COMPARISON: %d regressed, %d fixed, %d same, %d inconclusive%n",
        comparison.path("regressed").asInt(), comparison.path("fixed").asInt(), comparison.path("same").asInt(),
        comparison.path("inconclusive").asInt()));
  }

  private static String rule(JsonNode failure) {
    String rule = TestView.text(failure.path("rule"));
    return rule == null ? "" : " " + rule;
  }

  /**
   * As the harness names a known finding ({@link KnownFinding#describe}); the status keeps rule, scenario, operation,
   * cause and URL.
   */
  private static String describe(JsonNode use) {
    String rule = use.path("rule").asText();
    String reference = use.path("reference").asText();
    List<String> cause = new java.util.ArrayList<>();
    use.path("cause").forEach(c -> cause.add(c.asText()));
    try {
      return new KnownFinding(rule, TestView.text(use.path("scenario")), TestView.text(use.path("operation")), null,
          cause, null, reference).describe();
    } catch (IllegalArgumentException unexpected) {
      // The controller validated the entry; a status edited by hand still prints.
      return rule + " (" + reference + ")";
    }
  }

  private static String strip(String mountPath) {
    if (mountPath == null) {
      return "<mountPath>";
    }
    return mountPath.endsWith("/") ? mountPath.substring(0, mountPath.length() - 1) : mountPath;
  }
}
