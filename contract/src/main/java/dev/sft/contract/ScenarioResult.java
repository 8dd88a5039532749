package dev.sft.contract;

import java.util.List;

/**
 * The result of one repetition of one scenario under one write operation, as written to {@code report.json}; a
 * result is keyed by scenario × operation × layout × repetition. Counts are integers; a count that could not be
 * measured is {@code -1}. Build one with {@link #judged} or {@link #unknown}.
 *
 * @param operation the {@link OperationName} id of the monitored write; a report from before operations has none,
 *     which reads as {@code append}
 * @param layout the {@link TableLayout} id of the table; none reads as {@code unpartitioned}
 * @param knownFindings the references of the {@link KnownFinding}s that acknowledged this result's failing checks,
 *     when a side is {@link Verdict#Known}; empty otherwise
 * @param findings derived from the verdicts and checks (never read from input): the ids of what this repetition found
 *     ({@link Finding#of}), sorted
 * @param pin the {@link Pin} id this repetition ran under, or null for a natural repetition: a pinned repetition's
 *     race was made to go one way, so it is never counted with natural ones ({@link ScenarioStats#of})
 * @param cluster the index (from 0) of the Spark cluster the repetition ran on when one run was spread over several,
 *     or null for a run on one cluster: two repetitions of one number in a merged report ({@link RunMerge}) differ by
 *     it
 */
public record ScenarioResult(
    String name,
    String operation,
    String layout,
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
    List<Check> checks,
    List<String> knownFindings,
    List<String> findings,
    String pin,
    Integer cluster) {

  public ScenarioResult {
    operation = operation == null ? WriteOperation.DEFAULT.operation().id() : operation;
    layout = layout == null ? WriteOperation.DEFAULT.layout().id() : layout;
    knownFindings = knownFindings == null ? List.of() : List.copyOf(knownFindings);
    findings = Finding.of((scheduler == null ? Verdict.Unknown : scheduler)
        .and(storage == null ? Verdict.Unknown : storage), checks).stream().map(Finding::id).toList();
  }

  /** What a scenario counted; -1 for what it could not measure. */
  public record Counts(long rows, long distinctIds, int newSnapshots, int acceptedMessages, int orphanFiles,
      int knownRejectedOrphans, int missingFiles) {
    public static final Counts NOT_MEASURED = new Counts(-1, -1, -1, -1, -1, -1, -1);
  }

  /** A repetition that ran and was judged by its checks. */
  public static ScenarioResult judged(String name, WriteOperation operation, int repetition, Verdict scheduler,
      Verdict storage, Counts counts, long durationMs, String evidence, String message, List<Check> checks) {
    return new ScenarioResult(name, operation.operation().id(), operation.layout().id(), repetition, scheduler,
        storage, counts.rows(), counts.distinctIds(), counts.newSnapshots(), counts.acceptedMessages(),
        counts.orphanFiles(), counts.knownRejectedOrphans(), counts.missingFiles(), durationMs, evidence, message,
        checks == null ? null : List.copyOf(checks), List.of(), null, null, null);
  }

  /** A repetition of the default operation ({@code append}) that ran and was judged by its checks. */
  public static ScenarioResult judged(String name, int repetition, Verdict scheduler, Verdict storage, Counts counts,
      long durationMs, String evidence, String message, List<Check> checks) {
    return judged(name, WriteOperation.DEFAULT, repetition, scheduler, storage, counts, durationMs, evidence, message,
        checks);
  }

  /** A repetition that never ran or never reported: both verdicts Unknown, nothing measured. */
  public static ScenarioResult unknown(String name, WriteOperation operation, int repetition, String evidence,
      String why) {
    return judged(name, operation, repetition, Verdict.Unknown, Verdict.Unknown, Counts.NOT_MEASURED, 0, evidence,
        why, List.of());
  }

  /** A repetition of the default operation that never ran or never reported. */
  public static ScenarioResult unknown(String name, int repetition, String evidence, String why) {
    return unknown(name, WriteOperation.DEFAULT, repetition, evidence, why);
  }

  /** The same result with another message and checks, e.g. shortened for a termination message. */
  public ScenarioResult withMessage(String newMessage, List<Check> newChecks) {
    return new ScenarioResult(name, operation, layout, repetition, scheduler, storage, rows, distinctIds,
        newSnapshots, acceptedMessages, orphanFiles, knownRejectedOrphans, missingFiles, durationMs, evidence,
        newMessage, newChecks, knownFindings, null, pin, cluster);
  }

  /** The same result with these verdicts, acknowledged by the known findings of these references. */
  public ScenarioResult withKnown(Verdict newScheduler, Verdict newStorage, List<String> references) {
    return new ScenarioResult(name, operation, layout, repetition, newScheduler, newStorage, rows, distinctIds,
        newSnapshots, acceptedMessages, orphanFiles, knownRejectedOrphans, missingFiles, durationMs, evidence,
        message, checks, references, null, pin, cluster);
  }

  /** The same result, run under the pin of this id (null: natural). */
  public ScenarioResult withPin(String pinId) {
    return new ScenarioResult(name, operation, layout, repetition, scheduler, storage, rows, distinctIds,
        newSnapshots, acceptedMessages, orphanFiles, knownRejectedOrphans, missingFiles, durationMs, evidence,
        message, checks, knownFindings, null, pinId, cluster);
  }

  /** The same result, run on the cluster of this index (null: the run had one cluster). */
  public ScenarioResult withCluster(Integer clusterIndex) {
    return new ScenarioResult(name, operation, layout, repetition, scheduler, storage, rows, distinctIds,
        newSnapshots, acceptedMessages, orphanFiles, knownRejectedOrphans, missingFiles, durationMs, evidence,
        message, checks, knownFindings, null, pin, clusterIndex);
  }

  /** What a report adds to the repetition's number: {@code " on cluster 1"}, or nothing for a run on one cluster. */
  public String clusterLabel() {
    return cluster == null ? "" : " on cluster " + cluster;
  }

  /** The matrix column this result belongs to. */
  public WriteOperation writeOperation() {
    return WriteOperation.of(operation, layout);
  }

  /** The matrix cell: scenario and operation id, e.g. {@code speculation-original-wins/overwrite-partitioned}. */
  public String cell() {
    return name + "/" + writeOperation().id();
  }

  public boolean passed() {
    return scheduler == Verdict.Passed && storage == Verdict.Passed;
  }

  /** Not passed, but only because of acknowledged findings: each side Passed or Known, at least one Known. */
  public boolean known() {
    return outcome() == Verdict.Known;
  }

  /** The cell's outcome over both sides: Passed, Known, Unknown or Failed; a side not recorded is Unknown. */
  public Verdict outcome() {
    return (scheduler == null ? Verdict.Unknown : scheduler).and(storage == null ? Verdict.Unknown : storage);
  }
}
