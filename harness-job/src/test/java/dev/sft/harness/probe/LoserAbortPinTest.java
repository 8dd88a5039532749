package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Properties;
import org.apache.spark.TaskContextImpl;
import org.apache.spark.executor.TaskMetrics;
import org.junit.jupiter.api.Test;

/**
 * The pool hold on a fixed pool like Iceberg's delete pool, with the interrupted wait of {@code Tasks.waitFor}
 * played by the test: a task submitted while the pool is held has not started when its submitter looks, so the
 * submitter's cancel means it never runs; and a held pool runs every task once released, so the hold adds only time.
 */
class LoserAbortPinTest {
  @Test
  void aHeldPoolStartsNoTaskUntilReleasedSoACancelBeforeThenMeansTheTaskNeverRuns() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      LoserAbortPin.PoolHold hold = LoserAbortPin.PoolHold.saturate(pool, 10_000);
      assertThat(hold.threads()).isEqualTo(3);
      assertThat(hold.saturated()).isTrue();
      AtomicInteger ran = new AtomicInteger();
      List<Future<?>> deletes = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        deletes.add(pool.submit(ran::incrementAndGet));
      }
      Thread.sleep(100);
      assertThat(deletes).noneMatch(Future::isDone);
      deletes.forEach(f -> f.cancel(true)); // what Tasks.waitFor does when its thread is interrupted
      hold.release();
      pool.shutdown();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
      assertThat(ran).hasValue(0);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aReleasedHoldLetsEveryQueuedTaskRun() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      LoserAbortPin.PoolHold hold = LoserAbortPin.PoolHold.saturate(pool, 10_000);
      AtomicInteger ran = new AtomicInteger();
      List<Future<?>> deletes = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        deletes.add(pool.submit(ran::incrementAndGet));
      }
      hold.release();
      for (Future<?> delete : deletes) {
        delete.get(10, TimeUnit.SECONDS);
      }
      assertThat(ran).hasValue(4);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void saturatingFromAnInterruptedThreadLeavesItsInterruptPending() {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Thread.currentThread().interrupt();
      LoserAbortPin.PoolHold hold = LoserAbortPin.PoolHold.saturate(pool, 10_000);
      assertThat(Thread.interrupted()).isTrue(); // also clears it for the next test
      assertThat(hold.threads()).isEqualTo(2);
      hold.release();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void icebergsDeletePoolIsReachable() {
    LoserAbortPin.PoolHold hold = LoserAbortPin.holdDeletePool(10_000).orElseThrow();
    try {
      assertThat(hold.saturated()).isTrue();
      assertThat(hold.threads()).isPositive();
    } finally {
      hold.release();
    }
  }

  @Test
  void aKilledTaskWaitsForSparksInterruptAndLeavesItPendingAsSent() throws Exception {
    TaskContextImpl task = new TaskContextImpl(0, 0, 0, 41L, 1, 4, null, new Properties(), null, TaskMetrics.empty(),
        1, scala.collection.immutable.Map$.MODULE$.empty());
    task.markInterrupted("killed: another attempt succeeded"); // Spark marks the task killed, then interrupts it
    Thread waiter = Thread.currentThread();
    Thread spark = new Thread(() -> {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        return;
      }
      waiter.interrupt();
    });
    long started = System.nanoTime();
    spark.start();
    LoserAbortPin.awaitKillInterrupt(task);
    long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    boolean interrupted = Thread.interrupted(); // read and clear, so the next test starts without it
    spark.join();

    assertThat(interrupted).as("the interrupt is still pending when the abort begins").isTrue();
    assertThat(waitedMillis).as("it returns on the interrupt, not at the bound")
        .isLessThan(LoserAbortPin.KILL_INTERRUPT_BOUND_MILLIS);
  }
}
