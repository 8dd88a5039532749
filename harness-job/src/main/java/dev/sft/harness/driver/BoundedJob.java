package dev.sft.harness.driver;

import dev.sft.harness.evidence.BoundedWait;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.JobExecutionStatus;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStatusTracker;
import org.apache.spark.sql.SparkSession;
import scala.Option;

/**
 * A Spark action running on its own thread under a job group, so the driver can orchestrate gates while it runs,
 * wait for it with a bound, and cancel it when the bound is reached. Closing it cancels a job still running and waits
 * (bounded) until the job group has no running job or active stage, so the next scenario starts on an idle cluster.
 */
public final class BoundedJob<T> implements AutoCloseable {
  /** A cancelled job ends once the scheduler has processed the cancellation and killed its tasks. */
  static final Duration CLOSE_BOUND = Duration.ofSeconds(60);

  private final SparkSession spark;
  private final String group;
  private final ExecutorService thread;
  private final Future<T> future;

  private BoundedJob(SparkSession spark, String group, boolean interruptOnCancel, Callable<T> action) {
    this.spark = spark;
    this.group = group;
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "sft-job-" + group);
      t.setDaemon(true);
      return t;
    });
    this.future = thread.submit(() -> {
      spark.sparkContext().setJobGroup(group, group, interruptOnCancel);
      try {
        return action.call();
      } finally {
        spark.sparkContext().clearJobGroup();
      }
    });
  }

  /**
   * Starts a monitored write. By default ({@code --interrupt-on-cancel true}, as the reference suite runs) its job
   * group interrupts the threads of tasks cancelled with their job or stage. Spark interrupts a killed speculative
   * loser whatever this says; with it on, Spark 4.1 may interrupt the loser a second time ("Stage cancelled: Stage
   * finished") while its writer aborts.
   */
  public static <T> BoundedJob<T> startWrite(SparkSession spark, String group, boolean interruptOnCancel,
      Callable<T> action) {
    return new BoundedJob<>(spark, group, interruptOnCancel, action);
  }

  /** Starts a job of the harness's own (preflight, fixture), whose tasks may be interrupted when it is cancelled. */
  public static <T> BoundedJob<T> startInterruptible(SparkSession spark, String group, Callable<T> action) {
    return new BoundedJob<>(spark, group, true, action);
  }

  public boolean isDone() {
    return future.isDone();
  }

  /** Waits for the action; a timeout cancels the job group, a failure is rethrown with its cause's message. */
  public T await(Duration timeout) {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      cancel();
      throw new BoundedWait.TimedOut("timed out after " + timeout.toSeconds() + " s waiting for Spark job group "
          + group + " to finish; the job group was cancelled");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new JobFailed(group, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + group, e);
    }
  }

  /**
   * Cancels the group's running jobs and every job it submits later: an action of several jobs (a row verification
   * runs one after another) that is between two jobs, or still planning its first, when the bound is reached would
   * otherwise go on with its next job, unbounded ({@code FixtureIT} saw exactly that with
   * {@code cancelJobGroup}).
   */
  public void cancel() {
    spark.sparkContext().cancelJobGroupAndFutureJobs(group, "sft: the bound of " + group + " was reached");
  }

  @Override
  public void close() {
    try {
      if (!future.isDone()) {
        cancel();
      }
      BoundedWait.untilTrue("cancelled Spark job group " + group + " to end (its action returned, no job running,"
              + " no stage active)", CLOSE_BOUND, () -> future.isDone() && busy().isEmpty(),
          () -> "action returned " + future.isDone() + "; running jobs and active stages of the group " + busy());
    } finally {
      thread.shutdown();
    }
  }

  /** The group's running jobs and their active stages, from the status tracker. */
  private List<String> busy() {
    SparkStatusTracker tracker = spark.sparkContext().statusTracker();
    Set<Integer> active = Arrays.stream(tracker.getActiveStageIds()).boxed().collect(Collectors.toSet());
    List<String> busy = new ArrayList<>();
    for (int jobId : tracker.getJobIdsForGroup(group)) {
      Option<SparkJobInfo> info = tracker.getJobInfo(jobId);
      if (info.isEmpty()) {
        continue;
      }
      if (info.get().status() == JobExecutionStatus.RUNNING) {
        busy.add("job " + jobId + " running");
      }
      for (int stage : info.get().stageIds()) {
        if (active.contains(stage)) {
          busy.add("stage " + stage + " of job " + jobId + " active");
        }
      }
    }
    return busy;
  }

  /** The action threw; the message keeps the root cause, which is usually the interesting part. */
  public static final class JobFailed extends RuntimeException {
    JobFailed(String group, Throwable cause) {
      super("Spark job group " + group + " failed: " + rootMessage(cause), cause);
    }

    private static String rootMessage(Throwable t) {
      Throwable root = t;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      String first = String.valueOf(t.getMessage()).lines().findFirst().orElse("");
      return root == t ? first : first + " (root cause: " + root + ")";
    }
  }
}
