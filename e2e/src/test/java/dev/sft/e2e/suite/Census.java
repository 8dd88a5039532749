package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Samples, once a second in the background, every object of one kind and selector the API server shows, by uid, so
 * that a step can later ask what existed and when: how many harness Jobs a run ever had, and whether the harness
 * started before the rolled pods were ready. Times are this machine's clock at sampling (one second resolution).
 */
final class Census implements AutoCloseable {
  /** What was seen of one object. */
  record Sighting(String uid, String name, JsonNode first, JsonNode last, Instant firstSeen, Instant lastSeen,
      Instant readySince) {}

  private final Map<String, Sighting> byUid = new ConcurrentHashMap<>();
  private final Sampler sampler;

  Census(String what, Supplier<List<JsonNode>> observe) {
    sampler = new Sampler("census-" + what, () -> sample(observe.get()));
  }

  private void sample(List<JsonNode> items) {
    Instant now = Instant.now();
    for (JsonNode item : items) {
      String uid = item.path("metadata").path("uid").asText();
      boolean ready = isReady(item);
      byUid.merge(uid,
          new Sighting(uid, item.path("metadata").path("name").asText(), item, item, now, now, ready ? now : null),
          (old, fresh) -> new Sighting(uid, old.name(), old.first(), item, old.firstSeen(), now,
              old.readySince() != null ? old.readySince() : fresh.readySince()));
    }
  }

  private static boolean isReady(JsonNode item) {
    for (JsonNode condition : item.path("status").path("conditions")) {
      if ("Ready".equals(condition.path("type").asText()) && "True".equals(condition.path("status").asText())) {
        return true;
      }
    }
    return false;
  }

  List<Sighting> sightings() {
    return new ArrayList<>(byUid.values());
  }

  @Override
  public void close() {
    sampler.close();
  }
}
