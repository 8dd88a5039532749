package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class NativeWriterJudgeTest {
  static final NativeWriterJudge.ClassifiedWrite NATIVE =
      new NativeWriterJudge.ClassifiedWrite("native", "CometIcebergWriteExec", List.of());
  static final NativeWriterJudge.ClassifiedWrite JVM =
      new NativeWriterJudge.ClassifiedWrite("jvm", "AppendDataExec", List.of("unsupported option"));

  static Verdict judge(List<NativeWriterJudge.ClassifiedWrite> writes, boolean commitOverNative) {
    Checks checks = new Checks();
    NativeWriterJudge.judge(checks, writes, commitOverNative);
    return Verdicts.of(checks, "writer.native-ran");
  }

  @Test
  void exactlyOneNativeWriteUnderComentsCommitPasses() {
    assertThat(judge(List.of(NATIVE), true)).isEqualTo(Verdict.Passed);
  }

  @Test
  void aFallbackAnExtraWriteOrAMissingOperatorFails() {
    assertThat(judge(List.of(JVM), true)).isEqualTo(Verdict.Failed);
    assertThat(judge(List.of(), true)).isEqualTo(Verdict.Failed);
    assertThat(judge(List.of(NATIVE, NATIVE), true)).isEqualTo(Verdict.Failed);
    assertThat(judge(List.of(NATIVE, JVM), true)).isEqualTo(Verdict.Failed);
    assertThat(judge(List.of(NATIVE), false)).isEqualTo(Verdict.Failed);
  }

  @Test
  void theDetailSaysWhatCometClassified() {
    Checks none = new Checks();
    NativeWriterJudge.judge(none, List.of(), true);
    assertThat(Verdicts.detail(none, "writer.native-ran")).contains("no Iceberg write seen");
    Checks jvm = new Checks();
    NativeWriterJudge.judge(jvm, List.of(JVM), true);
    assertThat(Verdicts.detail(jvm, "writer.native-ran")).contains("jvm AppendDataExec [unsupported option]");
  }

  @Test
  void aFallbackOnAnOperationTheNativeWriterDoesNotDoIsUnknownNamingWhyNeverAPass() {
    java.util.Optional<String> gap = java.util.Optional.of("the native writer does not do a dynamic overwrite");
    Checks fallback = new Checks();
    assertThat(NativeWriterJudge.judge(fallback, List.of(JVM), true, gap)).isEqualTo(gap);
    assertThat(Verdicts.of(fallback, "writer.native-ran")).isEqualTo(Verdict.Unknown);
    NativeWriterJudge.notJudged(fallback, gap.get());
    assertThat(fallback.verdict("storage")).isEqualTo(Verdict.Unknown);
    assertThat(Verdicts.detail(fallback, "writer.native-ran")).contains("does not do a dynamic overwrite")
        .contains("unsupported option");
    assertThat(fallback.verdict("scheduler")).isEqualTo(Verdict.Unknown);
    // Where it does run natively, the operation is judged like an append.
    Checks ran = new Checks();
    assertThat(NativeWriterJudge.judge(ran, List.of(NATIVE), true, gap)).isEmpty();
    assertThat(Verdicts.of(ran, "writer.native-ran")).isEqualTo(Verdict.Passed);
    // Without a gap (append) a fallback stays Failed.
    Checks append = new Checks();
    NativeWriterJudge.judge(append, List.of(JVM), true, java.util.Optional.empty());
    assertThat(Verdicts.of(append, "writer.native-ran")).isEqualTo(Verdict.Failed);
  }

  @Test
  void noRecordedPlanIsUnknown() {
    Checks checks = new Checks();
    NativeWriterJudge.noPlan(checks);
    assertThat(Verdicts.of(checks, "writer.native-ran")).isEqualTo(Verdict.Unknown);
  }
}
