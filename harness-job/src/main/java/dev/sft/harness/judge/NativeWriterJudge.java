package dev.sft.harness.judge;

import static dev.sft.contract.Check.NATIVE_WRITER_RAN;
import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;

import java.util.List;
import java.util.Optional;

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
    checks.unknown(SCHEDULER, NATIVE_WRITER_RAN, "no executed plan of the monitored write was recorded");
  }

  public static void judge(Checks checks, List<ClassifiedWrite> classified, boolean commitOverNative) {
    judge(checks, classified, commitOverNative, Optional.empty());
  }

  /** The storage side of a write the native writer did not do: nothing of the writer under test to audit. */
  public static void notJudged(Checks checks, String why) {
    checks.unknown(STORAGE, NATIVE_WRITER_RAN, "not audited: " + why);
  }

  /**
   * As {@link #judge(Checks, List, boolean)}, for an operation the native writer may not do: {@code gap} says why.
   * Then a write that did not run natively is Unknown naming the gap and Comet's own reasons (the scenario tested
   * the JVM writer, not the one under test), never a pass; a write that ran natively is judged as ever.
   *
   * @return the gap's reason when the write did not run natively on such an operation (the scenario's other rules
   *     judge no writer under test then), else empty
   */
  public static Optional<String> judge(Checks checks, List<ClassifiedWrite> classified, boolean commitOverNative,
      Optional<String> gap) {
    long nativeWrites = classified.stream().filter(w -> "native".equals(w.writer())).count();
    boolean ran = nativeWrites == 1 && classified.size() == 1 && commitOverNative;
    String detail = "Comet's classification of the write: " + (classified.isEmpty() ? "no Iceberg write seen (Comet"
        + " did not plan it)" : classified.stream().map(w -> w.writer() + " " + w.node() + " " + w.reasons()).toList())
        + "; IcebergCommitExec over CometIcebergWriteExec in the plan: " + commitOverNative;
    if (!ran && gap.isPresent()) {
      checks.unknown(SCHEDULER, NATIVE_WRITER_RAN, gap.get() + "; " + detail);
      return gap;
    }
    checks.check(SCHEDULER, NATIVE_WRITER_RAN, ran, detail);
    return Optional.empty();
  }
}
