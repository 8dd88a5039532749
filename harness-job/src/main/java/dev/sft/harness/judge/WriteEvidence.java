package dev.sft.harness.judge;

import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.CommitMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.UnattributedMessage;
import dev.sft.harness.evidence.WriterFiles;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The probe's markers of one monitored write, read back from the shared volume: the one view of them that the
 * judges, the scenarios, {@code sft audit} and the HTML report's timeline read.
 */
public record WriteEvidence(
    List<AttemptMarker> started,
    List<AttemptMarker> handoffs,
    List<AttemptMarker> paused,
    List<AttemptMarker> heldBeforeInput,
    List<AttemptMarker> released,
    List<AttemptMarker> aborted,
    List<AttemptMarker> gateTimeouts,
    List<AttemptMarker> completed,
    List<AcceptedMessage> accepted,
    List<AcceptedMessage> duplicateAccepted,
    List<UnattributedMessage> unattributedAccepted,
    List<CommitMarker> commits) {

  public static WriteEvidence read(GatePaths paths) {
    return new WriteEvidence(
        Markers.readChildren(paths.attempts(), EvidenceLayout.STARTED, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.HANDOFF, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.PAUSED, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.HELD_BEFORE_INPUT, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.RELEASED, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.ABORTED, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.GATE_TIMEOUT, AttemptMarker.class),
        Markers.readChildren(paths.attempts(), EvidenceLayout.COMPLETED, AttemptMarker.class),
        Markers.readAll(paths.accepted(), AcceptedMessage.class),
        Markers.readAll(paths.acceptedDuplicates(), AcceptedMessage.class),
        Markers.readAll(paths.acceptedUnattributed(), UnattributedMessage.class),
        Markers.readAll(paths.commits(), CommitMarker.class));
  }

  /** Every attempt that published any marker (started, held, paused, handed off, aborted, timed out). */
  public java.util.Map<Long, AttemptIdentity> markedAttempts() {
    java.util.Map<Long, AttemptIdentity> attempts = new java.util.TreeMap<>();
    for (List<AttemptMarker> kind : List.of(started, heldBeforeInput, paused, handoffs, aborted, gateTimeouts)) {
      kind.forEach(m -> attempts.putIfAbsent(m.attempt().taskAttemptId(), m.attempt()));
    }
    return attempts;
  }

  /** The stages whose attempts published a marker: the monitored write's writer stage, if there is exactly one. */
  public java.util.SortedSet<Integer> writerStages() {
    java.util.SortedSet<Integer> stages = new java.util.TreeSet<>();
    markedAttempts().values().forEach(attempt -> stages.add(attempt.stageId()));
    return stages;
  }

  public boolean completed(long taskAttemptId) {
    return completed.stream().anyMatch(m -> m.attempt().taskAttemptId() == taskAttemptId);
  }

  public List<AttemptMarker> handoffsOf(int partition) {
    return handoffs.stream().filter(m -> m.attempt().partition() == partition).toList();
  }

  public Optional<AttemptMarker> abortOf(long taskAttemptId) {
    return aborted.stream().filter(m -> m.attempt().taskAttemptId() == taskAttemptId).findFirst();
  }

  /**
   * The executor's own log file, as a marker of an attempt that ran in it recorded it; empty when no attempt the probe
   * saw ran there, or its executor has no log.
   */
  public Optional<String> executorLogOf(String executorId) {
    return java.util.stream.Stream.of(started, heldBeforeInput, paused, handoffs, released, aborted, gateTimeouts,
            completed)
        .flatMap(List::stream)
        .filter(m -> executorId.equals(m.attempt().executorId()))
        .map(m -> m.executorLog() != null ? m.executorLog() : m.abort() == null ? null : m.abort().executorLog())
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  public Set<Long> acceptedTids() {
    Set<Long> tids = new HashSet<>();
    accepted.forEach(a -> tids.add(a.attempt().taskAttemptId()));
    return tids;
  }

  /** Union of the files of every accepted message: the winners. */
  public Set<String> winnerFiles() {
    Set<String> files = new TreeSet<>();
    accepted.forEach(a -> files.addAll(a.files()));
    return files;
  }

  public boolean handedOff(long taskAttemptId) {
    return handoffs.stream().anyMatch(m -> m.attempt().taskAttemptId() == taskAttemptId);
  }

  /**
   * Files of attempts whose messages Spark did not accept: what they handed off, plus every file of the inventory
   * whose attempt-unique name prefix belongs to one of them (a killed attempt never hands off).
   */
  public Set<String> rejectedFiles(Collection<String> inventory) {
    return rejectedFiles(inventory, attempt -> true);
  }

  /**
   * The {@link #rejectedFiles} of the attempts one of {@code kills} caught ({@link HarnessKill#caught}): the only files
   * a SIGKILL excuses, as it skips those attempts' cleanup. None when nothing was killed.
   */
  public Set<String> killedAttemptFiles(Collection<String> inventory, Collection<HarnessKill> kills,
      SchedulerHistory history) {
    return rejectedFiles(inventory, attempt -> kills.stream().anyMatch(kill -> kill.caught(attempt, history)));
  }

  private Set<String> rejectedFiles(Collection<String> inventory,
      java.util.function.Predicate<AttemptIdentity> among) {
    Set<Long> acceptedTids = acceptedTids();
    Set<String> files = new TreeSet<>();
    handoffs.stream()
        .filter(m -> !acceptedTids.contains(m.attempt().taskAttemptId()))
        .filter(m -> among.test(m.attempt()))
        .forEach(m -> files.addAll(m.paths()));
    List<AttemptIdentity> rejectedAttempts = started.stream()
        .map(AttemptMarker::attempt)
        .filter(a -> !acceptedTids.contains(a.taskAttemptId()))
        .filter(among)
        .toList();
    for (String file : inventory) {
      String name = java.nio.file.Path.of(file).getFileName().toString();
      if (rejectedAttempts.stream().anyMatch(a -> WriterFiles.ownedBy(name, a.partition(), a.taskAttemptId()))) {
        files.add(file);
      }
    }
    return files;
  }
}
