package dev.sft.harness.probe;

import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwriteV2;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/**
 * The writer's own write builder with the probe around what it builds. Spark picks the write path by the builder's
 * type (an append, a dynamic partition overwrite, an overwrite by expression, a truncate), so {@link #of} keeps the
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
    boolean byExpression = delegate instanceof SupportsOverwriteV2;
    if (dynamic && byExpression) {
      return new Overwriting(delegate, spec);
    }
    if (dynamic || byExpression) {
      // Iceberg's Spark writer has both or neither; a writer with one would need its own wrapper, and guessing
      // would change which write path Spark takes.
      throw new IllegalStateException("the write builder " + delegate.getClass().getName() + " supports "
          + (dynamic ? "dynamic" : "expression") + " overwrite only; the probe wraps builders with both or neither");
    }
    return new ProbedWriteBuilder(delegate, spec);
  }

  @Override
  public Write build() {
    return new ProbedWrite(delegate.build(), spec);
  }

  /**
   * A builder that can overwrite dynamically and by expression (Spark's V2 predicates, which a filter-based
   * {@code SupportsOverwrite} also takes), as Iceberg's {@code SparkWriteBuilder} can.
   */
  static final class Overwriting extends ProbedWriteBuilder implements SupportsDynamicOverwrite, SupportsOverwriteV2 {
    Overwriting(WriteBuilder delegate, ProbeSpec spec) {
      super(delegate, spec);
    }

    @Override
    public WriteBuilder overwriteDynamicPartitions() {
      delegate = ((SupportsDynamicOverwrite) delegate).overwriteDynamicPartitions();
      return this;
    }

    @Override
    public boolean canOverwrite(Predicate[] predicates) {
      return ((SupportsOverwriteV2) delegate).canOverwrite(predicates);
    }

    @Override
    public WriteBuilder overwrite(Predicate[] predicates) {
      delegate = ((SupportsOverwriteV2) delegate).overwrite(predicates);
      return this;
    }

    @Override
    public WriteBuilder truncate() {
      delegate = ((SupportsOverwriteV2) delegate).truncate();
      return this;
    }
  }
}
