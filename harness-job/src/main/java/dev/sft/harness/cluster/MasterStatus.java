package dev.sft.harness.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.harness.evidence.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The Standalone master's own view of its workers, from its {@code /json/} endpoint. */
public final class MasterStatus {
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** One worker as the master lists it; restarted workers linger as DEAD, so only ALIVE ones count. */
  public record Worker(String id, String host, String state, int cores) {}

  private MasterStatus() {}

  public static List<Worker> workers(String jsonUrl) throws IOException, InterruptedException {
    return parse(fetch(jsonUrl));
  }

  /** The master's own state: {@code ALIVE} once it has elected itself leader, {@code STANDBY} before. */
  public static String state(String jsonUrl) throws IOException, InterruptedException {
    return parseState(fetch(jsonUrl));
  }

  static String parseState(String json) {
    return Json.parse(json, JsonNode.class).path("status").asText();
  }

  private static String fetch(String jsonUrl) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(jsonUrl)).timeout(Duration.ofSeconds(2)).GET().build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(jsonUrl + " answered HTTP " + response.statusCode());
    }
    // While the master's UI is starting, its root page can answer for /json/ before the JSON handler is attached.
    if (!response.body().stripLeading().startsWith("{")) {
      throw new IOException(jsonUrl + " does not serve JSON yet");
    }
    return response.body();
  }

  static List<Worker> parse(String json) {
    List<Worker> workers = new ArrayList<>();
    JsonNode root = Json.parse(json, JsonNode.class);
    for (JsonNode worker : root.path("workers")) {
      workers.add(new Worker(worker.path("id").asText(), worker.path("host").asText(),
          worker.path("state").asText(), worker.path("cores").asInt()));
    }
    return workers;
  }

  public static long alive(List<Worker> workers) {
    return workers.stream().filter(w -> "ALIVE".equals(w.state())).count();
  }
}
