package dev.sft.harness.probe;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DeltaWriter;
import org.apache.spark.sql.connector.write.DeltaWriterFactory;

/** Serialized into each task of a merge-on-read write; wraps every delta writer the delegate factory creates. */
final class ProbedDeltaWriterFactory implements DeltaWriterFactory {
  private final DeltaWriterFactory delegate;
  private final ProbeSpec spec;

  ProbedDeltaWriterFactory(DeltaWriterFactory delegate, ProbeSpec spec) {
    this.delegate = delegate;
    this.spec = spec;
  }

  @Override
  public DeltaWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new ProbedDeltaWriter(delegate.createWriter(partitionId, taskId), spec);
  }

  /**
   * A writer stage's task deserializes the factory before it builds its input, so this registers the attempt as a
   * probed writer for {@link HoldingShuffleManager}.
   */
  private void readObject(java.io.ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
    in.defaultReadObject();
    WriterTasks.enter(spec);
  }
}
