package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.StatusBounds;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.SchemaBounds;
import dev.sft.controller.status.StatusWriter;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Makes a failed reconcile visible: {@code Reconciling=True} with reason {@link Reason#ReconcileError} and the
 * exception's message, while JOSDK retries (a passing API failure heals by itself, so it is not {@code Stalled}); the next successful reconcile puts the phase's conditions back. The
 * write carries the resourceVersion the failed reconcile started from, so it never overwrites newer progress: when
 * that reconcile wrote the status before failing, this write loses the conflict and the retry reports instead.
 */
@ApplicationScoped
public class ReconcileErrors {
  private static final Logger LOG = Logger.getLogger(ReconcileErrors.class);

  private final KubernetesClient client;
  private final StatusWriter statusWriter;
  private final EventRecorder events;

  public ReconcileErrors(KubernetesClient client, StatusWriter statusWriter, EventRecorder events) {
    this.client = client;
    this.statusWriter = statusWriter;
    this.events = events;
  }

  /** @param willRetry whether JOSDK will reconcile again after this failure */
  public void record(SchedulerFailureTest cached, Exception error, boolean willRetry) {
    SchedulerFailureTest test = client.getKubernetesSerialization().clone(cached);
    if (test.getStatus() == null) {
      test.setStatus(new SchedulerFailureTestStatus());
    }
    String message = describe(error) + (willRetry ? " (retrying)" : " (no more retries)");
    Long generation = test.getMetadata().getGeneration();
    boolean changed = Conditions.reconcileError(test.getStatus(), message, generation == null ? 0 : generation);
    if (!changed) {
      return; // the same error again, already shown: no write and no Event per retry
    }
    try {
      statusWriter.write(test);
      events.warning(test, Reason.ReconcileError, message);
    } catch (KubernetesClientException e) {
      LOG.debugf("not recording the error on %s/%s, its status moved on: %s", test.getMetadata().getNamespace(),
          test.getMetadata().getName(), e.getMessage());
    }
  }

  /** The innermost cause says what went wrong; the wrappers (JOSDK's, fabric8's) only that something did. */
  static String describe(Exception error) {
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String detail = root.getMessage() == null ? "" : ": " + root.getMessage().lines().findFirst().orElse("");
    String text = root.getClass().getSimpleName() + detail;
    // Cut here too, not only by the writer: the Event carries the same text. The log has the whole story.
    return SchemaBounds.cut(text, StatusBounds.MESSAGE - " (no more retries)".length());
  }
}
