package dev.sft.contract;

import java.util.List;

/**
 * The result of one repetition of one scenario, as written to {@code report.json}. Counts are integers; a count
 * that could not be measured is {@code -1}.
 */
public record ScenarioResult(
    String name,
    int repetition,
    Verdict scheduler,
    Verdict storage,
    long rows,
    long distinctIds,
    int newSnapshots,
    int acceptedMessages,
    int orphanFiles,
    int knownRejectedOrphans,
    int missingFiles,
    long durationMs,
    String evidence,
    String message,
    List<Check> checks) {

  public boolean passed() {
    return scheduler == Verdict.Passed && storage == Verdict.Passed;
  }
}
