package dev.sft.harness.probe;

import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.Write;

/**
 * Keeps the writer's own distribution and ordering requirements, so probing does not change the physical plan.
 * {@link ProbedDeltaWrite} is its merge-on-read form.
 */
class ProbedWrite implements RequiresDistributionAndOrdering {
  private final Write delegate;
  final ProbeSpec spec;
  private final boolean rowLevel;

  ProbedWrite(Write delegate, ProbeSpec spec) {
    this(delegate, spec, false);
  }

  /** {@code rowLevel}: the rewrite of a copy-on-write DELETE, UPDATE or MERGE (see {@link ProbedOperation}). */
  ProbedWrite(Write delegate, ProbeSpec spec, boolean rowLevel) {
    this.delegate = delegate;
    this.spec = spec;
    this.rowLevel = rowLevel;
  }

  @Override
  public String description() {
    return "sft-probed(" + delegate.description() + ")";
  }

  @Override
  public BatchWrite toBatch() {
    return new ProbedBatchWrite(delegate.toBatch(), spec, rowLevel);
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return delegate.supportedCustomMetrics();
  }

  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return delegate.reportDriverMetrics();
  }

  private RequiresDistributionAndOrdering requirements() {
    return delegate instanceof RequiresDistributionAndOrdering r ? r : null;
  }

  @Override
  public Distribution requiredDistribution() {
    return requirements() == null ? Distributions.unspecified() : requirements().requiredDistribution();
  }

  @Override
  public boolean distributionStrictlyRequired() {
    return requirements() == null || requirements().distributionStrictlyRequired();
  }

  @Override
  public int requiredNumPartitions() {
    return requirements() == null ? 0 : requirements().requiredNumPartitions();
  }

  @Override
  public long advisoryPartitionSizeInBytes() {
    return requirements() == null ? 0 : requirements().advisoryPartitionSizeInBytes();
  }

  @Override
  public SortOrder[] requiredOrdering() {
    return requirements() == null ? new SortOrder[0] : requirements().requiredOrdering();
  }
}
