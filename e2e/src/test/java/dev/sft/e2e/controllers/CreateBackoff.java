package dev.sft.e2e.controllers;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * When a controller may try again to create a pod that was refused: client-go's default per-item rate limiter,
 * 5 ms doubling with each failure up to 1000 s, forgotten on a success or when the owner's spec changes (a real
 * controller syncs at once on that update).
 */
final class CreateBackoff {
  private static final Duration BASE = Duration.ofMillis(5);
  private static final Duration MAX = Duration.ofSeconds(1000);

  private record State(int failures, Instant retryAt, Long generation) {}

  private final Map<String, State> states = new HashMap<>();

  boolean mayTry(String ownerUid, Long generation, Instant now) {
    State state = states.get(ownerUid);
    if (state == null) {
      return true;
    }
    if (generation != null && !generation.equals(state.generation())) {
      states.remove(ownerUid);
      return true;
    }
    return !now.isBefore(state.retryAt());
  }

  void failed(String ownerUid, Long generation, Instant now) {
    State state = states.get(ownerUid);
    int failures = state == null ? 1 : state.failures() + 1;
    Duration delay = BASE.multipliedBy(1L << Math.min(failures - 1, 30));
    states.put(ownerUid, new State(failures, now.plus(delay.compareTo(MAX) > 0 ? MAX : delay), generation));
  }

  void succeeded(String ownerUid) {
    states.remove(ownerUid);
  }
}
