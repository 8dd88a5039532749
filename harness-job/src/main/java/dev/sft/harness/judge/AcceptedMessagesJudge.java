package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The reference suite's accepted-message assertions: one driver-accepted message per writer partition (the writer
 * stage's partitions as the scheduler submitted them: a row-level command on the partitioned layout reads one task
 * per prior data file, so the count is the plan's, not the fixture's), each
 * accepted exactly once and attributable, and each message's complete file set identifying exactly one handoff
 * attempt that has a scheduler Success event.
 */
public final class AcceptedMessagesJudge {
  private AcceptedMessagesJudge() {}

  public static void judge(Checks checks, WriteEvidence evidence, SchedulerHistory history) {
    Set<Integer> writerStages = evidence.writerStages();
    java.util.OptionalInt partitions = writerStages.size() == 1
        ? history.partitionsOf(writerStages.iterator().next()) : java.util.OptionalInt.empty();
    Map<Integer, List<Long>> byPartition = new TreeMap<>();
    for (AcceptedMessage accepted : evidence.accepted()) {
      byPartition.computeIfAbsent(accepted.attempt().partition(), p -> new ArrayList<>())
          .add(accepted.attempt().taskAttemptId());
    }
    boolean onePerPartition = partitions.isPresent() && byPartition.size() == partitions.getAsInt()
        && byPartition.keySet().stream().allMatch(p -> p >= 0 && p < partitions.getAsInt())
        && byPartition.values().stream().allMatch(tids -> tids.size() == 1);
    checks.check(SCHEDULER, "accepted.one-per-partition", onePerPartition,
        "accepted messages by partition (TIDs): " + byPartition + "; expected one for each of "
            + (partitions.isPresent()
                ? partitions.getAsInt() + " partitions of writer stage " + writerStages.iterator().next()
                : "the writer stage's partitions, but its task count is not in the scheduler history (probed stages "
                    + writerStages + ")"));

    List<String> duplicates = evidence.duplicateAccepted().stream()
        .map(a -> "p" + a.attempt().partition() + " TID " + a.attempt().taskAttemptId()).toList();
    List<String> unattributed = evidence.unattributedAccepted().stream()
        .map(u -> u.messageClass() + " with " + u.files().size() + " file(s) " + u.files()).toList();
    checks.check(SCHEDULER, "accepted.each-once-attributed", duplicates.isEmpty() && unattributed.isEmpty(),
        "accepted a second time: " + duplicates + "; accepted but not attributable to one attempt: " + unattributed);

    StringBuilder problems = new StringBuilder();
    for (AcceptedMessage accepted : evidence.accepted()) {
      Set<String> files = new HashSet<>(accepted.files());
      List<AttemptMarker> matching = evidence.handoffs().stream()
          .filter(h -> new HashSet<>(h.paths()).equals(files))
          .toList();
      long tid = accepted.attempt().taskAttemptId();
      boolean success = history.succeeded(tid);
      if (files.isEmpty() || matching.size() != 1 || matching.get(0).attempt().taskAttemptId() != tid || !success) {
        problems.append("partition ").append(accepted.attempt().partition()).append(" TID ").append(tid)
            .append(": ").append(files.size()).append(" file(s), matching handoffs ")
            .append(matching.stream().map(m -> m.attempt().taskAttemptId()).toList())
            .append(", scheduler Success ").append(success).append("; ");
      }
    }
    checks.check(SCHEDULER, "accepted.identifies-one-successful-handoff",
        problems.isEmpty() && !evidence.accepted().isEmpty(),
        problems.isEmpty()
            ? evidence.accepted().size() + " accepted message(s), each matching exactly one handoff with Success"
            : problems.toString().trim());
  }
}
