package dev.sft.harness.probe;

import java.util.Map;
import java.util.Set;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsDeleteV2;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsRowLevelOperations;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.constraints.Constraint;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RowLevelOperationBuilder;
import org.apache.spark.sql.connector.write.RowLevelOperationInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A table as the writer under test sees it, except that writes carrying a {@link ProbeSpec} are probed: an append
 * whose write options carry it, and a row-level command (DELETE, UPDATE, MERGE) run through {@link ProbedCommand}.
 * Reads, metadata columns and metadata-only deletes are Iceberg's own, so a probed command plans as an unprobed one.
 */
final class ProbedTable
    implements SupportsRead, SupportsWrite, SupportsMetadataColumns, SupportsRowLevelOperations, SupportsDeleteV2 {
  private final SparkTable delegate;

  ProbedTable(SparkTable delegate) {
    this.delegate = delegate;
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    WriteBuilder builder = delegate.newWriteBuilder(info);
    return ProbeSpec.fromOptions(info.options())
        .map(spec -> ProbedWriteBuilder.of(builder, spec))
        .orElse(builder);
  }

  @Override
  public RowLevelOperationBuilder newRowLevelOperationBuilder(RowLevelOperationInfo info) {
    RowLevelOperationBuilder builder = delegate.newRowLevelOperationBuilder(info);
    return ProbedCommand.current()
        .<RowLevelOperationBuilder>map(spec -> () -> ProbedOperation.probe(builder.build(), spec))
        .orElse(builder);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return delegate.newScanBuilder(options);
  }

  @Override
  public MetadataColumn[] metadataColumns() {
    return delegate.metadataColumns();
  }

  @Override
  public boolean canRenameConflictingMetadataColumns() {
    return delegate.canRenameConflictingMetadataColumns();
  }

  @Override
  public boolean canDeleteWhere(Predicate[] predicates) {
    return delegate.canDeleteWhere(predicates);
  }

  /**
   * A DELETE whose condition selects whole files is Iceberg's metadata-only delete: no write task runs, so no
   * attempt can be probed. Under a spec, its commit marker (zero messages) says so, rather than leaving no trace.
   */
  @Override
  public void deleteWhere(Predicate[] predicates) {
    java.util.Optional<ProbeSpec> spec = ProbedCommand.current();
    if (spec.isEmpty()) {
      delegate.deleteWhere(predicates);
    } else {
      ProbedBatchWrite.recordCommit(spec.get(), 0, METADATA_DELETE, () -> delegate.deleteWhere(predicates));
    }
  }

  /** The detail of a metadata-only delete's commit marker. */
  public static final String METADATA_DELETE = "metadata-only delete (SupportsDeleteV2.deleteWhere): no write task ran";

  @Override
  public String id() {
    return delegate.id();
  }

  @Override
  public String version() {
    return delegate.version();
  }

  @Override
  public Constraint[] constraints() {
    return delegate.constraints();
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public StructType schema() {
    return delegate.schema();
  }

  @Override
  public Column[] columns() {
    return delegate.columns();
  }

  @Override
  public Transform[] partitioning() {
    return delegate.partitioning();
  }

  @Override
  public Map<String, String> properties() {
    return delegate.properties();
  }

  @Override
  public Set<TableCapability> capabilities() {
    return delegate.capabilities();
  }
}
