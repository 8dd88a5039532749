package dev.sft.harness.probe;

import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;

/** A table as the writer under test sees it, except that writes carrying a {@link ProbeSpec} are probed. */
final class ProbedTable implements SupportsWrite {
  private final SupportsWrite delegate;

  ProbedTable(SupportsWrite delegate) {
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
