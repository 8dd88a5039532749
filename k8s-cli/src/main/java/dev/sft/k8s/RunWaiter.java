package dev.sft.k8s;

import dev.sft.contract.RunExitCode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Polls a test until the run for the generation it first saw (or a later one) ends ({@link RunEnd}), printing a line
 * whenever what it shows changes: the phase, the summary, the controller's message. Polling rather than a watch: a
 * watch needs {@code watch} permission and reconnects, and a run lasts minutes.
 */
public final class RunWaiter {
  /** What the wait ended with: the last status seen, and the exit code (infrastructure on a time-out). */
  public record Outcome(TestView last, RunExitCode code, boolean timedOut) {}

  private final Supplier<TestView> read;
  private final Duration timeout;
  private final Duration poll;
  /** Where each change is said: stderr, apart from the result the caller prints. */
  private final PrintWriter progress;

  public RunWaiter(Supplier<TestView> read, Duration timeout, Duration poll, PrintWriter progress) {
    this.read = read;
    this.timeout = timeout;
    this.poll = poll;
    this.progress = progress;
  }

  /**
   * @throws K8sProblem when the test cannot be read at the start, or stops being readable for a reason that no
   *     retry mends (deleted, permission withdrawn)
   */
  public Outcome await() throws InterruptedException {
    long started = System.nanoTime();
    long deadline = started + timeout.toNanos();
    TestView test = read.get();
    long seen = test.generation();
    say(started, test.name() + ": waiting up to " + human(timeout) + " for the run of generation " + seen
        + " to end");
    String shown = null;
    String lastProblem = null;
    while (true) {
      Optional<RunExitCode> end = RunEnd.of(test, seen);
      String line = describe(test, seen);
      if (!line.equals(shown)) {
        say(started, test.name() + ": " + line);
        shown = line;
      }
      if (end.isPresent()) {
        say(started, test.name() + ": " + RunEnd.describe(test, end.get()));
        return new Outcome(test, end.get(), false);
      }
      if (System.nanoTime() >= deadline) {
        say(started, test.name() + ": timed out after " + human(timeout) + " (" + line + ")");
        return new Outcome(test, RunExitCode.INFRASTRUCTURE, true);
      }
      Thread.sleep(Math.max(1, Math.min(poll.toMillis(), (deadline - System.nanoTime()) / 1_000_000)));
      try {
        test = read.get();
        lastProblem = null;
      } catch (K8sProblem problem) {
        if (!problem.passing()) {
          throw problem;
        }
        if (!Objects.equals(problem.getMessage(), lastProblem)) {
          say(started, test.name() + ": " + problem.getMessage() + " (retrying)");
          lastProblem = problem.getMessage();
        }
      }
    }
  }

  /** What the status says about the wait, in one line; equal lines are printed once. */
  static String describe(TestView test, long seen) {
    if (test.observedGeneration() < 0) {
      return "no status yet (the controller has not seen the test: is namespace " + test.namespace()
          + " one it watches?)";
    }
    if (test.observedGeneration() < seen) {
      return "waiting for the controller to observe generation " + seen + " (it has seen "
          + test.observedGeneration() + ")";
    }
    String summary = test.summary() == null ? "" : " " + test.summary();
    if (test.runGeneration() < seen && !RunEnd.invalidSpec(test)) {
      return test.finished()
          ? "run " + test.runId() + " of generation " + test.runGeneration() + " ended " + test.phase()
              + "; waiting for the run of generation " + seen + " to start"
          : "run " + test.runId() + " of generation " + test.runGeneration() + " is " + test.phase() + summary
              + "; generation " + seen + " is queued until it ends";
    }
    return test.phase() + summary + (test.message() == null ? "" : ": " + test.message());
  }

  private void say(long started, String message) {
    double seconds = (System.nanoTime() - started) / 1e9;
    progress.println(String.format(Locale.ROOT, "[sft %6.1fs] %s", seconds, message));
    progress.flush();
  }

  static String human(Duration duration) {
    long seconds = duration.toSeconds();
    if (seconds % 3600 == 0 && seconds > 0) {
      return seconds / 3600 + "h";
    }
    if (seconds % 60 == 0 && seconds > 0) {
      return seconds / 60 + "m";
    }
    return duration.toMillis() % 1000 == 0 ? seconds + "s" : duration.toMillis() + "ms";
  }
}
