package dev.sft.harness.report;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The run as a matrix, scenario × operation: each cell is the verdict over the cell's repetitions (Passed only when
 * every repetition passed both verdicts, Failed when any failed one, else Unknown when any stayed unknown, else Known)
 * with its counts, so the
 * terminal and the HTML page show at a glance which write paths survive which failures.
 */
public final class OperationMatrix {
  /**
   * One cell: the verdict over its repetitions and how many repetitions passed, failed, stayed unknown and failed
   * only by known findings.
   */
  public record Cell(Verdict verdict, int passed, int failed, int unknown, int known) {
    public String label() {
      int runs = passed + failed + unknown + known;
      return verdict + (runs == 1 ? "" : " " + passed + "/" + runs);
    }
  }

  private final List<String> scenarios = new ArrayList<>();
  private final List<WriteOperation> operations;
  private final Map<String, Map<WriteOperation, List<ScenarioResult>>> results = new LinkedHashMap<>();

  private OperationMatrix(Report report) {
    TreeSet<WriteOperation> seen = new TreeSet<>();
    for (ScenarioResult result : report.scenarios()) {
      if (!scenarios.contains(result.name())) {
        scenarios.add(result.name());
      }
      seen.add(result.writeOperation());
      results.computeIfAbsent(result.name(), n -> new LinkedHashMap<>())
          .computeIfAbsent(result.writeOperation(), o -> new ArrayList<>()).add(result);
    }
    this.operations = List.copyOf(seen);
  }

  public static OperationMatrix of(Report report) {
    return new OperationMatrix(report);
  }

  public List<String> scenarios() {
    return scenarios;
  }

  public List<WriteOperation> operations() {
    return operations;
  }

  /** The cell, or null when the scenario did not run under that operation. */
  public Cell cell(String scenario, WriteOperation operation) {
    List<ScenarioResult> runs = results.getOrDefault(scenario, Map.of()).get(operation);
    if (runs == null) {
      return null;
    }
    // The runs of one cell: one entry of the report's own repetition statistics.
    ScenarioStats counts = ScenarioStats.of(runs).get(0);
    Verdict verdict = runs.stream().map(ScenarioResult::outcome).reduce(Verdict.Passed, Verdict::and);
    return new Cell(verdict, counts.passed(), counts.failed(), counts.unknown(), counts.known());
  }

  /** Whether there is more than one operation, so a matrix says more than the result table. */
  public boolean isMatrix() {
    return operations.size() > 1;
  }

  /** The matrix as a text table, one row per scenario, one column per operation. */
  public String text() {
    int first = Math.max("SCENARIO \\ OPERATION".length(), scenarios.stream().mapToInt(String::length).max()
        .orElse(0));
    List<Integer> widths = new ArrayList<>();
    for (WriteOperation operation : operations) {
      int width = operation.id().length();
      for (String scenario : scenarios) {
        Cell cell = cell(scenario, operation);
        width = Math.max(width, cell == null ? 1 : cell.label().length());
      }
      widths.add(width);
    }
    StringBuilder out = new StringBuilder(pad("SCENARIO \\ OPERATION", first));
    for (int i = 0; i < operations.size(); i++) {
      out.append("  ").append(pad(operations.get(i).id(), widths.get(i)));
    }
    out.append(System.lineSeparator());
    for (String scenario : scenarios) {
      out.append(pad(scenario, first));
      for (int i = 0; i < operations.size(); i++) {
        Cell cell = cell(scenario, operations.get(i));
        out.append("  ").append(pad(cell == null ? "-" : cell.label(), widths.get(i)));
      }
      out.append(System.lineSeparator());
    }
    return out.toString();
  }

  /** The matrix as an HTML table; each cell links to its first repetition's section. */
  void html(StringBuilder html) {
    html.append("<h3>Operation matrix</h3><table><tr><th>scenario \\ operation</th>");
    for (WriteOperation operation : operations) {
      html.append("<th>").append(HtmlReport.esc(operation.id())).append("</th>");
    }
    html.append("</tr>\n");
    for (String scenario : scenarios) {
      html.append("<tr><td>").append(HtmlReport.esc(scenario)).append("</td>");
      for (WriteOperation operation : operations) {
        Cell cell = cell(scenario, operation);
        if (cell == null) {
          html.append("<td>-</td>");
        } else {
          ScenarioResult first = results.get(scenario).get(operation).get(0);
          html.append("<td class=\"").append(cell.verdict()).append("\"><a href=\"#")
              .append(HtmlReport.anchor(first)).append("\">").append(HtmlReport.esc(cell.label()))
              .append("</a></td>");
        }
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }

  private static String pad(String text, int width) {
    return String.format(Locale.ROOT, "%-" + width + "s", text);
  }
}
