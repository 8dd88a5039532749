package dev.sft.harness.probe;

import org.apache.spark.sql.connector.write.DeltaBatchWrite;
import org.apache.spark.sql.connector.write.DeltaWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;

/**
 * Driver side of a merge-on-read write: the accepted-message and commit markers of {@link ProbedBatchWrite}, with a
 * factory of probed delta writers.
 */
final class ProbedDeltaBatchWrite extends ProbedBatchWrite implements DeltaBatchWrite {
  private final DeltaBatchWrite delta;

  ProbedDeltaBatchWrite(DeltaBatchWrite delegate, ProbeSpec spec) {
    super(delegate, spec, true);
    this.delta = delegate;
  }

  @Override
  public DeltaWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new ProbedDeltaWriterFactory(delta.createBatchWriterFactory(info), spec);
  }
}
