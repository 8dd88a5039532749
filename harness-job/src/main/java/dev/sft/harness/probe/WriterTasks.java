package dev.sft.harness.probe;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;

/**
 * The task attempts in this executor JVM that run the probed writer, with their spec. A writer stage's task
 * deserializes its closure, and with it the probed writer factory, before it builds its input iterator (Spark 4.1's
 * {@code ResultTask.runTask}), so the factory registers the attempt here and {@link HoldingShuffleManager} can tell
 * the monitored write's reducers from every other shuffle read of the same job (a MERGE's join inputs, a range
 * distribution's sampling job), which carry the same local properties.
 */
final class WriterTasks {
  private static final Map<Long, ProbeSpec> RUNNING = new ConcurrentHashMap<>();

  private WriterTasks() {}

  /** Called when a probed writer factory is deserialized; registers the attempt on this thread, if any. */
  static void enter(ProbeSpec spec) {
    TaskContext context = TaskContext.get();
    if (context == null) {
      return; // the driver, or a test: no task attempt runs here
    }
    long tid = context.taskAttemptId();
    if (RUNNING.putIfAbsent(tid, spec) == null) {
      context.addTaskCompletionListener(done -> {
        RUNNING.remove(tid);
      });
    }
  }

  /** The spec of the probed writer that task attempt {@code tid} runs, if it runs one. */
  static Optional<ProbeSpec> specOf(long tid) {
    return Optional.ofNullable(RUNNING.get(tid));
  }
}
