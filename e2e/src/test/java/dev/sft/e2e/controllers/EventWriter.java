package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Timestamps;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * core/v1 Events about an object, as client-go's recorder writes them for a controller: named {@code OBJECT.HEX}, with
 * the involved object, {@code source.component}, and a repeat of the same reason and message counted on the first
 * Event ({@code count}, {@code lastTimestamp}) instead of written anew.
 */
final class EventWriter {
  private final KubernetesClient client;
  private final String component;
  private final Map<String, Event> written = new HashMap<>();

  EventWriter(KubernetesClient client, String component) {
    this.client = client;
    this.component = component;
  }

  void normal(HasMetadata object, String reason, String message) {
    record(object, "Normal", reason, message);
  }

  void warning(HasMetadata object, String reason, String message) {
    record(object, "Warning", reason, message);
  }

  private void record(HasMetadata object, String type, String reason, String message) {
    String now = Timestamps.time(Instant.now());
    String ns = object.getMetadata().getNamespace();
    String key = object.getMetadata().getUid() + "\n" + type + "\n" + reason + "\n" + message;
    Event previous = written.get(key);
    try {
      if (previous != null) {
        previous.setCount(previous.getCount() + 1);
        previous.setLastTimestamp(now);
        written.put(key, client.v1().events().inNamespace(ns).resource(previous).update());
        return;
      }
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404 && e.getCode() != 409) {
        throw e;
      }
      // gone, or changed by someone else meanwhile: written anew below
    }
    Event event = new EventBuilder()
        .withNewMetadata().withNamespace(ns)
          .withName(object.getMetadata().getName() + "." + Long.toHexString(System.nanoTime())).endMetadata()
        .withInvolvedObject(new ObjectReferenceBuilder().withApiVersion(object.getApiVersion())
            .withKind(object.getKind()).withName(object.getMetadata().getName()).withNamespace(ns)
            .withUid(object.getMetadata().getUid()).withResourceVersion(object.getMetadata().getResourceVersion())
            .build())
        .withType(type).withReason(reason).withMessage(message)
        .withNewSource().withComponent(component).endSource().withReportingComponent(component)
        .withFirstTimestamp(now).withLastTimestamp(now).withCount(1)
        .build();
    written.put(key, client.v1().events().inNamespace(ns).resource(event).create());
  }
}
