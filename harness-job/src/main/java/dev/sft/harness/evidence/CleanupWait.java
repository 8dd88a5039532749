package dev.sft.harness.evidence;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * A short bounded wait, counted from when an attempt's cleanup should have finished, for its files to go from
 * storage, as the reference suite waits for a speculative loser's cleanup before it audits: a writer may still be
 * deleting on a worker pool after its {@code abort()} returned. It only lists storage; it deletes nothing and never
 * touches the writer.
 */
public final class CleanupWait {
  /** How long after its abort returned a loser's cleanup may take: seconds, not the scenario's {@code --timeout}. */
  public static final Duration BOUND = Duration.ofSeconds(3);
  private static final long POLL_MS = 100;

  private CleanupWait() {}

  /**
   * What the wait saw at its end.
   *
   * @param left the files still on storage when the wait ended
   * @param fromMs when the wait's bound began (e.g. when the abort returned, executor clock)
   * @param endedAtMs when the wait took its last listing
   * @param from what happened at {@code fromMs}, in words ("its abort returned")
   */
  public record Outcome(List<String> left, long fromMs, long endedAtMs, String from) {
    public Outcome {
      left = List.copyOf(left);
    }

    /** How long the files outlived the start of the wait, e.g. "still on storage 3.1 s after its abort returned". */
    public String outlived() {
      return String.format(java.util.Locale.ROOT, "still on storage %.1f s after %s",
          (endedAtMs - fromMs) / 1000.0, from);
    }
  }

  /**
   * Lists {@code files} until none is left or {@code bound} after {@code fromMs} has passed, then once more; a
   * bound already past when called makes it one listing.
   *
   * @param files the attempt's files on storage right now (a listing, e.g. by name prefix)
   */
  public static Outcome await(Supplier<List<String>> files, long fromMs, String from, Duration bound) {
    long deadline = fromMs + bound.toMillis();
    while (System.currentTimeMillis() < deadline) {
      List<String> now = files.get();
      if (now.isEmpty()) {
        return new Outcome(now, fromMs, System.currentTimeMillis(), from);
      }
      try {
        Thread.sleep(Math.min(POLL_MS, Math.max(1, deadline - System.currentTimeMillis())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for files to go from storage", e);
      }
    }
    return new Outcome(files.get(), fromMs, System.currentTimeMillis(), from);
  }
}
