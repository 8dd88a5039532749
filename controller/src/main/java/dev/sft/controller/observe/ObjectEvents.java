package dev.sft.controller.observe;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * The Events Kubernetes recorded about one object (a claim's provisioner, a StatefulSet's or Job's controller),
 * selected by the API server with a field selector on {@code involvedObject}: a poll every few seconds must not list
 * every Event of a busy namespace. Reads only.
 */
@ApplicationScoped
public class ObjectEvents {
  private final KubernetesClient client;

  public ObjectEvents(KubernetesClient client) {
    this.client = client;
  }

  /**
   * The latest Event about this object, of this reason when one is given. The uid (when the object has one) keeps
   * the Events of an earlier object of the same name out.
   */
  public Optional<Event> latest(HasMetadata object, String reason) {
    var metadata = object.getMetadata();
    var query = client.v1().events().inNamespace(metadata.getNamespace())
        .withField("involvedObject.kind", object.getKind())
        .withField("involvedObject.name", metadata.getName());
    if (metadata.getUid() != null) {
      query = query.withField("involvedObject.uid", metadata.getUid());
    }
    if (reason != null) {
      query = query.withField("reason", reason);
    }
    return query.list().getItems().stream()
        // What the selector asked for, checked again: an API server that ignores a field must not mix objects.
        .filter(e -> e.getInvolvedObject() != null && object.getKind().equals(e.getInvolvedObject().getKind())
            && metadata.getName().equals(e.getInvolvedObject().getName())
            && (metadata.getUid() == null || e.getInvolvedObject().getUid() == null
                || metadata.getUid().equals(e.getInvolvedObject().getUid()))
            && (reason == null || reason.equals(e.getReason())))
        .max(Comparator.comparing(ObjectEvents::when));
  }

  /** When it last happened: series and old-style Events carry different fields. */
  public static String when(Event e) {
    if (e.getLastTimestamp() != null) {
      return e.getLastTimestamp();
    }
    if (e.getEventTime() != null && e.getEventTime().getTime() != null) {
      return e.getEventTime().getTime();
    }
    return Objects.requireNonNullElse(e.getMetadata().getCreationTimestamp(), "");
  }
}
