package dev.sft.harness.probe;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskContextImpl;
import org.apache.spark.executor.TaskMetrics;

/** Test access to the probe's gate: one attempt held on its own thread, as a task attempt is, until released. */
public final class GateProbe {
  private GateProbe() {}

  /** A held attempt. */
  public static final class Held {
    private final CompletableFuture<Void> done;

    private Held(CompletableFuture<Void> done) {
      this.done = done;
    }

    public boolean isDone() {
      return done.isDone();
    }

    /** Waits for the release; the gate's own failure (e.g. its time-out) is rethrown. */
    public void await(Duration bound) throws Exception {
      done.get(bound.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Holds an attempt whose folder is {@code attemptDir}, under the scenario folder {@code scenarioDir}. */
  public static Held hold(Path scenarioDir, Path attemptDir, Duration timeout) {
    ProbeSpec spec = new ProbeSpec(scenarioDir.toString(), scenarioDir.resolve("data").toString(), List.of(0), 0,
        List.of(), timeout.toMillis(), List.of());
    return new Held(CompletableFuture.runAsync(() -> {
      TaskContextImpl task = new TaskContextImpl(0, 0, 0, 7L, 0, 4, null, new Properties(), null,
          TaskMetrics.empty(), 1, scala.collection.immutable.Map$.MODULE$.empty());
      TaskContext.withTaskContext(task, () -> {
        try {
          Gate.awaitRelease(spec, attemptDir, diagnostic -> {});
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        return null;
      });
    }));
  }
}
