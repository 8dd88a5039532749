package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.harness.evidence.AbortObservation;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskContextImpl;
import org.apache.spark.TaskKilledException;
import org.apache.spark.executor.TaskMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe records the writer's interrupt state around abort() and never changes it, nor swallows an interrupt. */
class AbortWatchTest {
  @TempDir Path shared;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void observingAnAbortLeavesAPendingInterruptPendingAndRecordsIt() {
    Thread.currentThread().interrupt();
    AbortWatch watch = AbortWatch.begin();
    assertThat(Thread.currentThread().isInterrupted()).as("the writer's abort still sees the interrupt").isTrue();
    AbortObservation seen = watch.end();
    assertThat(seen.interruptedAtStart()).isTrue();
    assertThat(seen.interruptedAtEnd()).isTrue();
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }

  @Test
  void anAbortThatConsumesTheInterruptIsRecordedAsSuch() {
    Thread.currentThread().interrupt();
    AbortWatch watch = AbortWatch.begin();
    Thread.interrupted(); // what a writer's abort may do
    AbortObservation seen = watch.end();
    assertThat(seen.interruptedAtStart()).isTrue();
    assertThat(seen.interruptedAtEnd()).isFalse();
  }

  @Test
  void outsideAStandaloneExecutorThereIsNoExecutorLog() {
    assertThat(AbortWatch.begin().end().executorLog()).as("the test JVM's folder has no 'stderr' file")
        .isNull();
  }

  @Test
  void anAttemptInterruptedWhileHeldLeavesTheGateWithItsInterruptStillSet() {
    ProbeSpec spec = new ProbeSpec(shared.toString(), shared.resolve("data").toString(), List.of(0), 0, List.of(),
        60_000);
    TaskContextImpl task = new TaskContextImpl(0, 0, 0, 41L, 1, 4, null, new Properties(), null, TaskMetrics.empty(),
        1, scala.collection.immutable.Map$.MODULE$.empty());
    TaskContext.withTaskContext(task, () -> {
      Thread.currentThread().interrupt(); // Spark's kill of a held speculative loser
      assertThatThrownBy(() -> Gate.awaitRelease(spec, shared.resolve("attempt"), diagnostic -> {}))
          .isInstanceOf(InterruptedIOException.class);
      assertThat(Thread.currentThread().isInterrupted())
          .as("the hold must not swallow the kill's interrupt: the writer's abort runs with it, as without the hold")
          .isTrue();
      return null;
    });
  }

  @Test
  void aKillArrivingWhileHeldLeavesTheGateAsSparksKillWithItsInterruptNeverCleared() throws Exception {
    ProbeSpec spec = new ProbeSpec(shared.toString(), shared.resolve("data").toString(), List.of(0), 0, List.of(),
        60_000);
    TaskContextImpl task = new TaskContextImpl(0, 0, 0, 42L, 1, 4, null, new Properties(), null, TaskMetrics.empty(),
        1, scala.collection.immutable.Map$.MODULE$.empty());
    Thread held = Thread.currentThread();
    Thread spark = new Thread(() -> {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        return;
      }
      task.markInterrupted("another attempt succeeded"); // Spark's Task.kill: mark, then interrupt
      held.interrupt();
    });
    TaskContext.withTaskContext(task, () -> {
      spark.start();
      assertThatThrownBy(() -> Gate.awaitRelease(spec, shared.resolve("attempt"), diagnostic -> {}))
          .isInstanceOf(TaskKilledException.class);
      assertThat(Thread.currentThread().isInterrupted()).as("the kill's interrupt is still pending").isTrue();
      return null;
    });
    spark.join();
  }
}
