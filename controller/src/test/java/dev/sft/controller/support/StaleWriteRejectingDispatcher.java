package dev.sft.controller.support;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.CustomResourceAware;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.Resetable;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The API server's optimistic concurrency, which fabric8's CRUD mock lacks for {@code /status}: a PUT or PATCH whose
 * body names a {@code metadata.resourceVersion} other than the stored one is refused with 409 Conflict and a
 * {@code Status} of reason {@code Conflict}, as Kubernetes does. A body without a resourceVersion is not checked (an
 * unconditional update, or a merge patch that does not name one). Everything else goes to the mock unchanged.
 */
public final class StaleWriteRejectingDispatcher extends Dispatcher implements Resetable, CustomResourceAware {
  private final KubernetesMixedDispatcher store;
  /** Makes check-and-write one step: two writes carrying the same resourceVersion cannot both pass. */
  private final ReentrantLock writes = new ReentrantLock();
  private final AtomicInteger conflicts = new AtomicInteger();

  public StaleWriteRejectingDispatcher(KubernetesMixedDispatcher store) {
    this.store = store;
  }

  /** How many writes were refused as stale since the server started. */
  public int conflicts() {
    return conflicts.get();
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    HttpMethod method = request.method();
    if (method != HttpMethod.PUT && method != HttpMethod.PATCH) {
      return store.dispatch(request);
    }
    writes.lock();
    try {
      String claimed = claimedResourceVersion(request.getBody());
      if (claimed != null) {
        String stored = storedResourceVersion(objectPath(request.getPath()));
        if (stored != null && !stored.equals(claimed)) {
          conflicts.incrementAndGet();
          return conflict(request.getPath());
        }
      }
      return store.dispatch(request);
    } finally {
      writes.unlock();
    }
  }

  /** The body's {@code metadata.resourceVersion}, or null when it names none (or is not a JSON object). */
  private static String claimedResourceVersion(Buffer body) {
    // getBytes, not readUtf8: reading would empty the body before the mock sees it.
    if (body == null || body.size() == 0) {
      return null;
    }
    JsonNode node;
    try {
      node = Serialization.jsonMapper().readTree(body.getBytes());
    } catch (java.io.IOException notJson) {
      return null; // a JSON patch array or YAML: the mock decides
    }
    JsonNode version = node.path("metadata").path("resourceVersion");
    return version.isTextual() && !version.asText().isEmpty() ? version.asText() : null;
  }

  private String storedResourceVersion(String objectPath) {
    MockResponse current = store.dispatch(new RecordedRequest("HTTP/1.1", HttpMethod.GET, objectPath,
        Headers.builder().build(), new Buffer()));
    if (current.code() != 200) {
      return null; // absent: the mock answers 404 for the write itself
    }
    try {
      JsonNode version = Serialization.jsonMapper().readTree(current.getBody().getBytes())
          .path("metadata").path("resourceVersion");
      return version.isMissingNode() ? null : version.asText();
    } catch (java.io.IOException e) {
      throw new IllegalStateException("the mock server stored unreadable JSON at " + objectPath, e);
    }
  }

  /** The object a write addresses: the path without its query and without a {@code /status} subresource. */
  static String objectPath(String requestPath) {
    String path = requestPath;
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    return path.endsWith("/status") ? path.substring(0, path.length() - "/status".length()) : path;
  }

  /** Kubernetes' answer to a stale write, word for word but for the resource. */
  private static MockResponse conflict(String requestPath) {
    String[] segments = objectPath(requestPath).split("/");
    String name = segments[segments.length - 1];
    String plural = segments[segments.length - 2];
    // /apis/{group}/{version}/... names a group; /api/v1/... is the core group, which has none.
    String group = "apis".equals(segments[1]) ? segments[2] : "";
    String resource = group.isEmpty() ? plural : plural + "." + group;
    Status status = new StatusBuilder().withStatus("Failure").withCode(409).withReason("Conflict")
        .withMessage("Operation cannot be fulfilled on " + resource + " \"" + name
            + "\": the object has been modified; please apply your changes to the latest version and try again")
        .withNewDetails().withName(name).withGroup(group).withKind(plural).endDetails()
        .build();
    return new MockResponse().setResponseCode(409).setHeader("Content-Type", "application/json")
        .setBody(Serialization.asJson(status));
  }

  @Override
  public void reset() {
    store.reset();
  }

  @Override
  public void expectCustomResource(CustomResourceDefinitionContext context) {
    store.expectCustomResource(context);
  }
}
