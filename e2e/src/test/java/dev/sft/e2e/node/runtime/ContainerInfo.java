package dev.sft.e2e.node.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** One container as {@code podman ps -a --format json} lists it. */
public record ContainerInfo(String id, String name, String state, int exitCode, Instant startedAt, Instant exitedAt) {
  public boolean running() {
    return "running".equals(state);
  }

  public boolean exited() {
    return "exited".equals(state) || "stopped".equals(state);
  }

  static ContainerInfo fromJson(JsonNode node) {
    return new ContainerInfo(node.path("Id").asText(), node.path("Names").path(0).asText(),
        node.path("State").asText(), node.path("ExitCode").asInt(),
        epoch(node.path("StartedAt").asLong()), epoch(node.path("ExitedAt").asLong()));
  }

  private static Instant epoch(long seconds) {
    return seconds > 0 ? Instant.ofEpochSecond(seconds) : null;
  }
}
