package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import java.util.List;

/**
 * Comet falls back to the JVM writer silently, so a comet-native scenario must prove the native writer ran: Comet's
 * own classification of the executed write says exactly one native write, and the plan has Comet's commit operator
 * over its native write operator.
 */
public final class NativeWriterJudge {
  private NativeWriterJudge() {}

  /** One Iceberg write as Comet classified it. */
  public record ClassifiedWrite(String writer, String node, List<String> reasons) {}

  public static void noPlan(Checks checks) {
    checks.unknown(SCHEDULER, "writer.native-ran", "no executed plan of the monitored write was recorded");
  }

  public static void judge(Checks checks, List<ClassifiedWrite> classified, boolean commitOverNative) {
    long nativeWrites = classified.stream().filter(w -> "native".equals(w.writer())).count();
    checks.check(SCHEDULER, "writer.native-ran", nativeWrites == 1 && classified.size() == 1 && commitOverNative,
        "Comet's classification of the write: " + (classified.isEmpty() ? "no Iceberg write seen (Comet did not plan"
            + " it)" : classified.stream().map(w -> w.writer() + " " + w.node() + " " + w.reasons()).toList())
            + "; IcebergCommitExec over CometIcebergWriteExec in the plan: " + commitOverNative);
  }
}
