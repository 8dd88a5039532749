package dev.sft.harness.kill;

/**
 * The evidence record of one kill request, written atomically into RUN_DIRECTORY/kills/ whatever the outcome.
 * Times are epoch milliseconds on the target ({@code killTimeMs}, {@code exitObservedMs}) and on the caller
 * ({@code requestedAtMs}, {@code finishedAtMs}).
 */
public record KillRecord(
    String transport,
    String host,
    String pod,
    String container,
    long pid,
    String executorId,
    String cmdline,
    String result,
    int exitCode,
    String reason,
    Long killTimeMs,
    Long exitObservedMs,
    String exitState,
    long requestedAtMs,
    long finishedAtMs) {

  public boolean killed() {
    return exitCode == 0;
  }
}
