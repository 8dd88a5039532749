package dev.sft.harness.probe;

import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwrite;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.sources.Filter;

/**
 * The writer's own write builder with the probe around what it builds. Spark picks the write path by the builder's
 * type (an append, a dynamic partition overwrite, an overwrite by filter, a truncate), so {@link #of} keeps the
 * delegate's overwrite abilities: the probed builder claims exactly those the writer's own claims, each step goes to
 * the writer's builder, and only {@link #build} adds the probe.
 */
class ProbedWriteBuilder implements WriteBuilder {
  /** The builder Spark configures step by step; each overwrite step may hand back a new one. */
  WriteBuilder delegate;
  private final ProbeSpec spec;

  ProbedWriteBuilder(WriteBuilder delegate, ProbeSpec spec) {
    this.delegate = delegate;
    this.spec = spec;
  }

  /** A probed builder with the overwrite abilities of {@code delegate}, no more and no fewer. */
  static WriteBuilder of(WriteBuilder delegate, ProbeSpec spec) {
    boolean dynamic = delegate instanceof SupportsDynamicOverwrite;
    boolean byFilter = delegate instanceof SupportsOverwrite;
    if (dynamic && byFilter) {
      return new Overwriting(delegate, spec);
    }
    if (dynamic || byFilter) {
      // Every Iceberg Spark writer this harness knows has both or neither; a writer with one would need its own
      // wrapper, and guessing would change which write path Spark takes.
      throw new IllegalStateException("the write builder " + delegate.getClass().getName() + " supports "
          + (dynamic ? "dynamic" : "filter") + " overwrite only; the probe wraps builders with both or neither");
    }
    return new ProbedWriteBuilder(delegate, spec);
  }

  @Override
  public Write build() {
    return new ProbedWrite(delegate.build(), spec);
  }

  /** A builder that can overwrite dynamically and by filter, as Iceberg's {@code SparkWriteBuilder} can. */
  static final class Overwriting extends ProbedWriteBuilder implements SupportsDynamicOverwrite, SupportsOverwrite {
    Overwriting(WriteBuilder delegate, ProbeSpec spec) {
      super(delegate, spec);
    }

    @Override
    public WriteBuilder overwriteDynamicPartitions() {
      delegate = ((SupportsDynamicOverwrite) delegate).overwriteDynamicPartitions();
      return this;
    }

    @Override
    public boolean canOverwrite(Filter[] filters) {
      return ((SupportsOverwrite) delegate).canOverwrite(filters);
    }

    @Override
    public WriteBuilder overwrite(Filter[] filters) {
      delegate = ((SupportsOverwrite) delegate).overwrite(filters);
      return this;
    }

    @Override
    public boolean canOverwrite(Predicate[] predicates) {
      return ((SupportsOverwrite) delegate).canOverwrite(predicates);
    }

    @Override
    public WriteBuilder overwrite(Predicate[] predicates) {
      delegate = ((SupportsOverwrite) delegate).overwrite(predicates);
      return this;
    }

    @Override
    public WriteBuilder truncate() {
      delegate = ((SupportsOverwrite) delegate).truncate();
      return this;
    }
  }
}
