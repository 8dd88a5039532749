package dev.sft.e2e.suite;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Every wait of the suite: bounded, and on time-out it says what it waited for and what it saw last, so a failed run
 * explains itself without a debugger.
 */
public final class Await {
  private static final Duration POLL = Duration.ofSeconds(1);

  private Await() {}

  /**
   * Observes until {@code done} holds and returns that observation; an observation that throws counts as "not yet"
   * (its message becomes what was seen).
   */
  public static <T> T until(String what, Duration bound, Supplier<T> observe, Predicate<T> done) {
    long deadline = System.nanoTime() + bound.toNanos();
    long started = System.nanoTime();
    String lastSeen = "nothing observed yet";
    while (true) {
      try {
        T observed = observe.get();
        if (done.test(observed)) {
          SuiteProgress.say("%s: after %.1fs", what, (System.nanoTime() - started) / 1e9);
          return observed;
        }
        lastSeen = String.valueOf(observed);
      } catch (RuntimeException e) {
        lastSeen = e.toString();
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + bound.toSeconds() + "s waiting for " + what
            + "; last seen: " + abbreviate(lastSeen));
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for " + what, e);
      }
    }
  }

  static String abbreviate(String text) {
    return text.length() <= 4000 ? text : text.substring(0, 2000) + " … " + text.substring(text.length() - 2000);
  }
}
