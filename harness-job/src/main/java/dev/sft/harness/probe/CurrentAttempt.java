package dev.sft.harness.probe;

import dev.sft.harness.evidence.AttemptIdentity;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;

/** The identity of the task attempt running on this thread, read from Spark on the executor. */
final class CurrentAttempt {
  private CurrentAttempt() {}

  static AttemptIdentity identity() {
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
