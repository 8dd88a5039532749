package dev.sft.harness.probe;

import dev.sft.harness.evidence.Markers;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;

/**
 * The gate side of a zipped input: computed before its sibling (the shuffled rows), it holds the initial attempts
 * of the chosen partitions before their shuffle iterator is built, so they fetch nothing early. Used as
 * {@code gate.mapPartitions(new InputGate(spec)).zipPartitions(shuffled, ...)}.
 */
public final class InputGate implements FlatMapFunction<Iterator<Integer>, Integer> {
  private final ProbeSpec spec;

  public InputGate(ProbeSpec spec) {
    this.spec = spec;
  }

  @Override
  public Iterator<Integer> call(Iterator<Integer> input) throws Exception {
    AttemptIdentity attempt = AttemptIdentity.current();
    if (spec.holdBeforeInput().contains(attempt.partition()) && Gate.isInitialAttempt(attempt)) {
      var dir = spec.paths().attempt(attempt.partition(), attempt.taskAttemptId());
      Markers.publish(dir.resolve(GatePaths.HELD_BEFORE_INPUT),
          new AttemptMarker("held-before-input", attempt, List.of(), System.currentTimeMillis(), null));
      Gate.awaitRelease(spec, dir, diagnostic -> Markers.publish(dir.resolve(GatePaths.GATE_TIMEOUT),
          new AttemptMarker("gate-timeout", attempt, List.of(), System.currentTimeMillis(), diagnostic)));
    }
    return input;
  }
}
