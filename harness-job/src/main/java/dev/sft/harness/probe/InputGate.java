package dev.sft.harness.probe;

import java.util.Iterator;
import java.util.Optional;
import org.apache.spark.api.java.function.FlatMapFunction;

/**
 * The gate side of a zipped input: computed before its sibling (the shuffled rows), it holds the initial attempts
 * of the chosen partitions before their shuffle iterator is built, so they fetch nothing early. Used as
 * {@code gate.mapPartitions(new InputGate(spec)).zipPartitions(shuffled, ...)}. The hold is
 * {@link BeforeInputHold}'s, so the shuffle manager's hook does not hold the same attempt again.
 */
public final class InputGate implements FlatMapFunction<Iterator<Integer>, Integer> {
  private final ProbeSpec spec;

  public InputGate(ProbeSpec spec) {
    this.spec = spec;
  }

  @Override
  public Iterator<Integer> call(Iterator<Integer> input) throws Exception {
    BeforeInputHold.holdOnce(Optional.of(spec));
    return input;
  }
}
