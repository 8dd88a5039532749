package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import org.jboss.logging.Logger;

/**
 * Records Kubernetes Events on a test ({@code kubectl describe sft NAME} shows them): one per transition and per
 * failure, each with a stable {@link Reason}. A repeat (same test, type, reason and message) is counted on the first
 * Event, as client-go's event correlator does for core/v1 Events ({@code count}, {@code lastTimestamp}), instead of
 * adding an object: the Event's name is derived from what it says, so the repeat finds it, also after a controller
 * restart. An Event that cannot be written is logged, never a reason to fail reconciling.
 */
@ApplicationScoped
public class EventRecorder {
  private static final Logger LOG = Logger.getLogger(EventRecorder.class);
  /** The Event's message is cut to this, as Kubernetes' events.k8s.io/v1 limits a note. */
  static final int MAX_MESSAGE = 1024;
  /** A write that lost a race with another write of the same Event (create or count) is tried once more. */
  private static final int ATTEMPTS = 2;

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
    var metadata = test.getMetadata();
    String note = message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message;
    String name = eventName(metadata, type, reason, note);
    var events = client.v1().events().inNamespace(metadata.getNamespace());
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      String now = Instant.now().toString();
      try {
        Event seen = events.withName(name).get();
        if (seen == null) {
          events.resource(newEvent(test, name, type, reason, note, now)).create();
        } else {
          seen.setCount(seen.getCount() == null ? 2 : seen.getCount() + 1);
          seen.setLastTimestamp(now);
          events.resource(seen).update();
        }
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == ATTEMPTS) {
          LOG.warnf("cannot record event %s on %s/%s: %s", reason, metadata.getNamespace(), metadata.getName(), e);
          return;
        }
      } catch (RuntimeException e) {
        LOG.warnf("cannot record event %s on %s/%s: %s", reason, metadata.getNamespace(), metadata.getName(), e);
        return;
      }
    }
  }

  private static Event newEvent(SchedulerFailureTest test, String name, String type, Reason reason, String note,
      String now) {
    var metadata = test.getMetadata();
    return new EventBuilder()
        .withNewMetadata().withName(name).withNamespace(metadata.getNamespace()).endMetadata()
        .withNewInvolvedObject()
          .withApiVersion(test.getApiVersion()).withKind(test.getKind())
          .withName(metadata.getName()).withNamespace(metadata.getNamespace()).withUid(metadata.getUid())
        .endInvolvedObject()
        .withType(type)
        .withReason(reason.name())
        .withMessage(note)
        .withFirstTimestamp(now)
        .withLastTimestamp(now)
        .withCount(1)
        .withNewSource().withComponent("sft-controller").endSource()
        .withReportingComponent("sft.dev/controller")
        .build();
  }

  /** {@code <test>.<16 hex digits>}: the same for every repeat of one Event about one test (its uid), distinct else. */
  static String eventName(ObjectMeta test, String type, Reason reason, String note) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(String.join("\0", String.valueOf(test.getUid()), type,
          reason.name(), note).getBytes(StandardCharsets.UTF_8));
      return test.getName() + "." + HexFormat.of().formatHex(hash, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
