package dev.sft.harness.judge;

import dev.sft.harness.evidence.SchedulerEvent;
import java.util.ArrayList;
import java.util.List;

/** Synthetic scheduler histories, written event by event the way the driver's listener would record them. */
final class Events {
  private final List<SchedulerEvent> events = new ArrayList<>();

  Events jobStart(int... stageIds) {
    List<Integer> stages = new ArrayList<>();
    for (int id : stageIds) {
      stages.add(id);
    }
    return add(new SchedulerEvent(events.size(), t(), SchedulerEvent.JOB_START, 1, null, null, null, null, null, null,
        null, null, null, null, stages, null));
  }

  Events submitted(int stage, int stageAttempt) {
    return submitted(stage, stageAttempt, null);
  }

  /** A stage attempt submitted with {@code tasks} tasks ({@code StageInfo.numTasks()}). */
  Events submitted(int stage, int stageAttempt, Integer tasks) {
    return add(new SchedulerEvent(events.size(), t(), SchedulerEvent.STAGE_SUBMITTED, null, stage, stageAttempt, null,
        null, null, null, null, null, null, null, null, tasks));
  }

  Events start(long tid, int stage, int stageAttempt, int partition, int attemptNumber, String executor,
      boolean speculative) {
    return add(new SchedulerEvent(events.size(), t(), SchedulerEvent.TASK_START, null, stage, stageAttempt, tid,
        partition, attemptNumber, executor, "host-" + executor, speculative, null, null, null, null));
  }

  Events end(long tid, int stage, int stageAttempt, int partition, int attemptNumber, String executor,
      boolean speculative, String reason) {
    return add(new SchedulerEvent(events.size(), t(), SchedulerEvent.TASK_END, null, stage, stageAttempt, tid,
        partition, attemptNumber, executor, "host-" + executor, speculative, reason, null, null, null));
  }

  /** A task that started and ended with {@code reason}. */
  Events task(long tid, int stage, int stageAttempt, int partition, int attemptNumber, String executor,
      boolean speculative, String reason) {
    return start(tid, stage, stageAttempt, partition, attemptNumber, executor, speculative)
        .end(tid, stage, stageAttempt, partition, attemptNumber, executor, speculative, reason);
  }

  /** An executor removed for {@code reason}. */
  Events removed(String executor, String reason) {
    return add(new SchedulerEvent(events.size(), t(), SchedulerEvent.EXECUTOR_REMOVED, null, null, null, null, null,
        null, executor, null, null, reason, null, null, null));
  }

  Events removed(String executor) {
    return add(new SchedulerEvent(events.size(), t(), SchedulerEvent.EXECUTOR_REMOVED, null, null, null, null, null,
        null, executor, null, null, "Command exited with code 137", null, null, null));
  }

  SchedulerHistory history() {
    return new SchedulerHistory(events);
  }

  private long t() {
    return 1_000L + events.size();
  }

  private Events add(SchedulerEvent event) {
    events.add(event);
    return this;
  }
}
