package dev.sft.e2e.apiserver.front;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.e2e.apiserver.store.StandInStore;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.MockResponse;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's service proxy, {@code GET /api/v1/namespaces/NS/services/NAME[:PORT]/proxy/PATH}, as
 * {@code kubectl proxy} reaches it: the stand-in picks a running, ready pod that the Service's selector matches
 * (the stand-in keeps no Endpoints), resolves the port by name or number, and forwards the GET to the pod's IP.
 * GET only; what a real API server does with redirects and WebSockets is not simulated.
 */
final class ServiceProxy {
  static final Pattern PATH =
      Pattern.compile("/api/v1/namespaces/([^/]+)/services/([^/:]+)(?::([^/]+))?/proxy(/.*)?");
  private static final Duration BOUND = Duration.ofSeconds(10);

  private final StandInStore store;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(BOUND).build();

  ServiceProxy(StandInStore store) {
    this.store = store;
  }

  /** Serves one proxied request; runs on a worker thread (it blocks on the store and the pod). */
  void serve(HttpServerRequest request, Matcher path) {
    if (request.method() != io.vertx.core.http.HttpMethod.GET) {
      HttpFront.fail(request.response(), 405, "MethodNotAllowed", "the stand-in proxies GET only");
      return;
    }
    String namespace = path.group(1);
    String service = path.group(2);
    String port = path.group(3);
    String rest = path.group(4) == null ? "/" : path.group(4);
    Optional<JsonNode> svc = get("/api/v1/namespaces/" + namespace + "/services/" + service);
    if (svc.isEmpty()) {
      HttpFront.fail(request.response(), 404, "NotFound", "services \"" + service + "\" not found");
      return;
    }
    Optional<JsonNode> servicePort = servicePort(svc.get(), port);
    if (servicePort.isEmpty()) {
      HttpFront.fail(request.response(), 503, "ServiceUnavailable", "no port " + port + " on service " + service);
      return;
    }
    Optional<String> target = readyPods(namespace, svc.get().path("spec").path("selector")).stream()
        .map(pod -> targetOf(pod, servicePort.get())).flatMap(Optional::stream).findFirst();
    if (target.isEmpty()) {
      HttpFront.fail(request.response(), 503, "ServiceUnavailable",
          "no endpoints available for service \"" + service + "\"");
      return;
    }
    String query = request.query() == null ? "" : "?" + request.query();
    try {
      HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create("http://" + target.get() + rest
          + query)).timeout(BOUND).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      request.response().setStatusCode(answer.statusCode());
      answer.headers().firstValue("Content-Type").ifPresent(t -> request.response().putHeader("Content-Type", t));
      request.response().end(Buffer.buffer(answer.body()));
    } catch (IOException e) {
      HttpFront.fail(request.response(), 503, "ServiceUnavailable", "error trying to reach service: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      HttpFront.fail(request.response(), 503, "ServiceUnavailable", "interrupted");
    }
  }

  private static Optional<JsonNode> servicePort(JsonNode service, String wanted) {
    for (JsonNode port : service.path("spec").path("ports")) {
      if (wanted == null || wanted.equals(port.path("name").asText()) || wanted.equals(port.path("port").asText())) {
        return Optional.of(port);
      }
    }
    return Optional.empty();
  }

  /** {@code podIP:port}, the target port named in the pod's containers or given as a number (default: the port). */
  private static Optional<String> targetOf(JsonNode pod, JsonNode servicePort) {
    JsonNode targetPort = servicePort.path("targetPort");
    String number = targetPort.isMissingNode() || targetPort.isNull() ? servicePort.path("port").asText()
        : targetPort.asText();
    if (!number.chars().allMatch(Character::isDigit)) {
      number = null;
      for (JsonNode container : pod.path("spec").path("containers")) {
        for (JsonNode port : container.path("ports")) {
          if (targetPort.asText().equals(port.path("name").asText())) {
            number = port.path("containerPort").asText();
          }
        }
      }
    }
    String ip = pod.path("status").path("podIP").asText("");
    return number == null || ip.isEmpty() ? Optional.empty() : Optional.of(ip + ":" + number);
  }

  private List<JsonNode> readyPods(String namespace, JsonNode selector) {
    List<JsonNode> ready = new ArrayList<>();
    if (!selector.isObject() || selector.isEmpty()) {
      return ready;
    }
    for (JsonNode pod : get("/api/v1/namespaces/" + namespace + "/pods").map(l -> l.path("items"))
        .orElse(Serialization.jsonMapper().createArrayNode())) {
      boolean matches = true;
      for (Iterator<Map.Entry<String, JsonNode>> labels = selector.fields(); labels.hasNext(); ) {
        Map.Entry<String, JsonNode> label = labels.next();
        matches &= label.getValue().asText().equals(pod.path("metadata").path("labels").path(label.getKey()).asText());
      }
      boolean isReady = false;
      for (JsonNode condition : pod.path("status").path("conditions")) {
        isReady |= "Ready".equals(condition.path("type").asText()) && "True".equals(condition.path("status").asText());
      }
      if (matches && isReady && "Running".equals(pod.path("status").path("phase").asText())) {
        ready.add(pod);
      }
    }
    return ready;
  }

  private Optional<JsonNode> get(String path) {
    MockResponse answer = store.handleGet(path);
    if (answer.code() != 200 || answer.getBody() == null) {
      return Optional.empty();
    }
    return Optional.of(Serialization.unmarshal(answer.getBody().readUtf8(), JsonNode.class));
  }
}
