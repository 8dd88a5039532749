package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.evidence.BoundedWait;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.JobExecutionStatus;
import org.apache.spark.SparkStatusTracker;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Closing a {@link BoundedJob} whose job is still running cancels it and returns only once the job group has no
 * running job and no active stage, on a real Standalone cluster: the next scenario never starts beside it.
 */
class BoundedJobIT {
  @Test
  void closingARunningJobReturnsOnlyOnceItsGroupIsIdle() throws Exception {
    Path dir = ItCluster.freshDir("bounded-job");
    try (LocalCluster cluster = ItCluster.start(dir, Duration.ofSeconds(120))) {
      SparkSession spark = SparkSession.builder().master(cluster.masterUrl()).appName("sft BoundedJobIT")
          .config("spark.ui.enabled", "false").config("spark.driver.host", LocalCluster.MASTER_HOST)
          .config("spark.executor.cores", "1").config("spark.cores.max", "2")
          .config("spark.executor.memory", "512m").getOrCreate();
      try {
        SparkStatusTracker tracker = spark.sparkContext().statusTracker();
        String group = "sft-bounded-job-it";
        long closing;
        // Two tasks that sleep far longer than the test: only cancellation ends them.
        try (BoundedJob<Object> job = BoundedJob.startInterruptible(spark, group, () -> spark.range(0, 2, 1, 2)
            .selectExpr("reflect('java.lang.Thread', 'sleep', 600000L)").collect())) {
          BoundedWait.untilTrue("the sleeping job's stage to be active", Duration.ofSeconds(120),
              () -> !activeStagesOf(tracker, group).isEmpty(), () -> "active stages " + activeStagesOf(tracker, group));
          assertThat(job.isDone()).isFalse();
          closing = System.nanoTime();
        }
        System.out.println("BoundedJobIT: close took " + (System.nanoTime() - closing) / 1_000_000 + " ms");
        assertThat(activeStagesOf(tracker, group)).as("active stages of the group right after close").isEmpty();
        assertThat(Arrays.stream(tracker.getJobIdsForGroup(group)).mapToObj(tracker::getJobInfo)
            .filter(info -> info.isDefined() && info.get().status() == JobExecutionStatus.RUNNING).count())
            .as("running jobs of the group right after close").isZero();
      } finally {
        spark.stop();
      }
    }
  }

  private static Set<Integer> activeStagesOf(SparkStatusTracker tracker, String group) {
    Set<Integer> active = Arrays.stream(tracker.getActiveStageIds()).boxed().collect(Collectors.toSet());
    return Arrays.stream(tracker.getJobIdsForGroup(group)).mapToObj(tracker::getJobInfo)
        .filter(info -> info.isDefined())
        .flatMap(info -> Arrays.stream(info.get().stageIds()).boxed())
        .filter(active::contains)
        .collect(Collectors.toSet());
  }
}
