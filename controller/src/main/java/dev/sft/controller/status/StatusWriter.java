package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.StatusBounds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Writes a test's status with optimistic locking: the write carries the resourceVersion the controller decided on,
 * so a decision made on a stale view fails with a conflict (and is retried on a fresh one) instead of overwriting
 * newer progress. This is what makes the status safe to use as a write-ahead log. Every write is cut to the CRD's
 * bounds ({@link SchemaBounds}) and to the size budget ({@link StatusBudget}) first, so neither can refuse it.
 */
@ApplicationScoped
public class StatusWriter {
  private final KubernetesClient client;

  public StatusWriter(KubernetesClient client) {
    this.client = client;
  }

  /** Writes {@code test.getStatus()}, cut to fit, and moves {@code test} to the new resourceVersion. */
  public void write(SchedulerFailureTest test) {
    test.getStatus().observedGeneration = test.getMetadata().getGeneration();
    fit(test.getStatus(), client.getKubernetesSerialization());
    SchedulerFailureTest updated = client.resource(test).updateStatus();
    test.getMetadata().setResourceVersion(updated.getMetadata().getResourceVersion());
  }

  /** What every write does to the status before it is sent: in place, so the caller goes on with what was written. */
  public static void fit(SchedulerFailureTestStatus status, KubernetesSerialization serialization) {
    // What a comparison reads is never cut silently: the cell says how many of its findings the bound drops.
    for (SchedulerFailureTestStatus.CellStatus cell : status.cells) {
      if (cell.findings != null) {
        StatusBudget.countOmittedFindings(cell, (int) Math.max(0, cell.findings.size() - StatusBounds.CELL_FINDINGS));
      }
    }
    SchemaBounds.cut(status, SchedulerFailureTestStatus.class);
    StatusBudget.fit(status, serialization);
  }
}
