package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellComparisonStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * Keeps a status within {@link #MAX_BYTES} as JSON, well below etcd's 1.5 MiB for an object that also holds its spec:
 * each field is bounded, but every bound at its maximum at once (every cell of the largest run with the longest
 * details) is not. Over budget, it drops the details that the evidence on the volume and the Events also hold, one
 * kind at a time, the least needed first, until the status fits; counts and verdicts are never dropped.
 */
public final class StatusBudget {
  public static final int MAX_BYTES = 960 * 1024;

  /** What goes, in this order: each only while the status is still over budget. */
  private static final List<Consumer<SchedulerFailureTestStatus>> DROPS = List.of(
      status -> status.cells.stream().filter(c -> c.latestFailure != null).forEach(c -> c.latestFailure.message = null),
      status -> {
        if (status.comparison != null) {
          status.comparison.cells.forEach((CellComparisonStatus c) -> c.why = null);
        }
      },
      status -> status.cells.forEach((CellStatus c) -> c.knownFindings = null),
      status -> status.history.forEach((RunRecord r) -> {
        r.message = null;
        r.findingTrend = null;
      }),
      status -> status.harnessJobs.forEach((HarnessJob j) -> j.message = null),
      status -> status.cells.forEach((CellStatus c) -> c.latestFailure = null),
      // Last, as a comparison reads them: past this point the status would not be written at all.
      status -> status.cells.forEach(StatusBudget::omitFindings));

  private StatusBudget() {}

  /**
   * Drops the cell's findings, saying how many went: a comparison must then fail as undecided for the cell, never
   * read the absence as "no finding" ({@link BuildCellComparison}).
   */
  static void omitFindings(CellStatus cell) {
    countOmittedFindings(cell, cell.findings == null ? 0 : cell.findings.size());
    cell.findings = null;
  }

  /** Adds {@code count} findings the status does not keep to the cell's {@code findingsOmitted}. */
  static void countOmittedFindings(CellStatus cell, int count) {
    if (count > 0) {
      cell.findingsOmitted = (cell.findingsOmitted == null ? 0 : cell.findingsOmitted) + count;
    }
  }

  /** Drops details of {@code status} until its JSON fits; a status within budget is left as it is. */
  public static void fit(SchedulerFailureTestStatus status, KubernetesSerialization serialization) {
    for (Consumer<SchedulerFailureTestStatus> drop : DROPS) {
      if (bytes(status, serialization) <= MAX_BYTES) {
        return;
      }
      drop.accept(status);
    }
  }

  public static int bytes(SchedulerFailureTestStatus status, KubernetesSerialization serialization) {
    return serialization.asJson(status).getBytes(StandardCharsets.UTF_8).length;
  }
}
