package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.Check;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunShape;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.report.ComparisonFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two builds taking turns, without a cluster: the order of turns, each build's report, the comparison, the exit. */
class BuildTurnsTest {
  private static final String CELL = "speculation-original-wins";

  /** One repetition's report of a build whose writer.native-ran rule passes or fails. */
  private static HarnessDriver.Outcome turn(String runId, int repetition, boolean fails, RunExitCode exit) {
    ScenarioResult result = ScenarioResult.judged(CELL, repetition, fails ? Verdict.Failed : Verdict.Passed,
        Verdict.Passed, new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000,
        "/e/" + runId + "/" + repetition, null, List.of(new Check(Check.SCHEDULER, "writer.native-ran",
            fails ? Verdict.Failed : Verdict.Passed, "the native writer ran in every writer task")));
    return new HarnessDriver.Outcome(Report.of(runId, "comet-native", "spark://m:7077", List.of(result), "a", "b",
        null), exit);
  }

  @Test
  void buildsTakeTurnsRepetitionByRepetitionUnderRunIdsOfTheirOwn(@TempDir Path shared) throws Exception {
    BuildTurns turns = new BuildTurns("cmp", null, null);
    List<String> order = new ArrayList<>();
    turns.take(compared(3), (build, repetition) -> {
      order.add(build.label() + " " + repetition);
      return List.of(turn(build.runId(), repetition, false, RunExitCode.PASSED));
    });

    assertThat(order).containsExactly("baseline 1", "candidate 1", "baseline 2", "candidate 2", "baseline 3",
        "candidate 3");
    BuildTurns.Compared compared = turns.finish(shared, "cmp", "t0", false);
    assertThat(compared.comparison().cells()).singleElement()
        .satisfies(cell -> assertThat(cell.change()).as(cell.why()).isEqualTo(Change.same));
    assertThat(compared.exitCode()).isEqualTo(RunExitCode.PASSED);
    assertThat(ReportJson.read(shared.resolve("cmp-baseline/report.json")).scenarios()).hasSize(3);
    assertThat(ReportJson.read(shared.resolve("cmp-candidate/report.json")).scenarios())
        .extracting(ScenarioResult::repetition).containsExactly(1, 2, 3);
    assertThat(compared.comparisonFile()).isEqualTo(shared.resolve("cmp").resolve(ComparisonFiles.JSON));
    assertThat(Files.isRegularFile(compared.comparisonFile())).isTrue();
  }

  @Test
  void aCandidateThatFailsARuleTheBaselineNeverFailedRegressesAndExitsNotPassed(@TempDir Path shared) {
    BuildTurns turns = new BuildTurns("cmp", null, null);
    turns.take(compared(2), (build, repetition) -> List.of(turn(build.runId(), repetition,
        build.label().equals(BuildTurns.CANDIDATE), RunExitCode.PASSED)));

    BuildTurns.Compared compared = turns.finish(shared, "cmp", "t0", false);
    assertThat(compared.comparison().cells()).singleElement()
        .satisfies(cell -> assertThat(cell.change()).isEqualTo(Change.regressed));
    assertThat(compared.exitCode()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED);
  }

  @Test
  void aTurnThatCouldNotJudgeDecidesTheExitAndTheOtherTurnsStillRun(@TempDir Path shared) {
    BuildTurns turns = new BuildTurns("cmp", null, null);
    List<String> order = new ArrayList<>();
    turns.take(compared(2), (build, repetition) -> {
      order.add(build.label() + " " + repetition);
      boolean preflight = build.label().equals(BuildTurns.BASELINE) && repetition == 1;
      return List.of(turn(build.runId(), repetition, false,
          preflight ? RunExitCode.PREFLIGHT_FAILED : RunExitCode.PASSED));
    });

    assertThat(order).hasSize(4);
    assertThat(turns.judged()).isFalse();
    assertThat(turns.finish(shared, "cmp", "t0", false).exitCode()).isEqualTo(RunExitCode.PREFLIGHT_FAILED);
  }

  /** Two builds compared over one cell, {@code repeat} times each. */
  private static RunShape compared(int repeat) {
    return new RunShape(List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS), List.of(WriteOperation.DEFAULT), repeat,
        RunShape.COMPARED_BUILDS, null);
  }
}
