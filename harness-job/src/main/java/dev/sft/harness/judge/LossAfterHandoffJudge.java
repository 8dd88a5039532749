package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.FileSets;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The rules of executor loss after handoff: the target attempt's writer had committed (its files complete, its
 * message produced) and its result had not reached the driver when its executor was killed. Its message must never
 * be accepted, a replacement's must be, and storage must hold the killed attempt's complete files as rejected
 * orphans and nothing else. A writer that leaks commit messages to the driver out of band would duplicate data here.
 * The kill and recovery rules are {@link ExecutorLossJudge}'s.
 */
public final class LossAfterHandoffJudge {
  /** The probe's event name of {@link EvidenceLayout#HELD_AFTER_COMMIT}. */
  static final String HELD_AFTER_COMMIT = EvidenceLayout.event(EvidenceLayout.HELD_AFTER_COMMIT);

  private LossAfterHandoffJudge() {}

  /**
   * The pre-kill requirements, on what the driver re-read just before the kill.
   *
   * @param committedNow the target's committed files with their sizes as re-read by the driver
   * @param notComplete those of them that are not complete Parquet or Puffin files (no magic at both ends, or unreadable)
   * @return whether all hold, so the kill may proceed
   */
  public static boolean preKill(Checks checks, KillTarget target, List<AttemptMarker.FileState> committedNow,
      List<String> notComplete, WriteEvidence evidence, SchedulerHistory history) {
    AttemptIdentity victim = target.attempt();
    boolean heldAfterCommit = HELD_AFTER_COMMIT.equals(target.victim().event());
    boolean complete = heldAfterCommit && !committedNow.isEmpty() && notComplete.isEmpty()
        && committedNow.stream().allMatch(f -> f.bytes() > 0);
    checks.check(SCHEDULER, "pre-kill.target-committed-files-complete", complete,
        "TID " + victim.taskAttemptId() + " published " + target.victim().event() + " ("
            + (target.victim().detail() == null ? "no detail" : target.victim().detail()) + "); its files now "
            + committedNow + "; not complete Parquet or Puffin files: " + notComplete);

    long tid = victim.taskAttemptId();
    Optional<SchedulerEvent> ended = history.taskEnd(tid);
    boolean accepted = acceptedOf(evidence, tid).findAny().isPresent();
    checks.check(SCHEDULER, "pre-kill.target-result-not-delivered", ended.isEmpty() && !accepted,
        "task-end for TID " + tid + ": " + ended.map(SchedulerEvent::reason).orElse("none")
            + "; its message accepted: " + accepted);

    AttemptIdentity other = target.other().attempt();
    boolean otherProcess = other.partition() != victim.partition()
        && (other.pid() != victim.pid() || !other.host().equals(victim.host()));
    boolean otherDelivered = history.succeeded(other.taskAttemptId());
    checks.check(SCHEDULER, "pre-kill.other-result-delivered", otherProcess && otherDelivered,
        "partition " + other.partition() + " TID " + other.taskAttemptId() + " in executor " + other.executorId()
            + " (PID " + other.pid() + " on " + other.host() + ") ended Success in the scheduler: " + otherDelivered
            + "; another partition in another process: " + otherProcess);
    return complete && ended.isEmpty() && !accepted && otherProcess && otherDelivered;
  }

  /** After the kill and the write: the killed attempt's message never accepted, the replacement's accepted. */
  public static void afterRecovery(Checks checks, KillTarget target, WriteEvidence evidence,
      SchedulerHistory history) {
    AttemptIdentity victim = target.attempt();
    Set<String> committed = new TreeSet<>(target.victim().paths());
    List<String> byTid = acceptedOf(evidence, victim.taskAttemptId())
        .map(a -> "accepted as p" + a.attempt().partition() + " TID " + a.attempt().taskAttemptId() + " with "
            + a.files())
        .toList();
    List<String> byFiles = Stream.concat(
            evidence.accepted().stream().filter(a -> shares(a.files(), committed))
                .map(a -> "TID " + a.attempt().taskAttemptId() + "'s accepted message names " + shared(a.files(), committed)),
            evidence.unattributedAccepted().stream().filter(u -> shares(u.files(), committed))
                .map(u -> "an unattributed accepted message names " + shared(u.files(), committed)))
        .toList();
    checks.check(SCHEDULER, "target.message-never-accepted", byTid.isEmpty() && byFiles.isEmpty(),
        byTid.isEmpty() && byFiles.isEmpty()
            ? "no accepted message is TID " + victim.taskAttemptId() + "'s or names any of its " + committed.size()
                + " committed file(s)"
            : String.join("; ", Stream.concat(byTid.stream(), byFiles.stream()).toList()));

    Optional<SchedulerEvent> replacement = ExecutorLossJudge.replacementOf(victim, history);
    Optional<AcceptedMessage> replacementAccepted = replacement.flatMap(r -> evidence.accepted().stream()
        .filter(a -> a.attempt().taskAttemptId() == r.taskId() && a.attempt().partition() == victim.partition())
        .findFirst());
    checks.check(SCHEDULER, "replacement.message-accepted", replacementAccepted.isPresent(),
        replacement.map(r -> "replacement TID " + r.taskId() + " of partition " + victim.partition()
                + (replacementAccepted.isPresent()
                    ? ": its message was accepted with " + replacementAccepted.get().files().size() + " file(s)"
                    : ": no accepted message of it; accepted TIDs " + evidence.acceptedTids()))
            .orElse("no replacement of partition " + victim.partition() + " succeeded, so none can be accepted"));
  }

  /**
   * The storage side: the orphans are exactly the killed attempt's committed files, each known rejected and none
   * referenced by the table's snapshot ({@code snapshots.one-new} makes it the only one).
   */
  public static void storage(Checks checks, KillTarget target, AuditResult audit) {
    Set<String> committed = new TreeSet<>(target.victim().paths());
    Set<String> extra = FileSets.minus(audit.orphan(), committed);
    Set<String> notOrphan = FileSets.minus(committed, audit.orphan());
    Set<String> notKnownRejected = FileSets.minus(committed, audit.knownRejectedOrphans());
    Set<String> referenced = FileSets.intersect(committed, audit.referenced());
    checks.check(STORAGE, "orphans.exactly-killed-attempt-files",
        !committed.isEmpty() && extra.isEmpty() && notOrphan.isEmpty() && notKnownRejected.isEmpty()
            && referenced.isEmpty(),
        "TID " + target.attempt().taskAttemptId() + " committed " + committed.size() + " file(s); orphans that are"
            + " not among them: " + extra + "; committed files that are not orphans: " + notOrphan
            + " (referenced: " + referenced + "); committed files not known rejected: " + notKnownRejected);
  }

  /**
   * {@code sft audit}'s view of {@link #storage}, from a scenario's evidence folder: judged as the scenario judges it
   * when sft's kill record shows the target's executor killed; Unknown when the evidence names a target but no record
   * proves the kill (the files cannot be called the killed attempt's); not judged when no target was chosen, since
   * then nothing was killed and the scenario judges no such rule either.
   */
  public static void storage(Checks checks, Optional<RecordedKill> kill, AuditResult audit) {
    if (kill.isEmpty()) {
      return;
    }
    KillTarget target = kill.get().target();
    if (kill.get().provenKilled()) {
      storage(checks, target, audit);
    } else {
      checks.unknown(STORAGE, "orphans.exactly-killed-attempt-files", "the evidence names TID "
          + target.attempt().taskAttemptId() + " on executor " + target.attempt().executorId() + " (PID "
          + target.attempt().pid() + ") as the target, but no kill record shows it killed ("
          + kill.get().record().map(r -> "record: " + r.result()).orElse("no record") + "), so its "
          + target.victim().paths().size() + " committed file(s) are not judged as a killed attempt's");
    }
  }

  private static Stream<AcceptedMessage> acceptedOf(WriteEvidence evidence, long tid) {
    return Stream.concat(evidence.accepted().stream(), evidence.duplicateAccepted().stream())
        .filter(a -> a.attempt().taskAttemptId() == tid);
  }

  private static boolean shares(List<String> files, Set<String> committed) {
    return files.stream().anyMatch(committed::contains);
  }

  private static List<String> shared(List<String> files, Set<String> committed) {
    return files.stream().filter(committed::contains).toList();
  }
}
