package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import dev.sft.contract.Verdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --until-failure} on the real embedded cluster: round after round until a repetition fails, or the bound.
 * Both cells fail often on Iceberg 1.11 (the speculative loser's files on append; a deletion-vector merge's orphaned
 * vectors even without a fault), so the soak nearly always stops early, keeping that repetition's evidence; the test
 * holds either way the writer's race goes. The order of rounds, the bound and the control's single run are
 * {@code RepetitionsTest}'s, without a cluster.
 */
class SoakIT {
  private static final int MAX_REPEAT = 5;

  @Test
  void aSoakStopsAtItsFirstFailureAndKeepsThatRepetitionsEvidence() throws Exception {
    // Without the shipped known findings, which would make those cells Known: a soak stops at a failure only.
    LocalRun run = LocalRun.run("soak-stops", "--scenarios", "speculation-original-wins", "--operations",
        "append,merge-dv", "--until-failure", "--max-repeat", String.valueOf(MAX_REPEAT), "--no-known-findings");

    List<ScenarioResult> ran = run.report().scenarios();
    ScenarioResult last = ran.get(ran.size() - 1);
    List<ScenarioResult> notPassed = ran.stream().filter(r -> r.outcome() != Verdict.Passed).toList();
    if (notPassed.isEmpty()) {
      assertThat(ran).as("no failure: every round up to the bound").hasSize(2 * MAX_REPEAT);
      assertThat(run.exitCode()).isEqualTo(RunExitCode.PASSED.code());
      return;
    }
    assertThat(notPassed).as("the soak stops at its first failure, the last repetition").containsExactly(last);
    assertThat(ran.stream().filter(Soak::ends)).as("exactly one repetition ends a soak, the last").containsExactly(last);
    assertThat(last.outcome()).isIn(Verdict.Failed, Verdict.Unknown);
    assertThat(last.repetition()).as("no round after the failing one").isEqualTo(ran.stream()
        .mapToInt(ScenarioResult::repetition).max().orElseThrow());
    assertThat(Path.of(last.evidence())).as("the failing repetition's evidence is kept").isDirectory();
    assertThat(run.exitCode()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
  }
}
