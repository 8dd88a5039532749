package dev.sft.e2e.apiserver.front;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.auth.AccessControl;
import dev.sft.e2e.apiserver.auth.RequestAttributes;
import dev.sft.e2e.apiserver.auth.SelfSubjectRulesReview;
import dev.sft.e2e.apiserver.exec.ExecBackend;
import dev.sft.e2e.apiserver.exec.ExecSession;
import dev.sft.e2e.apiserver.store.PodEviction;
import dev.sft.e2e.apiserver.store.ResourceType;
import dev.sft.e2e.apiserver.store.StandInStore;
import dev.sft.e2e.apiserver.store.StatusBodies;
import dev.sft.e2e.apiserver.validation.RequestRefused;
import dev.sft.e2e.apiserver.validation.RequestValidation;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Routes each HTTP request: discovery and OpenAPI documents, {@code pods/exec} and {@code pods/log}, the service
 * proxy ({@link ServiceProxy}), watches, and everything else to the {@link StandInStore} (on a worker thread: the
 * store is synchronous); {@code pods/eviction} to {@link PodEviction}. Every request is first authenticated and authorised by {@link AccessControl} (bearer
 * tokens, RBAC), and a refused one gets kube-apiserver's 401 or 403 Status; role and binding writes also pass its
 * escalation check.
 */
public final class HttpFront {

  private static final Pattern POD_SUBRESOURCE =
      Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/(exec|log|attach|portforward)");
  private static final Pattern POD_EVICTION = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/eviction");
  private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";

  private final Vertx vertx;
  private final StandInStore store;
  private final DiscoveryDocuments discovery;
  private final OpenApiDocuments openApi;
  private final WatchEndpoint watches;
  private final ExecBackend exec;
  private final ExecutorService workers;
  private final ServiceProxy serviceProxy;
  private final PodEviction eviction;
  private final AccessControl access;
  private volatile String serverAddress = "127.0.0.1:443";

  public HttpFront(Vertx vertx, StandInStore store, ExecBackend exec, ExecutorService workers, AccessControl access) {
    this.vertx = vertx;
    this.access = access;
    this.store = store;
    this.discovery = new DiscoveryDocuments(store.catalog());
    this.openApi = new OpenApiDocuments(store.catalog());
    this.watches = new WatchEndpoint(vertx, store);
    this.exec = exec;
    this.workers = workers;
    this.serviceProxy = new ServiceProxy(store);
    this.eviction = new PodEviction(store);
  }

  /** Watches served so far, by transport ("http", "websocket"). */
  public Map<String, Integer> watchesServed() {
    return watches.served();
  }

  public void serverAddress(String hostAndPort) {
    this.serverAddress = hostAndPort;
  }

  public void handle(HttpServerRequest request) {
    String path = request.path();
    try {
      Map<String, String> query = new HashMap<>();
      request.params().forEach(p -> query.putIfAbsent(p.getKey(), p.getValue()));
      AccessControl.Ruling ruling = access.admit(request.method().name(), path, query,
          request.getHeader("Authorization"), "websocket".equalsIgnoreCase(request.getHeader("Upgrade")));
      if (ruling.admitted().isEmpty()) {
        json(request.response(), ruling.code(), ruling.body());
        return;
      }
      if (request.method() == io.vertx.core.http.HttpMethod.GET) {
        Optional<String> document = path.startsWith("/openapi/") ? openApi.document(path)
            : discovery.document(path, serverAddress);
        if (document.isPresent()) {
          json(request.response(), 200, document.get());
          return;
        }
        if (path.equals("/healthz") || path.equals("/readyz") || path.equals("/livez")) {
          request.response().putHeader("Content-Type", "text/plain").end("ok");
          return;
        }
      }
      Matcher pod = POD_SUBRESOURCE.matcher(path);
      Matcher proxied = ServiceProxy.PATH.matcher(path);
      Matcher evicted = POD_EVICTION.matcher(path);
      if (proxied.matches()) {
        workers.execute(() -> serviceProxy.serve(request, proxied));
      } else if (evicted.matches() && request.method() == io.vertx.core.http.HttpMethod.POST) {
        evict(request, evicted.group(1), evicted.group(2));
      } else if (pod.matches()) {
        podSubresource(request, pod.group(1), pod.group(2), pod.group(3));
      } else if (request.method() == io.vertx.core.http.HttpMethod.POST
          && path.equals(SelfSubjectRulesReview.PATH)) {
        rulesReview(request, ruling.admitted().get());
      } else if (request.method() == io.vertx.core.http.HttpMethod.GET && WatchEndpoint.isWatch(request)) {
        watches.serve(request);
      } else {
        toStore(request, ruling.admitted().get());
      }
    } catch (RuntimeException e) {
      fail(request.response(), 500, "InternalError", "stand-in failed on " + request.method() + " "
          + request.uri() + ": " + e);
    }
  }

  /** {@code pods/eviction}: decided by {@link PodEviction} on a worker thread (it reads and writes the store). */
  private void evict(HttpServerRequest request, String namespace, String pod) {
    if (request.getParam("dryRun") != null) {
      request.resume();
      fail(request.response(), 400, "BadRequest", "dryRun is not supported by the API server stand-in (it would "
          + "write): run without --dry-run=server");
      return;
    }
    request.body().onSuccess(body -> workers.execute(() -> {
      try {
        PodEviction.Answer answer = eviction.evict(namespace, pod, body.toString(StandardCharsets.UTF_8));
        if (answer.retryAfterSeconds() > 0) {
          request.response().putHeader("Retry-After", String.valueOf(answer.retryAfterSeconds()));
        }
        json(request.response(), answer.code(), answer.body());
      } catch (RuntimeException e) {
        fail(request.response(), 500, "InternalError", "stand-in failed on the eviction of " + namespace + "/"
            + pod + ": " + e);
      }
    })).onFailure(e -> fail(request.response(), 400, "BadRequest", "cannot read the request body: " + e));
  }

  /** Answered, never stored, as kube-apiserver answers a review. */
  private void rulesReview(HttpServerRequest request, RequestAttributes attributes) {
    request.body().onSuccess(body -> {
      JsonNode review;
      try {
        review = Serialization.jsonMapper().readTree(body.getBytes());
      } catch (Exception e) {
        fail(request.response(), 400, "BadRequest", "cannot read the SelfSubjectRulesReview: " + e.getMessage());
        return;
      }
      json(request.response(), 201, access.reviewRules(attributes, review));
    }).onFailure(e -> fail(request.response(), 400, "BadRequest", "cannot read the request body: " + e));
  }

  private void toStore(HttpServerRequest request, RequestAttributes attributes) {
    if (request.getParam("dryRun") != null && request.method() != io.vertx.core.http.HttpMethod.GET) {
      request.resume();
      fail(request.response(), 400, "BadRequest", "dryRun is not supported by the API server stand-in (it would "
          + "write): run without --dry-run=server");
      return;
    }
    request.body().onSuccess(body -> workers.execute(() -> {
      try {
        String contentType = request.getHeader("Content-Type");
        byte[] bytes = body.getBytes();
        Optional<RequestRefused> tooLarge = RequestValidation.requestTooLarge(bytes.length);
        if (tooLarge.isPresent()) {
          json(request.response(), tooLarge.get().code(), tooLarge.get().statusJson());
          return;
        }
        if (contentType != null && contentType.startsWith(PROTOBUF)
            && request.method() == io.vertx.core.http.HttpMethod.DELETE) {
          bytes = new byte[0]; // DeleteOptions (helm sends them as protobuf); the stand-in ignores them anyway
          contentType = "application/json";
        } else if (contentType != null && contentType.startsWith(PROTOBUF)) {
          Optional<String> secret = ProtobufSecrets.toJson(bytes);
          if (secret.isEmpty()) {
            fail(request.response(), 415, "UnsupportedMediaType", "the stand-in decodes protobuf only for Secrets "
                + "(helm's release records); send JSON (kubectl's typed `create` commands use protobuf: use "
                + "`kubectl apply -f`)");
            return;
          }
          bytes = secret.get().getBytes(StandardCharsets.UTF_8);
          contentType = "application/json";
        }
        if (access.guardsWrite(attributes)) {
          Optional<Refusal> refused = escalationCheck(request, attributes, contentType, bytes);
          if (refused.isPresent()) {
            json(request.response(), refused.get().code(), refused.get().body());
            return;
          }
        }
        RecordedRequest recorded = new RecordedRequest("HTTP/1.1", HttpMethod.valueOf(request.method().name()),
            request.uri(), Headers.builder().add("Content-Type", contentType == null ? "application/json"
                : contentType).build(), new io.fabric8.mockwebserver.http.Buffer(bytes));
        MockResponse answer = store.dispatch(recorded);
        respond(request, answer == null ? new MockResponse().setResponseCode(405) : answer);
      } catch (RuntimeException e) {
        fail(request.response(), 500, "InternalError", "stand-in failed on " + request.method() + " "
            + request.uri() + ": " + e);
      }
    })).onFailure(e -> fail(request.response(), 400, "BadRequest", "cannot read the request body: " + e));
  }

  /**
   * RBAC's escalation check on the role or binding this write would store: the body of a create or update, the
   * patched object of a patch (an apply of an absent object: the applied one).
   */
  private record Refusal(int code, String body) {
  }

  private Optional<Refusal> escalationCheck(HttpServerRequest request, RequestAttributes attributes,
      String contentType, byte[] bytes) {
    String body = new String(bytes, StandardCharsets.UTF_8);
    JsonNode written;
    try {
      written = request.method() == io.vertx.core.http.HttpMethod.PATCH
          ? store.previewPatch(request.path(), contentType, body)
          : Serialization.jsonMapper().readTree(body);
    } catch (Exception e) {
      return Optional.of(new Refusal(400, StatusBodies.json(400, "BadRequest", "cannot read the "
          + attributes.resource() + " to check it for privilege escalation: " + e.getMessage())));
    }
    // No object to patch: the store answers 404 itself.
    return written == null ? Optional.empty()
        : access.checkWrite(attributes, written).map(status -> new Refusal(403, status));
  }

  private void respond(HttpServerRequest request, MockResponse answer) {
    answer.headers("Warning").forEach(warning -> request.response().headers().add("Warning", warning));
    int code = answer.code();
    String body = answer.getBody() == null ? "" : answer.getBody().readUtf8();
    if (code >= 400) {
      json(request.response(), code, StatusBodies.normalise(code, body, describe(request.path())));
      return;
    }
    if (code == 202) {
      code = 200;
    }
    json(request.response(), code, request.method() == io.vertx.core.http.HttpMethod.GET ? typedList(request, body)
        : body);
  }

  /** "pods \"worker-0\"", as Kubernetes names an object in its messages. */
  private static String describe(String path) {
    Map<String, String> parts = new KubernetesAttributesExtractor().fromKubernetesPath(path);
    String plural = parts.getOrDefault(KubernetesAttributesExtractor.PLURAL, path);
    String name = parts.get(KubernetesAttributesExtractor.NAME);
    return name == null ? plural : plural + " \"" + name + "\"";
  }

  /** The mock answers lists as kind "List"; Kubernetes says e.g. "PodList" with the group's apiVersion. */
  private String typedList(HttpServerRequest request, String body) {
    if (!body.contains("\"List\"")) {
      return body;
    }
    Map<String, String> parts = new KubernetesAttributesExtractor().fromKubernetesPath(request.path());
    if (parts.containsKey(KubernetesAttributesExtractor.NAME)) {
      return body;
    }
    Optional<ResourceType> type = store.catalog().find(parts.get(KubernetesAttributesExtractor.API),
        parts.get(KubernetesAttributesExtractor.VERSION), parts.get(KubernetesAttributesExtractor.PLURAL));
    JsonNode list = Serialization.unmarshal(body, JsonNode.class);
    if (type.isEmpty() || !"List".equals(list.path("kind").asText())) {
      return body;
    }
    ((ObjectNode) list).put("kind", type.get().kind() + "List");
    ((ObjectNode) list).put("apiVersion", type.get().groupVersion());
    return list.toString();
  }

  private void podSubresource(HttpServerRequest request, String namespace, String pod, String subresource) {
    Optional<JsonNode> stored = storedPod(namespace, pod);
    if (stored.isEmpty()) {
      fail(request.response(), 404, "NotFound", "pods \"" + pod + "\" not found");
      return;
    }
    String container = request.getParam("container");
    if (container == null || container.isBlank()) {
      container = stored.get().path("spec").path("containers").path(0).path("name").asText("");
    }
    switch (subresource) {
      case "exec" -> exec(request, namespace, pod, container);
      case "log" -> logs(request, namespace, pod, container);
      default -> fail(request.response(), 400, "BadRequest", "pods/" + subresource + " is not served by the stand-in");
    }
  }

  private void exec(HttpServerRequest request, String namespace, String pod, String container) {
    if (!"websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
      fail(request.response(), 400, "BadRequest", "Upgrade request required: the stand-in serves pods/exec over "
          + "WebSocket (" + ExecSession.V5 + ", " + ExecSession.V4 + ") only, not SPDY");
      return;
    }
    java.util.List<String> command = request.params().getAll("command");
    boolean stdin = "true".equals(request.getParam("stdin")) || "1".equals(request.getParam("stdin"));
    boolean stdout = !"false".equals(request.getParam("stdout")) && !"0".equals(request.getParam("stdout"));
    boolean stderr = !"false".equals(request.getParam("stderr")) && !"0".equals(request.getParam("stderr"));
    String chosen = container;
    request.toWebSocket()
        .onSuccess(ws -> new ExecSession(ws, exec, namespace, pod, chosen, command, stdin, stdout, stderr)
            .start(workers))
        .onFailure(e -> fail(request.response(), 400, "BadRequest", "WebSocket upgrade failed: " + e.getMessage()));
  }

  private void logs(HttpServerRequest request, String namespace, String pod, String container) {
    workers.execute(() -> {
      try {
        byte[] log = exec.logs(namespace, pod, container);
        request.response().putHeader("Content-Type", "text/plain").end(Buffer.buffer(log));
      } catch (ExecBackend.ExecException e) {
        fail(request.response(), 400, "BadRequest", e.getMessage());
      }
    });
  }

  private Optional<JsonNode> storedPod(String namespace, String pod) {
    MockResponse answer = store.handleGet("/api/v1/namespaces/" + namespace + "/pods/" + pod);
    if (answer.code() != 200 || answer.getBody() == null) {
      return Optional.empty();
    }
    return Optional.of(Serialization.unmarshal(answer.getBody().readUtf8(), JsonNode.class));
  }

  static void json(HttpServerResponse response, int code, String body) {
    response.setStatusCode(code).putHeader("Content-Type", "application/json")
        .end(Buffer.buffer(body.getBytes(StandardCharsets.UTF_8)));
  }

  static void fail(HttpServerResponse response, int code, String reason, String message) {
    if (!response.headWritten()) {
      json(response, code, StatusBodies.json(code, reason, message));
    }
  }
}
