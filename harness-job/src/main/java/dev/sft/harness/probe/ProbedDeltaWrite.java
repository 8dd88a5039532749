package dev.sft.harness.probe;

import org.apache.spark.sql.connector.write.DeltaBatchWrite;
import org.apache.spark.sql.connector.write.DeltaWrite;

/** A merge-on-read write under the probe, with the writer's own distribution and ordering requirements. */
final class ProbedDeltaWrite extends ProbedWrite implements DeltaWrite {
  private final DeltaWrite delta;

  ProbedDeltaWrite(DeltaWrite delegate, ProbeSpec spec) {
    super(delegate, spec, true);
    this.delta = delegate;
  }

  @Override
  public DeltaBatchWrite toBatch() {
    return new ProbedDeltaBatchWrite(delta.toBatch(), spec);
  }
}
