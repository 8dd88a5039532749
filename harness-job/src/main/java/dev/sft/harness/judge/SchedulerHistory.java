package dev.sft.harness.judge;

import dev.sft.harness.evidence.SchedulerEvent;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The scheduler events of one scenario repetition, with the questions the judges ask of them. */
public record SchedulerHistory(List<SchedulerEvent> events) {
  public static final String EXECUTOR_LOST_FAILURE = "ExecutorLostFailure";
  public static final String FETCH_FAILED = "FetchFailed";
  public static final String TASK_KILLED = "TaskKilled";

  public SchedulerHistory {
    events = List.copyOf(events);
  }

  /** The history a scenario's evidence folder keeps ({@code scheduler-events.jsonl}); empty when there is none. */
  public static SchedulerHistory read(java.nio.file.Path jsonLines) {
    List<SchedulerEvent> events = new java.util.ArrayList<>();
    try {
      if (java.nio.file.Files.isRegularFile(jsonLines)) {
        for (String line : java.nio.file.Files.readAllLines(jsonLines)) {
          if (!line.isBlank()) {
            events.add(dev.sft.harness.evidence.Json.parse(line, SchedulerEvent.class));
          }
        }
      }
    } catch (java.io.IOException e) {
      // Evidence without its events is still evidence; whoever reads it says what is missing.
    }
    return new SchedulerHistory(events);
  }

  public Optional<SchedulerEvent> taskEnd(long tid) {
    return events.stream().filter(e -> e.isTaskEndOf(tid)).findFirst();
  }

  public Optional<SchedulerEvent> taskStart(long tid) {
    return events.stream()
        .filter(e -> SchedulerEvent.TASK_START.equals(e.type()) && e.taskId() != null && e.taskId() == tid)
        .findFirst();
  }

  public boolean succeeded(long tid) {
    return taskEnd(tid).map(e -> SchedulerEvent.SUCCESS.equals(e.reason())).orElse(false);
  }

  public Optional<SchedulerEvent> executorRemoved(String executorId) {
    return events.stream()
        .filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type()) && executorId.equals(e.executorId()))
        .findFirst();
  }

  public Set<String> removedExecutors() {
    Set<String> removed = new TreeSet<>();
    events.stream().filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type()) && e.executorId() != null)
        .forEach(e -> removed.add(e.executorId()));
    return removed;
  }

  /** Task starts with no terminal event yet. */
  public List<SchedulerEvent> runningTasks() {
    return events.stream()
        .filter(e -> SchedulerEvent.TASK_START.equals(e.type()) && e.taskId() != null)
        .filter(e -> taskEnd(e.taskId()).isEmpty())
        .toList();
  }

  /** The other stages of the job that contains {@code writerStage}: its shuffle map stage(s). */
  public List<Integer> mapStagesOf(int writerStage) {
    return events.stream()
        .filter(e -> SchedulerEvent.JOB_START.equals(e.type()) && e.stageIds() != null
            && e.stageIds().contains(writerStage))
        .findFirst()
        .map(e -> e.stageIds().stream().filter(id -> id != writerStage).toList())
        .orElse(List.of());
  }

  /** A successful first-attempt map task of the write's shuffle on {@code executorId}. */
  public Optional<SchedulerEvent> mapOutputOn(String executorId, int writerStage) {
    List<Integer> mapStages = mapStagesOf(writerStage);
    return events.stream()
        .filter(e -> e.isTaskEnd() && SchedulerEvent.SUCCESS.equals(e.reason()))
        .filter(e -> e.stageId() != null && mapStages.contains(e.stageId())
            && e.stageAttempt() != null && e.stageAttempt() == 0)
        .filter(e -> executorId.equals(e.executorId()))
        .findFirst();
  }

  /** The partitions of {@code stageId}: the task count of its first submitted attempt, if one was recorded. */
  public java.util.OptionalInt partitionsOf(int stageId) {
    return events.stream()
        .filter(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && e.stageId() != null && e.stageId() == stageId
            && e.stageAttempt() != null && e.stageAttempt() == 0 && e.stageTasks() != null)
        .mapToInt(SchedulerEvent::stageTasks)
        .findFirst();
  }

  /** Stage attempts submitted for {@code stageId}, as {@code stage.attempt} strings in order. */
  public List<String> submittedAttempts(int stageId) {
    return events.stream()
        .filter(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && e.stageId() != null && e.stageId() == stageId)
        .map(e -> e.stageId() + "." + e.stageAttempt())
        .toList();
  }
}
