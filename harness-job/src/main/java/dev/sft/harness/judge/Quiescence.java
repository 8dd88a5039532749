package dev.sft.harness.judge;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a write has come to rest, as the storage audit needs: every task that started has a terminal scheduler
 * event, and every attempt that left a marker either ran in a removed executor or has published its completion
 * marker (a zombie or killed replacement may otherwise still be writing or aborting).
 */
public final class Quiescence {
  private Quiescence() {}

  /** What {@link #live} says of a write none of whose tasks started: nothing can come to rest, nothing to audit. */
  public static final String NO_TASK_STARTED = "no task of the write started: a write that never ran is not at rest";

  /** Whether any task of the write started: without one, nothing will come to rest by waiting. */
  public static boolean anyTaskStarted(SchedulerHistory history) {
    return history.events().stream().anyMatch(e -> SchedulerEvent.TASK_START.equals(e.type()));
  }

  /**
   * What is still live; empty when the write is quiescent, which needs at least one started task (a write whose
   * tasks never started would otherwise pass vacuously).
   */
  public static List<String> live(SchedulerHistory history, WriteEvidence evidence) {
    List<String> live = new ArrayList<>();
    if (!anyTaskStarted(history)) {
      live.add(NO_TASK_STARTED);
      return live;
    }
    for (SchedulerEvent start : history.runningTasks()) {
      live.add("TID " + start.taskId() + " (stage " + start.stageId() + "." + start.stageAttempt() + " partition "
          + start.partition() + " on executor " + start.executorId() + "): no terminal scheduler event");
    }
    Set<String> removed = history.removedExecutors();
    for (Map.Entry<Long, AttemptIdentity> marked : evidence.markedAttempts().entrySet()) {
      AttemptIdentity attempt = marked.getValue();
      if (!removed.contains(attempt.executorId()) && !evidence.completed(marked.getKey())) {
        live.add("TID " + attempt.taskAttemptId() + " (partition " + attempt.partition() + " on executor "
            + attempt.executorId() + "): no completion marker");
      }
    }
    return live;
  }
}
