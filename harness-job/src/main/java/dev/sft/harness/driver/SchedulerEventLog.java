package dev.sft.harness.driver;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.TaskEndReason;
import org.apache.spark.TaskFailedReason;
import org.apache.spark.TaskKilled;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.scheduler.TaskInfo;

/**
 * Records every scheduler event of a driver run, in memory for the scenarios' assertions and as JSON lines on the
 * shared volume as evidence.
 */
public final class SchedulerEventLog extends SparkListener {
  private final List<SchedulerEvent> events = new CopyOnWriteArrayList<>();
  private final AtomicLong seq = new AtomicLong();
  private final BufferedWriter out;

  public SchedulerEventLog(Path jsonLines) {
    try {
      Files.createDirectories(jsonLines.getParent());
      out = Files.newBufferedWriter(jsonLines, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open scheduler event log " + jsonLines, e);
    }
  }

  /** Sequence number the next event will get; scenarios use it to select their own events. */
  public long nextSeq() {
    return seq.get();
  }

  public List<SchedulerEvent> since(long fromSeq) {
    return events.stream().filter(e -> e.seq() >= fromSeq).toList();
  }

  private void record(
      String type, Integer jobId, StageInfo stage, TaskInfo task, Integer stageIdIfNoInfo, Integer stageAttemptIfNoInfo,
      String executorId, String host, String reason, String detail) {
    record(type, jobId, stage, task, stageIdIfNoInfo, stageAttemptIfNoInfo, executorId, host, reason, detail, null,
        null);
  }

  private synchronized void record(
      String type, Integer jobId, StageInfo stage, TaskInfo task, Integer stageIdIfNoInfo, Integer stageAttemptIfNoInfo,
      String executorId, String host, String reason, String detail, List<Integer> stageIds, Integer stageTasks) {
    SchedulerEvent event = new SchedulerEvent(
        seq.getAndIncrement(),
        System.currentTimeMillis(),
        type,
        jobId,
        stage != null ? Integer.valueOf(stage.stageId()) : stageIdIfNoInfo,
        stage != null ? Integer.valueOf(stage.attemptNumber()) : stageAttemptIfNoInfo,
        task != null ? task.taskId() : null,
        task != null ? task.partitionId() : null,
        task != null ? task.attemptNumber() : null,
        task != null ? task.executorId() : executorId,
        task != null ? task.host() : host,
        task != null ? task.speculative() : null,
        reason,
        detail,
        stageIds,
        stageTasks);
    events.add(event);
    try {
      out.write(Json.compact(event));
      out.newLine();
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to scheduler event log", e);
    }
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    String group = jobStart.properties() == null ? null : jobStart.properties().getProperty("spark.jobGroup.id");
    List<Integer> stageIds = new java.util.ArrayList<>();
    for (Object id : scala.jdk.javaapi.CollectionConverters.asJava(jobStart.stageIds())) {
      stageIds.add((Integer) id);
    }
    record(SchedulerEvent.JOB_START, jobStart.jobId(), null, null, null, null, null, null, null,
        group == null ? null : "group=" + group, stageIds, null);
  }

  @Override
  public void onJobEnd(SparkListenerJobEnd jobEnd) {
    record("job-end", jobEnd.jobId(), null, null, null, null, null, null,
        simpleName(jobEnd.jobResult()), String.valueOf(jobEnd.jobResult()));
  }

  @Override
  public void onStageSubmitted(SparkListenerStageSubmitted submitted) {
    StageInfo stage = submitted.stageInfo();
    record(SchedulerEvent.STAGE_SUBMITTED, null, stage, null, null, null, null, null, null,
        "name=" + stage.name() + " tasks=" + stage.numTasks(), null, stage.numTasks());
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted completed) {
    StageInfo stage = completed.stageInfo();
    String failure = stage.failureReason().isDefined() ? stage.failureReason().get() : null;
    record("stage-completed", null, stage, null, null, null, null, null, failure == null ? "Success" : "Failed",
        failure);
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart taskStart) {
    record(SchedulerEvent.TASK_START, null, null, taskStart.taskInfo(), taskStart.stageId(),
        taskStart.stageAttemptId(), null, null, null, null);
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    TaskEndReason reason = taskEnd.reason();
    String detail = null;
    if (reason instanceof TaskKilled killed) {
      detail = killed.reason();
    } else if (reason instanceof TaskFailedReason failed) {
      detail = failed.toErrorString();
    }
    record(SchedulerEvent.TASK_END, null, null, taskEnd.taskInfo(), taskEnd.stageId(), taskEnd.stageAttemptId(),
        null, null, simpleName(reason), detail);
  }

  @Override
  public void onExecutorAdded(SparkListenerExecutorAdded added) {
    record("executor-added", null, null, null, null, null, added.executorId(), added.executorInfo().executorHost(),
        null, null);
  }

  @Override
  public void onExecutorRemoved(SparkListenerExecutorRemoved removed) {
    record(SchedulerEvent.EXECUTOR_REMOVED, null, null, null, null, null, removed.executorId(), null, removed.reason(), null);
  }

  /** Scala case objects compile to classes named like {@code Success$}. */
  private static String simpleName(Object value) {
    String name = value.getClass().getSimpleName();
    return name.endsWith("$") ? name.substring(0, name.length() - 1) : name;
  }

  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
