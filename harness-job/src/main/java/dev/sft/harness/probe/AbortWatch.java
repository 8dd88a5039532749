package dev.sft.harness.probe;

import dev.sft.harness.evidence.AbortObservation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The first half of an {@link AbortObservation}, taken on the executor before the writer's abort runs; {@link #end()}
 * completes it when the abort is over.
 */
record AbortWatch(boolean interrupted, String executorLog, long executorLogOffset) {

  /** The executor's log file name inside its working folder, as Spark's ExecutorRunner writes it. */
  static final String EXECUTOR_STDERR = "stderr";

  /** The state when an abort begins. */
  static AbortWatch begin() {
    Path log = Path.of(System.getProperty("user.dir"), EXECUTOR_STDERR).toAbsolutePath();
    long offset = -1;
    try {
      offset = Files.isRegularFile(log) ? Files.size(log) : -1;
    } catch (IOException e) {
      // The log is evidence, not a precondition: without it the judge says the log could not be read.
    }
    // isInterrupted(), unlike Thread.interrupted(), leaves the status as it is.
    return new AbortWatch(
        Thread.currentThread().isInterrupted(), offset < 0 ? null : log.toString(), Math.max(offset, 0));
  }

  AbortObservation end() {
    return new AbortObservation(interrupted, Thread.currentThread().isInterrupted(), executorLog, executorLogOffset);
  }
}
