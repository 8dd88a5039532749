package dev.sft.harness.scenario;

import static dev.sft.contract.Check.SCHEDULER;

import java.util.ArrayList;
import java.util.List;
import org.apache.comet.iceberg.IcebergWriteReportListener;
import org.apache.spark.sql.comet.CometIcebergWriteExec;
import org.apache.spark.sql.comet.IcebergCommitExec;
import org.apache.spark.sql.execution.SparkPlan;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Comet falls back to the JVM writer silently, so a comet-native scenario must prove the native writer ran for its
 * write: Comet's own classification of the executed plan says exactly one native write, and the plan has Comet's
 * commit operator over its native write operator.
 */
final class NativeWriterProof {
  private NativeWriterProof() {}

  static void judge(ScenarioRun run, SparkPlan writePlan) {
    if (writePlan == null) {
      run.unknown(SCHEDULER, "writer.native-ran", "no executed plan of the monitored write was recorded");
      return;
    }
    List<String> classified = new ArrayList<>();
    long nativeWrites = 0;
    for (IcebergWriteReportListener.IcebergWrite write
        : CollectionConverters.asJava(IcebergWriteReportListener.writes(writePlan))) {
      classified.add(write.writer() + " " + write.node() + " " + CollectionConverters.asJava(write.reasons()));
      if ("native".equals(write.writer())) {
        nativeWrites++;
      }
    }
    boolean commitOverNative = contains(writePlan, IcebergCommitExec.class)
        && contains(writePlan, CometIcebergWriteExec.class);
    run.check(SCHEDULER, "writer.native-ran", nativeWrites == 1 && classified.size() == 1 && commitOverNative,
        "Comet's classification of the write: " + (classified.isEmpty() ? "no Iceberg write seen (Comet did not plan"
            + " it)" : classified) + "; IcebergCommitExec over CometIcebergWriteExec in the plan: "
            + commitOverNative);
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
