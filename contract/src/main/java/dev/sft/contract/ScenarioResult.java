package dev.sft.contract;

import java.util.List;

/**
 * The result of one repetition of one scenario, as written to {@code report.json}. Counts are integers; a count
 * that could not be measured is {@code -1}. Build one with {@link #judged} or {@link #unknown}.
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

  /** What a scenario counted; -1 for what it could not measure. */
  public record Counts(long rows, long distinctIds, int newSnapshots, int acceptedMessages, int orphanFiles,
      int knownRejectedOrphans, int missingFiles) {
    public static final Counts NOT_MEASURED = new Counts(-1, -1, -1, -1, -1, -1, -1);
  }

  /** A repetition that ran and was judged by its checks. */
  public static ScenarioResult judged(String name, int repetition, Verdict scheduler, Verdict storage, Counts counts,
      long durationMs, String evidence, String message, List<Check> checks) {
    return new ScenarioResult(name, repetition, scheduler, storage, counts.rows(), counts.distinctIds(),
        counts.newSnapshots(), counts.acceptedMessages(), counts.orphanFiles(), counts.knownRejectedOrphans(),
        counts.missingFiles(), durationMs, evidence, message, checks == null ? null : List.copyOf(checks));
  }

  /** A repetition that never ran or never reported: both verdicts Unknown, nothing measured. */
  public static ScenarioResult unknown(String name, int repetition, String evidence, String why) {
    return judged(name, repetition, Verdict.Unknown, Verdict.Unknown, Counts.NOT_MEASURED, 0, evidence, why,
        List.of());
  }

  /** The same result with another message and checks, e.g. shortened for a termination message. */
  public ScenarioResult withMessage(String newMessage, List<Check> newChecks) {
    return new ScenarioResult(name, repetition, scheduler, storage, rows, distinctIds, newSnapshots,
        acceptedMessages, orphanFiles, knownRejectedOrphans, missingFiles, durationMs, evidence, newMessage,
        newChecks);
  }

  public boolean passed() {
    return scheduler == Verdict.Passed && storage == Verdict.Passed;
  }
}
