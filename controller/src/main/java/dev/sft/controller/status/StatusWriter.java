package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Writes a test's status with optimistic locking: the write carries the resourceVersion the controller decided on,
 * so a decision made on a stale view fails with a conflict (and is retried on a fresh one) instead of overwriting
 * newer progress. This is what makes the status safe to use as a write-ahead log.
 */
@ApplicationScoped
public class StatusWriter {
  private final KubernetesClient client;

  public StatusWriter(KubernetesClient client) {
    this.client = client;
  }

  /** Writes {@code test.getStatus()} and moves {@code test} to the new resourceVersion. */
  public void write(SchedulerFailureTest test) {
    test.getStatus().observedGeneration = test.getMetadata().getGeneration();
    SchedulerFailureTest updated = client.resource(test).updateStatus();
    test.getMetadata().setResourceVersion(updated.getMetadata().getResourceVersion());
  }
}
