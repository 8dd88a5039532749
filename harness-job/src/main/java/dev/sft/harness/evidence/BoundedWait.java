package dev.sft.harness.evidence;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every wait in sft is bounded. When the bound is reached the wait fails with a message that names what it waited
 * for and what it saw last, so a stuck scenario explains itself.
 */
public final class BoundedWait {
  private static final Duration POLL = Duration.ofMillis(50);

  private BoundedWait() {}

  /** Thrown when a bounded wait runs out; the message is the diagnostic. */
  public static final class TimedOut extends RuntimeException {
    public TimedOut(String message) {
      super(message);
    }
  }

  public static <T> T until(String what, Duration timeout, Supplier<Optional<T>> probe, Supplier<String> sawLast) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<T> result = probe.get();
      if (result.isPresent()) {
        return result.get();
      }
      if (System.nanoTime() > deadline) {
        throw new TimedOut(
            "timed out after " + timeout.toSeconds() + " s waiting for " + what + "; saw: " + sawLast.get());
      }
      sleep(POLL);
    }
  }

  public static void untilTrue(String what, Duration timeout, Supplier<Boolean> condition, Supplier<String> sawLast) {
    until(what, timeout, () -> condition.get() ? Optional.of(Boolean.TRUE) : Optional.empty(), sawLast);
  }

  public static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    }
  }
}
