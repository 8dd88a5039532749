package dev.sft.harness.probe;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.spark.TaskContext;

/**
 * The holds of {@link dev.sft.contract.Pin#LOSER_ABORT_INTERRUPTED}. Where the race is decided (Iceberg 1.11):
 * the loser's abort deletes its files through {@code HadoopFileIO.deleteFiles}, which submits one task per file to
 * the JVM-wide pool {@code iceberg-hadoopfileio-delete} and then polls the futures in {@code Tasks.waitFor}; with the
 * kill's interrupt pending, its first {@code Thread.sleep} throws at once and it cancels every future not yet done.
 * Files whose delete had not started stay. So the outcome turns on two orders: the kill's interrupt against the
 * abort's start, and the pool's threads against the abort thread's first look at its futures.
 *
 * <p>Both holds are time only. The first keeps a killed attempt in the gate until Spark's interrupt (sent right after
 * it marks the task killed) has arrived, then leaves exactly as the gate does. The second occupies every thread of the
 * delete pool before the abort runs and frees them when it has returned, so each delete is still queued when the
 * abort thread looks; Iceberg's own code then cancels them. No call, argument, result, exception or interrupt of
 * Iceberg's or Spark's is touched, and nothing is deleted or retried by the probe.
 */
final class LoserAbortPin {
  /** Spark interrupts the thread right after marking the task killed; far longer than that means no interrupt. */
  static final long KILL_INTERRUPT_BOUND_MILLIS = 2_000;
  /** A blocker not running after this long found every pool thread taken. */
  static final long SATURATED_AFTER_MILLIS = 200;
  /** The most pool threads one hold takes (Iceberg's default is 4 per core). */
  static final int MAX_THREADS = 1_024;

  private LoserAbortPin() {}

  /**
   * In the gate, once Spark has marked the task killed but its interrupt has not yet arrived: waits for the
   * interrupt, at most {@link #KILL_INTERRUPT_BOUND_MILLIS}, and leaves it pending.
   */
  static void awaitKillInterrupt(TaskContext context) {
    if (!context.isInterrupted() || Thread.currentThread().isInterrupted()) {
      return;
    }
    // parkNanos returns on an interrupt without clearing it (a sleep would throw and clear it): the interrupt stays
    // pending exactly as Spark sent it, never cleared and set again.
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_INTERRUPT_BOUND_MILLIS);
    for (long left; !Thread.currentThread().isInterrupted() && (left = deadline - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(left);
    }
  }

  /**
   * Takes every thread of Iceberg's delete pool; empty when the pool cannot be reached. The caller must
   * {@link PoolHold#release()} it once the writer's abort has returned.
   */
  static java.util.Optional<PoolHold> holdDeletePool(long boundMillis) {
    ExecutorService pool = deletePool();
    if (pool == null) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(PoolHold.saturate(pool, boundMillis));
  }

  /** Iceberg's delete pool, created as Iceberg itself creates it if no delete has run in this JVM yet. */
  private static ExecutorService deletePool() {
    try {
      // An empty bulk delete submits nothing and deletes nothing; it only makes Iceberg create its pool.
      new HadoopFileIO(new Configuration(false)).deleteFiles(List.of());
      Field field = HadoopFileIO.class.getDeclaredField("executorService");
      field.setAccessible(true);
      return (ExecutorService) field.get(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** Blockers that occupy a pool's threads until released (or until their bound). */
  static final class PoolHold {
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<Future<?>> blockers = new ArrayList<>();
    private int running;

    private PoolHold() {}

    /**
     * Submits blockers one at a time until one is not running within {@link #SATURATED_AFTER_MILLIS}: every thread
     * is then taken, and that blocker waits first in the pool's queue, ahead of any task submitted after it.
     */
    static PoolHold saturate(ExecutorService pool, long boundMillis) {
      PoolHold hold = new PoolHold();
      for (int i = 0; i < MAX_THREADS; i++) {
        CountDownLatch started = new CountDownLatch(1);
        hold.blockers.add(pool.submit(() -> {
          started.countDown();
          try {
            hold.release.await(boundMillis, TimeUnit.MILLISECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }));
        if (!awaitQuietly(started)) {
          return hold;
        }
        hold.running++;
      }
      return hold;
    }

    /**
     * Waits without touching the caller's interrupt: the abort thread holds Spark's, and any blocking wait would
     * throw on it at once (and clear it).
     */
    private static boolean awaitQuietly(CountDownLatch started) {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SATURATED_AFTER_MILLIS);
      while (started.getCount() > 0 && System.nanoTime() < deadline) {
        Thread.yield();
      }
      return started.getCount() == 0;
    }

    /** Pool threads this hold took. */
    int threads() {
      return running;
    }

    /** Whether every thread of the pool was taken (the last blocker waited in the queue). */
    boolean saturated() {
      return blockers.size() > running;
    }

    void release() {
      release.countDown();
    }
  }
}
