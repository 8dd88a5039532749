package dev.sft.harness.probe;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The executor's own log, as a Standalone worker leaves it: the worker starts each executor in a folder of its own and
 * sends its stderr to the file {@code stderr} there. Read on the executor, where the folder is the working directory.
 */
final class ExecutorLog {
  /** The executor's log file name inside its working folder, as Spark's ExecutorRunner writes it. */
  static final String STDERR = "stderr";

  private ExecutorLog() {}

  /** The log file, or null when this executor has none (not started by a Standalone worker). */
  static Path path() {
    Path log = Path.of(System.getProperty("user.dir"), STDERR).toAbsolutePath();
    return Files.isRegularFile(log) ? log : null;
  }
}
