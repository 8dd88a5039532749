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
 * A merge into a deletion-vector table fails its storage rules on Iceberg 1.11 even without a fault (the control
 * cells show it), so a soak over it stops in its first round, its evidence kept. The order of rounds, the bound and
 * the control's single run are {@code RepetitionsTest}'s, without a cluster.
 */
class SoakIT {
  @Test
  void aSoakStopsAtItsFirstFailureAndKeepsThatRepetitionsEvidence() throws Exception {
    LocalRun run = LocalRun.run("soak-stops", "--scenarios", "speculation-original-wins", "--operations",
        "append,merge-dv", "--until-failure", "--max-repeat", "5");

    List<ScenarioResult> ran = run.report().scenarios();
    ScenarioResult last = ran.get(ran.size() - 1);
    assertThat(ran).as("stopped in the first round").allSatisfy(r -> assertThat(r.repetition()).isEqualTo(1));
    assertThat(ran.stream().filter(Soak::ends)).as("exactly one repetition ends a soak, the last").containsExactly(last);
    assertThat(last.operation()).as("%s", ran).isIn("append", "merge-dv");
    assertThat(last.outcome()).isIn(Verdict.Failed, Verdict.Unknown);
    assertThat(Path.of(last.evidence())).as("the failing repetition's evidence is kept").isDirectory();
    assertThat(run.exitCode()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
  }
}
