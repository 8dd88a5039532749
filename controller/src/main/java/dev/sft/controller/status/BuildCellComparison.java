package dev.sft.controller.status;

import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.BuildComparison.Side;
import dev.sft.contract.BuildComparison;
import dev.sft.controller.api.SchedulerFailureTestStatus.CellComparisonStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus.ComparisonStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two builds of a {@code spec.compare} run compared from their cells in the status, by the contract's rules
 * ({@link BuildComparison}), as {@code sft local --compare} compares them from the reports: the status keeps each
 * cell's counts and its failing and unjudged rules, which is all a comparison reads.
 */
public final class BuildCellComparison {
  private BuildCellComparison() {}

  /** Compares the status's cells of the baseline with the candidate's, cell by cell, in the baseline's order. */
  public static BuildComparison of(SchedulerFailureTestStatus status) {
    Map<String, Side> baseline = sides(status.cells, BuildComparison.BASELINE);
    Map<String, Side> candidate = sides(status.cells, BuildComparison.CANDIDATE);
    List<String> cells = new ArrayList<>(baseline.keySet());
    candidate.keySet().stream().filter(c -> !baseline.containsKey(c)).forEach(cells::add);
    List<BuildComparison.CellComparison> compared = cells.stream()
        .map(cell -> BuildComparison.compare(cell, baseline.get(cell), candidate.get(cell))).toList();
    return new BuildComparison(build(status, BuildComparison.BASELINE), build(status, BuildComparison.CANDIDATE),
        compared);
  }

  /** The comparison as the status records it: counts, and one entry per cell. */
  public static ComparisonStatus record(BuildComparison comparison) {
    ComparisonStatus record = new ComparisonStatus();
    record.baselineRunId = comparison.baseline().runId();
    record.candidateRunId = comparison.candidate().runId();
    record.regressed = (int) comparison.count(Change.regressed);
    record.fixed = (int) comparison.count(Change.fixed);
    record.same = (int) comparison.count(Change.same);
    record.inconclusive = (int) comparison.count(Change.inconclusive);
    for (BuildComparison.CellComparison cell : comparison.cells()) {
      CellComparisonStatus entry = new CellComparisonStatus();
      entry.cell = cell.cell();
      entry.baseline = cell.baseline() == null ? null : cell.baseline().passedOfRuns();
      entry.candidate = cell.candidate() == null ? null : cell.candidate().passedOfRuns();
      entry.change = cell.change().name();
      entry.why = cell.why();
      record.cells.add(entry);
    }
    return record;
  }

  /** The regressed cells with why, for the run's message: {@code cell (why); ...}. */
  public static String regressions(BuildComparison comparison) {
    return String.join("; ", comparison.cells().stream().filter(c -> c.change() == Change.regressed)
        .map(c -> c.cell() + " (" + c.why() + ")").toList());
  }

  /** Each cell of one build as a side of the comparison. */
  private static Map<String, Side> sides(List<CellStatus> cells, String build) {
    Map<String, Side> sides = new LinkedHashMap<>();
    for (CellStatus cell : cells) {
      if (build.equals(cell.build)) {
        sides.put(cell.name + "/" + cell.operation, Side.counted(cell.repetitions, cell.passed, cell.failed,
            cell.known, cell.failingRules, cell.unjudgedRules));
      }
    }
    return sides;
  }

  private static BuildComparison.Build build(SchedulerFailureTestStatus status, String label) {
    return new BuildComparison.Build(label, BuildComparison.buildRunId(status.runId, label), List.of());
  }
}
