package dev.sft.harness.comet;

import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.probe.ProbedBatchWrite;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.comet.IcebergCommitExec;
import org.apache.spark.sql.execution.ColumnarRule;
import org.apache.spark.sql.execution.SparkPlan;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractPartialFunction;
import scala.runtime.BoxedUnit;

/**
 * A session extension (listed in {@code spark.sql.extensions} for comet-native runs) that observes Comet's commit
 * operator: it gives {@code IcebergCommitExec} a {@link ProbedBatchWrite} around the writer's own BatchWrite, so
 * the accepted messages and the job commit are recorded as for the JVM writer. Comet's write operator keeps the
 * original BatchWrite, so the write itself stays native. Note: Comet 1.2.0 calls {@code onDataWriterCommit} after
 * its job returns, with the messages its result handler collected, not inside the handler.
 */
public final class CometCommitObserver extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectColumnar(new AbstractFunction1<SparkSession, ColumnarRule>() {
      @Override
      public ColumnarRule apply(SparkSession session) {
        return new ColumnarRule() {
          @Override
          public Rule<SparkPlan> preColumnarTransitions() {
            return new ObserveCommit(session);
          }
        };
      }
    });
    return BoxedUnit.UNIT;
  }

  private static final class ObserveCommit extends Rule<SparkPlan> {
    private final SparkSession session;

    ObserveCommit(SparkSession session) {
      this.session = session;
    }

    @Override
    public SparkPlan apply(SparkPlan plan) {
      String encoded = session.sparkContext().getLocalProperty(ProbeSpec.OPTION);
      if (encoded == null) {
        return plan;
      }
      ProbeSpec spec = ProbeSpec.fromOption(encoded);
      return plan.transformUp(new AbstractPartialFunction<SparkPlan, SparkPlan>() {
        @Override
        public boolean isDefinedAt(SparkPlan node) {
          return node instanceof IcebergCommitExec commit && !(commit.batchWrite() instanceof ProbedBatchWrite);
        }

        @Override
        public SparkPlan apply(SparkPlan node) {
          IcebergCommitExec commit = (IcebergCommitExec) node;
          return commit.copy(new ProbedBatchWrite(commit.batchWrite(), spec), commit.write(), commit.refreshCache(),
              commit.child(), commit.command());
        }
      });
    }
  }
}
