package dev.sft.harness.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the probe saw around a writer's {@code abort()}, without changing it: whether the task's thread was interrupted
 * when {@code abort()} began and when it returned (Spark interrupts every killed speculative loser, and an abort that
 * gives up on that interrupt leaves files behind: a defect of the writer, which the judges report as such), and where
 * the executor's own log stood when it began, so a judge can quote what the writer logged during its abort.
 *
 * @param interruptedAtStart the thread's interrupt status when {@code abort()} was called
 * @param interruptedAtEnd the thread's interrupt status when {@code abort()} returned or threw
 * @param executorLog the executor's stderr log (a Standalone worker starts each executor in its own folder and
 *     sends its stderr to the file {@code stderr} there), or null when there is none
 * @param executorLogOffset the log's size in bytes when {@code abort()} began
 */
public record AbortObservation(
    boolean interruptedAtStart, boolean interruptedAtEnd, String executorLog, long executorLogOffset) {

  /** The executor's log file name inside its working folder, as Spark's ExecutorRunner writes it. */
  static final String EXECUTOR_STDERR = "stderr";

  /** The state when an abort begins; {@link #end()} completes it when the abort is over. */
  static Start begin() {
    Path log = Path.of(System.getProperty("user.dir"), EXECUTOR_STDERR).toAbsolutePath();
    long offset = -1;
    try {
      offset = Files.isRegularFile(log) ? Files.size(log) : -1;
    } catch (IOException e) {
      // The log is evidence, not a precondition: without it the judge says the log could not be read.
    }
    // isInterrupted(), unlike Thread.interrupted(), leaves the status as it is.
    return new Start(Thread.currentThread().isInterrupted(), offset < 0 ? null : log.toString(), Math.max(offset, 0));
  }

  /** The observation's first half, taken before the writer's abort runs. */
  record Start(boolean interrupted, String executorLog, long executorLogOffset) {
    AbortObservation end() {
      return new AbortObservation(interrupted, Thread.currentThread().isInterrupted(), executorLog, executorLogOffset);
    }
  }
}
