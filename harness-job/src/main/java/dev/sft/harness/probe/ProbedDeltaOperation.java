package dev.sft.harness.probe;

import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.write.DeltaWrite;
import org.apache.spark.sql.connector.write.DeltaWriteBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDelta;

/**
 * A merge-on-read row-level operation under the probe: Iceberg's position delta write (position delete files in
 * format v2, deletion vectors in v3, plus the data files of updated and inserted rows), probed; row ID and the
 * update-as-delete-and-insert choice are Iceberg's.
 */
final class ProbedDeltaOperation extends ProbedOperation implements SupportsDelta {
  private final SupportsDelta delta;

  ProbedDeltaOperation(SupportsDelta delegate, ProbeSpec spec) {
    super(delegate, spec);
    this.delta = delegate;
  }

  @Override
  public DeltaWriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    DeltaWriteBuilder builder = delta.newWriteBuilder(info);
    return new DeltaWriteBuilder() {
      @Override
      public DeltaWrite build() {
        return new ProbedDeltaWrite(builder.build(), spec);
      }
    };
  }

  @Override
  public NamedReference[] rowId() {
    return delta.rowId();
  }

  @Override
  public boolean representUpdateAsDeleteAndInsert() {
    return delta.representUpdateAsDeleteAndInsert();
  }
}
