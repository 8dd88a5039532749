package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * Every change to the store, in resourceVersion order, and the open watches. A watch from resourceVersion N gets
 * the recorded changes after N and then live ones; a watch without one (or "0") gets the current objects as ADDED
 * first, as Kubernetes does. Callers serialise {@link #publish} and {@link #subscribe} (the store's lock), so a watch
 * never misses nor repeats a change.
 */
public final class WatchHub {

  /** Where a watch's events go (a streaming HTTP response or a WebSocket); must not block. */
  public interface Sink {
    void send(String eventJson);

    void close();
  }

  /** One change; {@code before}/{@code after} are the object's store keys (null when absent). */
  private record Change(long resourceVersion, AttributeSet before, AttributeSet after, String object) {
  }

  private record Subscription(AttributeSet query, Sink sink) {
  }

  /** A current object, for the initial ADDED events of a watch without resourceVersion. */
  public record Current(AttributeSet key, String object) {
  }

  private static final int HISTORY = 50_000;
  private static final ObjectMapper JSON = Serialization.jsonMapper();

  private final Deque<Change> history = new ArrayDeque<>();
  private final Set<Subscription> subscriptions = new CopyOnWriteArraySet<>();
  private long forgottenUpTo;

  /** Records a change and sends it to every watch it concerns. */
  public synchronized void publish(long resourceVersion, AttributeSet before, AttributeSet after, String object) {
    Change change = new Change(resourceVersion, before, after, object);
    history.addLast(change);
    if (history.size() > HISTORY) {
      forgottenUpTo = history.removeFirst().resourceVersion();
    }
    for (Subscription subscription : subscriptions) {
      deliver(subscription, change);
    }
  }

  /**
   * Opens a watch. {@code fromResourceVersion} null means "now, after the current state" ({@code current} is sent
   * as ADDED); a version older than the history kept gets a 410 Expired ERROR event, as Kubernetes sends.
   */
  public synchronized Runnable subscribe(AttributeSet query, Long fromResourceVersion, List<Current> current,
      Sink sink) {
    Subscription subscription = new Subscription(query, sink);
    if (fromResourceVersion == null) {
      current.stream().filter(c -> c.key().matches(query))
          .forEach(c -> sink.send(event("ADDED", c.object())));
    } else if (fromResourceVersion < forgottenUpTo) {
      sink.send(expired(fromResourceVersion));
      sink.close();
      return () -> { };
    } else {
      history.stream().filter(c -> c.resourceVersion() > fromResourceVersion)
          .forEach(c -> deliver(subscription, c));
    }
    subscriptions.add(subscription);
    return () -> subscriptions.remove(subscription);
  }

  public int openWatches() {
    return subscriptions.size();
  }

  private static void deliver(Subscription subscription, Change change) {
    boolean before = change.before() != null && change.before().matches(subscription.query());
    boolean after = change.after() != null && change.after().matches(subscription.query());
    String type = before && after ? "MODIFIED" : before ? "DELETED" : after ? "ADDED" : null;
    if (type != null) {
      subscription.sink().send(event(type, change.object()));
    }
  }

  private static String event(String type, String object) {
    try {
      ObjectNode event = JSON.createObjectNode();
      event.put("type", type);
      event.set("object", JSON.readTree(object));
      return JSON.writeValueAsString(event);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String expired(long requested) {
    String status = StatusBodies.json(410, "Expired", "too old resource version: " + requested + " ("
        + forgottenUpTo + ")");
    return event("ERROR", status);
  }
}
