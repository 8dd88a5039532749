package dev.sft.harness.probe;

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
    AttemptProbe probe = AttemptProbe.current(spec);
    if (spec.holdBeforeInput().contains(probe.attempt().partition()) && probe.isInitialAttempt()) {
      probe.publish(GatePaths.HELD_BEFORE_INPUT, List.of(), null);
      probe.awaitRelease(List.of());
    }
    return input;
  }
}
