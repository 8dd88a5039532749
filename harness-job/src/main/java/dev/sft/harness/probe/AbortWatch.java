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

  /** The state when an abort begins. */
  static AbortWatch begin() {
    Path log = ExecutorLog.path();
    long offset = -1;
    try {
      offset = log == null ? -1 : Files.size(log);
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
