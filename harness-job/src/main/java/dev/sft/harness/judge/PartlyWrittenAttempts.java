package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Whether a kill-before-handoff target can still appear. The executor-loss scenarios kill a paused initial attempt
 * that owns bytes on storage: a partly written attempt. A writer that buffers its output until it closes (Iceberg's
 * merge-on-read DELETE writer keeps its deletes in memory; Comet's native fanout writer had written nothing after
 * 4,000 rows) never has one while its attempts are paused. Only the evidence of exactly that state makes the
 * precondition unreachable: every initial attempt of the writer stage is at its pause, held before its input by the
 * scenario, or ended with Success, at least one is paused, and no paused one owns a byte on storage (re-read now).
 * Anything else (an attempt still running or not yet started, an attempt that ended otherwise, a stage whose tasks
 * are not known yet, a file whose size cannot be read) is not proof: the drive keeps waiting, and its time-out is a
 * failure.
 */
public final class PartlyWrittenAttempts {
  /** Unknown when no partly written attempt exists to kill; never Passed or Failed. */
  public static final String RULE = "pre-kill.partly-written-attempt-reachable";

  private PartlyWrittenAttempts() {}

  /**
   * Why no partly written attempt can appear before the kill, naming every initial attempt, or empty when the
   * evidence does not prove it.
   *
   * @param filesNow the files an attempt owns on storage right now, with their sizes (listed by name prefix)
   */
  public static Optional<String> unreachable(WriteEvidence evidence, SchedulerHistory history, int taskSlots,
      Function<AttemptIdentity, List<AttemptMarker.FileState>> filesNow) {
    Map<Long, AttemptMarker> paused = initialByTid(evidence.paused());
    Map<Long, AttemptMarker> held = initialByTid(evidence.heldBeforeInput());
    if (paused.isEmpty()) {
      return Optional.empty();
    }
    Set<Integer> stages = evidence.writerStages();
    if (stages.size() != 1) {
      return Optional.empty();
    }
    int stage = stages.iterator().next();
    java.util.OptionalInt tasks = history.partitionsOf(stage);
    if (tasks.isEmpty() || tasks.getAsInt() < 1) {
      return Optional.empty();
    }
    List<String> states = new ArrayList<>();
    List<Integer> notStarted = new ArrayList<>();
    int waiting = 0;
    for (int partition = 0; partition < tasks.getAsInt(); partition++) {
      Optional<SchedulerEvent> start = initialStart(history, stage, partition);
      if (start.isEmpty()) {
        notStarted.add(partition);
        continue;
      }
      long tid = start.get().taskId();
      Optional<SchedulerEvent> end = history.taskEnd(tid);
      String who = "p" + partition + " TID " + tid + " on executor " + start.get().executorId();
      if (end.isPresent()) {
        if (!SchedulerEvent.SUCCESS.equals(end.get().reason())) {
          return Optional.empty();
        }
        states.add(who + " finished (Success)");
      } else if (paused.containsKey(tid)) {
        AttemptMarker marker = paused.get(tid);
        List<AttemptMarker.FileState> files = filesNow.apply(marker.attempt());
        if (files.stream().anyMatch(f -> f.bytes() > 0 || f.unreadable())) {
          return Optional.empty();
        }
        states.add(who + " paused after " + (marker.rowsSupplied() == null ? "an unrecorded number of"
            : marker.rowsSupplied()) + " rows supplied, owning " + (files.isEmpty() ? "no file" : files)
            + " on storage");
        waiting++;
      } else if (held.containsKey(tid)) {
        states.add(who + " held before its input by the scenario");
        waiting++;
      } else {
        return Optional.empty();
      }
    }
    if (!notStarted.isEmpty()) {
      // More tasks than slots (a row-level command reads one task per prior file): the rest can start only when a
      // slot frees, and every slot holds an attempt that waits for the driver, so none ever starts before a release.
      if (waiting < taskSlots) {
        return Optional.empty();
      }
      states.add("partitions " + notStarted + " not started: all " + taskSlots + " task slots hold a paused or held"
          + " attempt, so they cannot start before the driver releases one");
    }
    return Optional.of("every initial attempt of writer stage " + stage + " (" + tasks.getAsInt() + " tasks) is at its"
        + " pause or hold, or finished, and no paused one owns a byte on storage: " + String.join("; ", states)
        + "; so the writer buffers its output: no partly written attempt exists to kill, and nothing was killed");
  }

  /** Records the rule: Unknown, because the scenario's failure could not be put on this writer and operation. */
  public static void judge(Checks checks, String detail) {
    checks.unknown(SCHEDULER, RULE, detail);
  }

  private static boolean initial(AttemptIdentity attempt) {
    return attempt.stageAttempt() == 0 && attempt.attemptNumber() == 0;
  }

  private static Map<Long, AttemptMarker> initialByTid(List<AttemptMarker> markers) {
    Map<Long, AttemptMarker> byTid = new TreeMap<>();
    markers.stream().filter(m -> initial(m.attempt()))
        .forEach(m -> byTid.putIfAbsent(m.attempt().taskAttemptId(), m));
    return byTid;
  }

  private static Optional<SchedulerEvent> initialStart(SchedulerHistory history, int stage, int partition) {
    return history.events().stream()
        .filter(e -> SchedulerEvent.TASK_START.equals(e.type()) && e.taskId() != null)
        .filter(e -> e.stageId() != null && e.stageId() == stage && e.stageAttempt() != null && e.stageAttempt() == 0)
        .filter(e -> e.partition() != null && e.partition() == partition)
        .filter(e -> e.attemptNumber() != null && e.attemptNumber() == 0 && !Boolean.TRUE.equals(e.speculative()))
        .findFirst();
  }
}
