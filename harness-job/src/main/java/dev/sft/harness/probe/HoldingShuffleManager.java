package dev.sft.harness.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.shuffle.ShuffleHandle;
import org.apache.spark.shuffle.ShuffleReadMetricsReporter;
import org.apache.spark.shuffle.ShuffleReader;
import org.apache.spark.shuffle.sort.SortShuffleManager;

/**
 * Spark's sort shuffle with one hook, for the shuffle-loss scenario: before a reducer of the monitored write gets its
 * shuffle reader, the initial attempt of a held partition waits for the driver's release ({@link BeforeInputHold}).
 * A row-level command's writer reads Spark's own plan, and Spark builds (and starts) the shuffle reader before any
 * data writer exists, so this is the first point where the probe can hold a reducer before its fetch. Everything
 * else is {@link SortShuffleManager} itself; a task that runs no probed writer ({@link WriterTasks}) goes straight
 * through. Set as {@code spark.shuffle.manager} by the harness for every driver run.
 */
public final class HoldingShuffleManager extends SortShuffleManager {
  public HoldingShuffleManager(SparkConf conf) {
    super(conf);
  }

  @Override
  public <K, C> ShuffleReader<K, C> getReader(ShuffleHandle handle, int startMapIndex, int endMapIndex,
      int startPartition, int endPartition, TaskContext context, ShuffleReadMetricsReporter metrics) {
    if (context != null) {
      try {
        BeforeInputHold.holdOnce(WriterTasks.specOf(context.taskAttemptId()));
      } catch (IOException e) {
        // A gate time-out or a kill while held: the reducer fails before it fetched anything.
        throw new UncheckedIOException(e);
      }
    }
    return super.getReader(handle, startMapIndex, endMapIndex, startPartition, endPartition, context, metrics);
  }
}
