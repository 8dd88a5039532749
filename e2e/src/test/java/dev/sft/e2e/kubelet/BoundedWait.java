package dev.sft.e2e.kubelet;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls until a condition holds, within a bound; on time-out says what it waited for and what it last saw. */
final class BoundedWait {
  private BoundedWait() {}

  static <T> T until(String what, Duration bound, Supplier<T> observe, Predicate<T> done) {
    Instant deadline = Instant.now().plus(bound);
    T seen = null;
    RuntimeException lastError = null;
    while (Instant.now().isBefore(deadline)) {
      try {
        seen = observe.get();
        lastError = null;
        if (done.test(seen)) {
          return seen;
        }
      } catch (RuntimeException e) {
        lastError = e;
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for " + what, e);
      }
    }
    String last = String.valueOf(seen);
    if (last.length() > 3000) {
      last = last.substring(0, 3000) + "... (" + last.length() + " characters)";
    }
    throw new AssertionError("waited " + bound.toSeconds() + " s for " + what + "; last saw: " + last
        + (lastError != null ? "; last error: " + lastError : ""));
  }
}
