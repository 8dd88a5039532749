package dev.sft.harness.evidence;

/**
 * One scheduler event as the driver's listener saw it. Fields that do not apply to an event type are null.
 *
 * @param seq order of arrival on the driver
 * @param type job-start, job-end, stage-submitted, stage-completed, task-start, task-end, executor-added,
 *     executor-removed
 * @param partition for tasks: the RDD partition ({@code TaskInfo.partitionId()}); a resubmitted stage attempt runs
 *     only some partitions, so the index in its task set is not the partition
 * @param stageIds for job-start: the stages of the job
 * @param stageTasks for stage-submitted: the tasks of that stage attempt ({@code StageInfo.numTasks()}); for attempt
 *     0 that is every partition of the stage, a resubmitted attempt runs only the missing ones
 * @param reason for task-end: Success, TaskKilled, ExecutorLostFailure, FetchFailed, ...; for stage-completed the
 *     failure reason if any; for executor-removed the removal reason
 */
public record SchedulerEvent(
    long seq,
    long timeMillis,
    String type,
    Integer jobId,
    Integer stageId,
    Integer stageAttempt,
    Long taskId,
    Integer partition,
    Integer attemptNumber,
    String executorId,
    String host,
    Boolean speculative,
    String reason,
    String detail,
    java.util.List<Integer> stageIds,
    Integer stageTasks) {

  public static final String TASK_START = "task-start";
  public static final String TASK_END = "task-end";
  public static final String SUCCESS = "Success";

  public static final String JOB_START = "job-start";
  public static final String STAGE_SUBMITTED = "stage-submitted";
  public static final String EXECUTOR_REMOVED = "executor-removed";

  public boolean isTaskEnd() {
    return TASK_END.equals(type);
  }

  public boolean isTaskEndOf(long tid) {
    return isTaskEnd() && taskId != null && taskId == tid;
  }
}
