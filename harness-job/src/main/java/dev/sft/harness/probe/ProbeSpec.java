package dev.sft.harness.probe;

import dev.sft.harness.evidence.Json;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the probe does inside one monitored write. The driver passes it as a write option, and Spark captures it in
 * the task closures, so executors never depend on a driver-side singleton.
 *
 * @param scenarioDir the scenario's evidence folder on the shared volume; markers and gates live under it
 * @param holdAfterHandoff partitions whose attempts wait, after handoff, until the driver releases them
 * @param timeoutMillis bound of every gate wait
 */
public record ProbeSpec(String scenarioDir, List<Integer> holdAfterHandoff, long timeoutMillis) implements Serializable {
  /** The Spark write option that carries the spec. */
  public static final String OPTION = "sft.probe";

  public String toOption() {
    return Json.compact(this);
  }

  public static Optional<ProbeSpec> fromOptions(Map<String, String> options) {
    String encoded = options.get(OPTION);
    return encoded == null ? Optional.empty() : Optional.of(Json.parse(encoded, ProbeSpec.class));
  }

  public boolean holdsAfterHandoff(int partition) {
    return holdAfterHandoff.contains(partition);
  }

  public GatePaths paths() {
    return new GatePaths(java.nio.file.Path.of(scenarioDir));
  }
}
