package dev.sft.harness.probe;

import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.SupportsDelta;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A copy-on-write row-level operation (DELETE, UPDATE, MERGE) under the probe: Iceberg's scan of the files to
 * rewrite, unchanged, and its rewrite write, probed. {@link ProbedDeltaOperation} is the merge-on-read form.
 */
class ProbedOperation implements RowLevelOperation {
  private final RowLevelOperation delegate;
  final ProbeSpec spec;

  ProbedOperation(RowLevelOperation delegate, ProbeSpec spec) {
    this.delegate = delegate;
    this.spec = spec;
  }

  /**
   * The probed form of {@code operation}: merge-on-read ({@link SupportsDelta}) stays a delta operation, so Spark
   * plans the same WriteDelta or ReplaceData it would plan without the probe. A spec's hold before input is done by
   * {@link HoldingShuffleManager} before the writer's shuffle reader exists, not here.
   */
  static RowLevelOperation probe(RowLevelOperation operation, ProbeSpec spec) {
    return operation instanceof SupportsDelta delta ? new ProbedDeltaOperation(delta, spec)
        : new ProbedOperation(operation, spec);
  }

  @Override
  public String description() {
    return "sft-probed(" + delegate.description() + ")";
  }

  @Override
  public Command command() {
    return delegate.command();
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return delegate.newScanBuilder(options);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    WriteBuilder builder = delegate.newWriteBuilder(info);
    return new WriteBuilder() {
      @Override
      public Write build() {
        return new ProbedWrite(builder.build(), spec, true);
      }
    };
  }

  @Override
  public NamedReference[] requiredMetadataAttributes() {
    return delegate.requiredMetadataAttributes();
  }
}
