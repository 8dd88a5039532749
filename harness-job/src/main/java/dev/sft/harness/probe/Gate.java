package dev.sft.harness.probe;

import java.io.IOException;
import java.io.InterruptedIOException;
import dev.sft.contract.Pin;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Markers;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.spark.TaskContext;

/**
 * Holds a task attempt until the driver publishes its release marker (or the run-wide release-all), bounded by the
 * spec's timeout. A held attempt that Spark kills leaves the wait by exception, so Spark runs its normal failure
 * path (e.g. the writer's abort).
 */
final class Gate {
  private static final long POLL_MILLIS = 20;

  private Gate() {}

  /** Waits for release; on timeout publishes {@code gate-timeout.json} through {@code onTimeout} and throws. */
  static void awaitRelease(ProbeSpec spec, Path attemptDir, java.util.function.Consumer<String> onTimeout)
      throws IOException {
    Path release = attemptDir.resolve(EvidenceLayout.RELEASE);
    Path releaseAll = spec.paths().releaseAll();
    long deadline = System.currentTimeMillis() + spec.timeoutMillis();
    TaskContext context = TaskContext.get();
    // Listed, not looked up: a network filesystem may cache the "no such file" of the first poll (Markers.published).
    while (!Markers.published(release) && !Markers.published(releaseAll)) {
      if (spec.pins(Pin.LOSER_ABORT_INTERRUPTED)) {
        LoserAbortPin.awaitKillInterrupt(context);
      }
      // A kill without a thread interrupt only marks the context; leave the gate for the task's failure path.
      context.killTaskIfInterrupted();
      if (System.currentTimeMillis() > deadline) {
        String diagnostic = "gate timed out after " + spec.timeoutMillis() + " ms waiting for " + release
            + " or " + releaseAll;
        onTimeout.accept(diagnostic);
        throw new IOException(diagnostic);
      }
      // parkNanos returns on an interrupt and leaves it set, where a sleep would throw and clear it: the hold never
      // touches the interrupt Spark sent, not even to clear and set it again.
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS));
      if (Thread.currentThread().isInterrupted()) {
        // Spark interrupts a task it kills (e.g. "another attempt succeeded"): leave for the task's failure path with
        // the interrupt still pending, so the writer's abort runs as it would have without the hold.
        context.killTaskIfInterrupted();
        throw new InterruptedIOException("interrupted while held at " + attemptDir);
      }
    }
  }
}
