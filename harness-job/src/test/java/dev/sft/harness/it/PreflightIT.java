package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import org.junit.jupiter.api.Test;

/** A cluster that cannot host the scenarios fails preflight; it never produces a skipped pass. */
class PreflightIT {
  @Test
  void aSingleWorkerHostFailsPreflightAndRunsNoScenario() throws Exception {
    LocalRun run = LocalRun.run("single-host", "--workers", "1", "--timeout", "20",
        "--scenarios", "speculation-original-wins");

    assertThat(run.exitCode()).isEqualTo(RunExitCode.PREFLIGHT_FAILED.code());
    assertThat(run.report().passed()).isFalse();
    assertThat(run.report().failure()).contains("preflight failed").contains("2 distinct hosts");
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).isEqualTo(Verdict.Unknown);
      assertThat(s.storage()).isEqualTo(Verdict.Unknown);
    }
  }
}
