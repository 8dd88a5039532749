package dev.sft.controller.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the master's {@code /json/} page. Only workers in state ALIVE count: restarted workers linger as DEAD.
 * The controller must reach the master's UI port, which the test's NetworkPolicy admits from the controller's pods.
 */
@ApplicationScoped
public class HttpMasterProbe implements MasterProbe {
  private static final Duration TIMEOUT = Duration.ofSeconds(3);
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
  private final ObjectMapper json = new ObjectMapper();

  @Override
  public Result aliveWorkers(URI masterJsonUrl) {
    try {
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(masterJsonUrl).timeout(TIMEOUT).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return Result.unreachable("master answered HTTP " + response.statusCode());
      }
      return Result.alive(aliveHosts(json.readTree(response.body())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Result.unreachable("interrupted");
    } catch (Exception e) {
      return Result.unreachable(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  static List<String> aliveHosts(JsonNode masterState) {
    List<String> hosts = new ArrayList<>();
    for (JsonNode worker : masterState.path("workers")) {
      if ("ALIVE".equals(worker.path("state").asText())) {
        hosts.add(worker.path("host").asText());
      }
    }
    return hosts;
  }
}
