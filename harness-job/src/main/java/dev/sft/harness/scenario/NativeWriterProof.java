package dev.sft.harness.scenario;

import dev.sft.harness.judge.NativeWriterJudge;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.comet.iceberg.IcebergWriteReportListener;
import org.apache.spark.sql.comet.CometIcebergWriteExec;
import org.apache.spark.sql.comet.IcebergCommitExec;
import org.apache.spark.sql.execution.SparkPlan;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Reads what {@link NativeWriterJudge} needs out of the executed write plan: Comet's own classification of each
 * Iceberg write, and whether Comet's commit and native write operators are in the plan.
 */
final class NativeWriterProof {
  private NativeWriterProof() {}

  /**
   * {@code gap}: why the native writer may not do the scenario's operation, if it may not. Returns the reason when
   * the write did not run natively on such an operation, so the scenario judges nothing else.
   */
  static Optional<String> judge(ScenarioRepetition repetition, SparkPlan writePlan, Optional<String> gap) {
    if (writePlan == null) {
      NativeWriterJudge.noPlan(repetition.checks());
      return Optional.empty();
    }
    List<NativeWriterJudge.ClassifiedWrite> classified = new ArrayList<>();
    for (IcebergWriteReportListener.IcebergWrite write
        : CollectionConverters.asJava(IcebergWriteReportListener.writes(writePlan))) {
      classified.add(new NativeWriterJudge.ClassifiedWrite(write.writer(), String.valueOf(write.node()),
          List.copyOf(CollectionConverters.asJava(write.reasons()))));
    }
    boolean commitOverNative = contains(writePlan, IcebergCommitExec.class)
        && contains(writePlan, CometIcebergWriteExec.class);
    return NativeWriterJudge.judge(repetition.checks(), classified, commitOverNative, gap);
  }

  private static boolean contains(SparkPlan plan, Class<?> type) {
    if (type.isInstance(plan)) {
      return true;
    }
    for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
      if (contains(child, type)) {
        return true;
      }
    }
    return false;
  }
}
