package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import org.junit.jupiter.api.Test;

/**
 * An operation Comet's native writer does not do (a copy-on-write DELETE: Comet falls back to the JVM writer,
 * outside the probe) is Unknown on both sides, and its message leads with that reason, not with how the drive ended.
 */
class CometFallbackIT {
  @Test
  void aRowLevelDeleteUnderCometIsUnknownAndSaysTheNativeWriterDidNotRun() throws Exception {
    LocalRun run = LocalRun.run("comet-fallback", "--writer", "comet-native", "--operations", "delete-cow",
        "--scenarios", "speculation-original-wins", "--timeout", "120");

    ScenarioResult s = run.scenario("speculation-original-wins");
    assertThat(s.scheduler()).as(s.message()).isEqualTo(Verdict.Unknown);
    assertThat(s.storage()).as(s.message()).isEqualTo(Verdict.Unknown);
    assertThat(s.message()).startsWith("the native writer did not run, so the probe saw no attempt and the scenario"
        + " did not complete: ");
    assertThat(s.checks()).filteredOn(c -> c.rule().equals("writer.native-ran")).extracting(Check::verdict)
        .containsExactly(Verdict.Unknown, Verdict.Unknown);
    assertThat(s.checks()).filteredOn(c -> c.rule().equals("writer.native-ran")).first().extracting(Check::detail)
        .asString().contains("does not do delete-cow").contains("jvm IcebergWrite");
    assertThat(s.checks()).as("nothing of the JVM writer judged as the writer under test")
        .allSatisfy(c -> assertThat(c.verdict()).isNotEqualTo(Verdict.Failed));
    assertThat(run.exitCode()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
  }
}
