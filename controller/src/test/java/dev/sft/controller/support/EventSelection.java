package dev.sft.controller.support;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.EventList;
import io.fabric8.kubernetes.api.model.EventListBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The API server's field selection of Events by the object they are about ({@code involvedObject.kind},
 * {@code .name}, {@code .uid}, {@code reason}), which the mock server lacks: it matches field selectors on
 * {@code metadata.name} and {@code metadata.namespace} only and answers any other with nothing. A controller of a
 * workload (StatefulSet, Job) or a provisioner records an Event here as on a cluster; the mock's store keeps it too, and
 * a field-selected list of that object's Events gets the Events a real API server would select.
 */
public final class EventSelection {
  private final KubernetesMockServer server;
  private final KubernetesClient client;
  /** The selected Events per request path the controller sends. */
  private final Map<String, List<Event>> selected = new ConcurrentHashMap<>();

  public EventSelection(KubernetesMockServer server, KubernetesClient client) {
    this.server = server;
    this.client = client;
  }

  /** Records a Warning Event about this object (as read from the API server, with its uid). */
  public void record(HasMetadata object, String reason, String message) {
    var metadata = object.getMetadata();
    String now = Instant.now().toString();
    Event event = client.v1().events().inNamespace(metadata.getNamespace()).resource(new EventBuilder()
        .withNewMetadata().withName(metadata.getName() + "." + Long.toHexString(System.nanoTime()))
            .withNamespace(metadata.getNamespace())
        .endMetadata()
        .withNewInvolvedObject().withApiVersion(object.getApiVersion()).withKind(object.getKind())
            .withName(metadata.getName()).withNamespace(metadata.getNamespace()).withUid(metadata.getUid())
        .endInvolvedObject()
        .withType("Warning").withReason(reason).withMessage(message)
        .withFirstTimestamp(now).withLastTimestamp(now).withCount(1)
        .build()).create();
    // Kubernetes selects it by every combination of its fields; the controller asks for these two.
    serve(path(object, null)).add(event);
    serve(path(object, reason)).add(event);
  }

  /** GET requests that listed a namespace's Events without selecting an object, since the last call. */
  public List<String> unselectedListings() throws InterruptedException {
    List<String> unselected = new ArrayList<>();
    RecordedRequest request;
    while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
      String path = request.getPath();
      if ("GET".equals(request.getMethod()) && path.matches("/api/v1/namespaces/[^/]+/events(\\?.*)?")
          && !path.contains("fieldSelector=involvedObject")) {
        unselected.add(path);
      }
    }
    return unselected;
  }

  private List<Event> serve(String path) {
    return selected.computeIfAbsent(path, p -> {
      List<Event> events = new CopyOnWriteArrayList<>();
      server.expect().get().withPath(p)
          .andReply(200, request -> (EventList) new EventListBuilder().withItems(events).build()).always();
      return events;
    });
  }

  /** The request the controller's {@code ObjectEvents} sends for this object (and reason). */
  private static String path(HasMetadata object, String reason) {
    var metadata = object.getMetadata();
    String selector = "involvedObject.kind=" + object.getKind() + ",involvedObject.name=" + metadata.getName()
        + ",involvedObject.uid=" + metadata.getUid() + (reason == null ? "" : ",reason=" + reason);
    return "/api/v1/namespaces/" + metadata.getNamespace() + "/events?fieldSelector="
        + URLEncoder.encode(selector, StandardCharsets.UTF_8);
  }
}
