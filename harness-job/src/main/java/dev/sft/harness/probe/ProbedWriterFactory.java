package dev.sft.harness.probe;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;

/** Serialized into each task; wraps every writer the delegate factory creates. */
final class ProbedWriterFactory implements DataWriterFactory {
  private final DataWriterFactory delegate;
  private final ProbeSpec spec;
  /** A copy-on-write row-level write: its writers pause on input themselves ({@link WriterPause}). */
  private final boolean rowLevel;

  ProbedWriterFactory(DataWriterFactory delegate, ProbeSpec spec, boolean rowLevel) {
    this.delegate = delegate;
    this.spec = spec;
    this.rowLevel = rowLevel;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new ProbedDataWriter(delegate.createWriter(partitionId, taskId), spec, rowLevel);
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
