package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.SchedulerEvent;
import java.nio.file.Path;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.scheduler.TaskInfo;
import org.apache.spark.scheduler.TaskLocality;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchedulerEventLogTest {
  @TempDir
  Path dir;

  @Test
  void aTaskIsRecordedWithItsRddPartitionNotItsIndexInTheTaskSet() {
    SchedulerEventLog log = new SchedulerEventLog(dir.resolve("events.jsonl"));
    // A resubmitted stage attempt that re-runs only partition 3: it is the first task of its task set (index 0).
    TaskInfo resubmitted = new TaskInfo(42L, 0, 0, 3, 1_000L, "7", "127.0.0.2", TaskLocality.PROCESS_LOCAL(), false);
    log.onTaskStart(new SparkListenerTaskStart(5, 1, resubmitted));
    log.close();

    SchedulerEvent start = log.since(0).get(0);
    assertThat(start.partition()).isEqualTo(3);
    assertThat(start.stageId()).isEqualTo(5);
    assertThat(start.stageAttempt()).isEqualTo(1);
    assertThat(start.taskId()).isEqualTo(42L);
  }
}
