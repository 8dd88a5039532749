package dev.sft.harness.kill;

import java.time.Duration;
import java.util.List;

/** Runs the kill script on the executor's host. */
public interface KillTransport {
  /** What the script printed and how it exited; {@code exitCode} is the script's or the transport's own. */
  record Execution(int exitCode, String stdout, String stderr, String pod, String container) {}

  String name();

  /** Refuses a request this transport cannot honour (e.g. a non-local host for the local transport). */
  void validate(KillRequest request);

  /**
   * Runs the script on the target in mode {@link KillScript#KILL} with {@code scriptArgs} (PID EXECUTOR_ID HOST
   * EXIT_TIMEOUT_MS).
   */
  Execution execute(KillRequest request, String script, List<String> scriptArgs, Duration bound)
      throws TransportException;

  /** The transport itself failed: no answer from the target, so nothing is known about the process. */
  final class TransportException extends Exception {
    public TransportException(String message) {
      super(message);
    }
  }
}
