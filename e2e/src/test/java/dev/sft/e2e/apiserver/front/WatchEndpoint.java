package dev.sft.e2e.apiserver.front;

import dev.sft.e2e.apiserver.store.StandInStore;
import dev.sft.e2e.apiserver.store.WatchHub;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.ServerWebSocket;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Serves {@code ?watch=true|1} requests: as a streaming HTTP response of JSON lines (kubectl, client-go, fabric8's
 * fallback) or, when the client asks for an upgrade, as a WebSocket with one text message per event (fabric8's
 * default). Honours resourceVersion, label and field selectors and timeoutSeconds.
 */
final class WatchEndpoint {

  /** Kubernetes ends watches after a randomised 30-60 min; one fixed bound is enough here. */
  private static final long DEFAULT_TIMEOUT_SECONDS = 1800;

  private final Vertx vertx;
  private final StandInStore store;
  private final java.util.concurrent.atomic.AtomicInteger httpWatches = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger webSocketWatches =
      new java.util.concurrent.atomic.AtomicInteger();

  WatchEndpoint(Vertx vertx, StandInStore store) {
    this.vertx = vertx;
    this.store = store;
  }

  /** Watches served so far, by transport: "http" and "websocket". */
  java.util.Map<String, Integer> served() {
    return java.util.Map.of("http", httpWatches.get(), "websocket", webSocketWatches.get());
  }

  static boolean isWatch(HttpServerRequest request) {
    String watch = request.getParam("watch");
    return "true".equals(watch) || "1".equals(watch);
  }

  void serve(HttpServerRequest request) {
    Long from;
    long timeoutSeconds;
    try {
      from = fromResourceVersion(request.getParam("resourceVersion"));
      String timeout = request.getParam("timeoutSeconds");
      timeoutSeconds = timeout == null || timeout.isBlank() ? DEFAULT_TIMEOUT_SECONDS : Long.parseLong(timeout);
    } catch (NumberFormatException e) {
      HttpFront.fail(request.response(), 400, "BadRequest", "invalid resourceVersion or timeoutSeconds: "
          + e.getMessage());
      return;
    }
    String path = request.uri();
    if ("websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
      request.toWebSocket().onSuccess(ws -> overWebSocket(ws, path, from, timeoutSeconds))
          .onFailure(e -> HttpFront.fail(request.response(), 400, "BadRequest", e.getMessage()));
    } else {
      overHttp(request, path, from, timeoutSeconds);
    }
  }

  private void overHttp(HttpServerRequest request, String path, Long from, long timeoutSeconds) {
    httpWatches.incrementAndGet();
    HttpServerResponse response = request.response();
    response.setStatusCode(200).setChunked(true).putHeader("Content-Type", "application/json")
        .putHeader("Cache-Control", "no-cache, private");
    response.writeHead();
    AtomicBoolean open = new AtomicBoolean(true);
    Runnable cancel = store.watch(path, from, new WatchHub.Sink() {
      @Override
      public void send(String eventJson) {
        if (open.get()) {
          response.write(eventJson + "\n");
        }
      }

      @Override
      public void close() {
        if (open.compareAndSet(true, false)) {
          response.end();
        }
      }
    });
    long timer = vertx.setTimer(timeoutSeconds * 1000 + 1, id -> {
      cancel.run();
      if (open.compareAndSet(true, false)) {
        response.end();
      }
    });
    response.closeHandler(v -> {
      open.set(false);
      cancel.run();
      vertx.cancelTimer(timer);
    });
    response.endHandler(v -> {
      cancel.run();
      vertx.cancelTimer(timer);
    });
  }

  private void overWebSocket(ServerWebSocket ws, String path, Long from, long timeoutSeconds) {
    webSocketWatches.incrementAndGet();
    AtomicBoolean open = new AtomicBoolean(true);
    Runnable cancel = store.watch(path, from, new WatchHub.Sink() {
      @Override
      public void send(String eventJson) {
        if (open.get()) {
          ws.writeTextMessage(eventJson);
        }
      }

      @Override
      public void close() {
        if (open.compareAndSet(true, false)) {
          ws.close();
        }
      }
    });
    long timer = vertx.setTimer(timeoutSeconds * 1000 + 1, id -> {
      cancel.run();
      if (open.compareAndSet(true, false)) {
        ws.close();
      }
    });
    ws.closeHandler(v -> {
      open.set(false);
      cancel.run();
      vertx.cancelTimer(timer);
    });
  }

  /** "", "0" and absent mean "the current state, then changes"; anything else is the version to start after. */
  private static Long fromResourceVersion(String value) {
    if (value == null || value.isBlank() || value.equals("0")) {
      return null;
    }
    return Long.parseLong(value);
  }
}
