package dev.sft.harness.probe;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DeltaWriter;

/**
 * A merge-on-read writer (Iceberg's position delta writer) under the probe: the markers, handoff gate and abort
 * record of {@link ProbedDataWriter}, with every delta call counted by the pause on input.
 */
final class ProbedDeltaWriter extends ProbedDataWriter implements DeltaWriter<InternalRow> {
  private final DeltaWriter<InternalRow> delta;

  ProbedDeltaWriter(DeltaWriter<InternalRow> delegate, ProbeSpec spec) {
    super(delegate, spec, true);
    this.delta = delegate;
  }

  @Override
  public void delete(InternalRow metadata, InternalRow id) throws IOException {
    pause.beforeRow();
    delta.delete(metadata, id);
  }

  @Override
  public void update(InternalRow metadata, InternalRow id, InternalRow row) throws IOException {
    pause.beforeRow();
    delta.update(metadata, id, row);
  }

  @Override
  public void reinsert(InternalRow metadata, InternalRow row) throws IOException {
    pause.beforeRow();
    delta.reinsert(metadata, row);
  }

  @Override
  public void insert(InternalRow row) throws IOException {
    pause.beforeRow();
    delta.insert(row);
  }

  /** DeltaWriter and DataWriter both define it: the probed data writer's (pause, then the delegate's write). */
  @Override
  public void write(InternalRow row) throws IOException {
    super.write(row);
  }
}
