package dev.sft.controller.status;

import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.BuildComparison.Side;
import dev.sft.contract.BuildComparison;
import dev.sft.api.SchedulerFailureTestStatus.CellComparisonStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.ComparisonStatus;
import dev.sft.api.SchedulerFailureTestStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.Set;

/**
 * The two builds of a {@code spec.compare} run compared from their cells in the status, by the contract's rules
 * ({@link BuildComparison}), as {@code sft local --compare} compares them from the reports: the status keeps each
 * cell's counts and its findings, which is all a comparison reads.
 */
public final class BuildCellComparison {
  private BuildCellComparison() {}

  /**
   * Compares the status's cells of the baseline with the candidate's, cell by cell, in the baseline's order. A cell
   * whose findings the status could not keep ({@code findingsOmitted}) is undecided and fails the comparison, unless
   * what it kept already shows a regression: a missing finding must never read as an absent one.
   */
  public static BuildComparison of(SchedulerFailureTestStatus status) {
    BuildComparison compared = BuildComparison.of(build(status, BuildComparison.BASELINE),
        sides(status.cells, BuildComparison.BASELINE), build(status, BuildComparison.CANDIDATE),
        sides(status.cells, BuildComparison.CANDIDATE));
    Set<String> cut = status.cells.stream().filter(c -> c.findingsOmitted != null && c.findingsOmitted > 0)
        .map(BuildCellComparison::cellId).collect(Collectors.toSet());
    if (cut.isEmpty()) {
      return compared;
    }
    List<BuildComparison.CellComparison> cells = compared.cells().stream()
        .map(c -> !cut.contains(c.cell()) || c.change() == Change.regressed ? c
            : new BuildComparison.CellComparison(c.cell(), c.baseline(), c.candidate(), Change.inconclusive,
                "the status could not keep all of this cell's findings (too many for its bound): compare the two"
                    + " builds' reports with sft compare to decide", null, true))
        .toList();
    return new BuildComparison(compared.baseline(), compared.candidate(), cells, compared.tests());
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

  /**
   * Why the comparison failed, for the run's message, counted not listed (the status has each cell's why):
   * {@code regressed: 2 cells, e.g. speculation-original-wins/append (why); undecided: 1 cell}.
   */
  public static String failures(BuildComparison comparison) {
    List<BuildComparison.CellComparison> regressed = comparison.cells().stream()
        .filter(c -> c.change() == Change.regressed).toList();
    long undecided = comparison.cells().stream()
        .filter(c -> c.failsComparison() && c.change() != Change.regressed).count();
    List<String> parts = new ArrayList<>();
    if (!regressed.isEmpty()) {
      BuildComparison.CellComparison first = regressed.get(0);
      String why = first.why().length() > 300 ? first.why().substring(0, 300) + "…" : first.why();
      parts.add("regressed: " + regressed.size() + (regressed.size() == 1 ? " cell, " : " cells, e.g. ")
          + first.cell() + " (" + why + ")");
    }
    if (undecided > 0) {
      parts.add("undecided: " + undecided + (undecided == 1 ? " cell" : " cells") + " inconclusive about an invariant"
          + " finding (see status.comparison.cells)");
    }
    return String.join("; ", parts);
  }

  /** Each cell of one build as a side of the comparison. */
  private static Map<String, Side> sides(List<CellStatus> cells, String build) {
    Map<String, Side> sides = new LinkedHashMap<>();
    for (CellStatus cell : cells) {
      if (build.equals(cell.build)) {
        int environmentUnknown = cell.environmentUnknown == null ? 0 : cell.environmentUnknown;
        sides.put(cellId(cell), new Side(cell.repetitions, cell.repetitions - environmentUnknown, cell.passed,
            cell.findings, cell.pin));
      }
    }
    return sides;
  }

  /** The cell as the comparison keys it: a pinned cell apart from the natural one ({@link BuildComparison#cellId}). */
  private static String cellId(CellStatus cell) {
    return BuildComparison.cellId(cell.name + "/" + cell.operation, cell.pin);
  }

  private static BuildComparison.Build build(SchedulerFailureTestStatus status, String label) {
    return new BuildComparison.Build(label, BuildComparison.buildRunId(status.runId, label), List.of());
  }
}
