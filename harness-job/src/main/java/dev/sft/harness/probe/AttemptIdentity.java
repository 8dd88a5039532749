package dev.sft.harness.probe;

import java.io.Serializable;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;

/** Who a task attempt is, in the scheduler's terms and the operating system's. */
public record AttemptIdentity(
    int stageId,
    int stageAttempt,
    int partition,
    long taskAttemptId,
    int attemptNumber,
    String executorId,
    String host,
    long pid)
    implements Serializable {

  /** The identity of the attempt running on this thread (executor side). */
  public static AttemptIdentity current() {
    TaskContext context = TaskContext.get();
    SparkEnv env = SparkEnv.get();
    return new AttemptIdentity(
        context.stageId(),
        context.stageAttemptNumber(),
        context.partitionId(),
        context.taskAttemptId(),
        context.attemptNumber(),
        env.executorId(),
        env.blockManager().blockManagerId().host(),
        ProcessHandle.current().pid());
  }
}
