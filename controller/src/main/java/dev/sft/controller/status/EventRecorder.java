package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Records Kubernetes Events on a test ({@code kubectl describe sft NAME} shows them): one per transition and per
 * failure, each with a stable {@link Reason}. An Event that cannot be written is logged, never a reason to fail
 * reconciling.
 */
@ApplicationScoped
public class EventRecorder {
  private static final Logger LOG = Logger.getLogger(EventRecorder.class);
  private static final AtomicLong SEQUENCE = new AtomicLong();

  private final KubernetesClient client;

  public EventRecorder(KubernetesClient client) {
    this.client = client;
  }

  public void normal(SchedulerFailureTest test, Reason reason, String message) {
    record(test, "Normal", reason, message);
  }

  public void warning(SchedulerFailureTest test, Reason reason, String message) {
    record(test, "Warning", reason, message);
  }

  private void record(SchedulerFailureTest test, String type, Reason reason, String message) {
    String now = Instant.now().toString();
    var metadata = test.getMetadata();
    try {
      client.v1().events().inNamespace(metadata.getNamespace()).resource(new EventBuilder()
          .withNewMetadata()
            .withName(metadata.getName() + "." + Long.toHexString(System.nanoTime()) + SEQUENCE.incrementAndGet())
            .withNamespace(metadata.getNamespace())
          .endMetadata()
          .withNewInvolvedObject()
            .withApiVersion(test.getApiVersion()).withKind(test.getKind())
            .withName(metadata.getName()).withNamespace(metadata.getNamespace()).withUid(metadata.getUid())
          .endInvolvedObject()
          .withType(type)
          .withReason(reason.name())
          .withMessage(message.length() > 1024 ? message.substring(0, 1024) : message)
          .withFirstTimestamp(now)
          .withLastTimestamp(now)
          .withCount(1)
          .withNewSource().withComponent("sft-controller").endSource()
          .withReportingComponent("sft.dev/controller")
          .build()).create();
    } catch (RuntimeException e) {
      LOG.warnf("cannot record event %s on %s/%s: %s", reason, metadata.getNamespace(), metadata.getName(), e);
    }
  }
}
