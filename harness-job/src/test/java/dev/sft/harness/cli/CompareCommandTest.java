package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.Check;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sft compare}: two reports on disk, offline, with the exit code a CI job branches on. */
class CompareCommandTest {
  private static Report report(String runId, int nativeRanFailures) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      boolean fails = rep <= nativeRanFailures;
      results.add(ScenarioResult.judged("speculation-original-wins", rep, fails ? Verdict.Failed : Verdict.Passed,
          Verdict.Passed, new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000, "/e/" + runId + rep, null,
          List.of(new Check(Check.SCHEDULER, "writer.native-ran", fails ? Verdict.Failed : Verdict.Passed,
              "the native writer ran in every writer task"))));
    }
    return Report.of(runId, "comet-native", "spark://m:7077", results, "a", "b", null);
  }

  @Test
  void aRunComparedWithItselfHasNoRegressionAndExitsZero(@TempDir Path dir) throws Exception {
    Path same = dir.resolve("a/report.json");
    ReportJson.write(report("run-a", 0), same);

    assertThat(CliArgumentsTest.run("compare", same.toString(), same.getParent().toString()).exit())
        .isEqualTo(RunExitCode.PASSED.code());
  }

  @Test
  void aCandidateThatFailsANewRuleRegressesAndExitsOne(@TempDir Path dir) throws Exception {
    Path baseline = dir.resolve("baseline.json");
    Path candidate = dir.resolve("candidate.json");
    ReportJson.write(report("run-1-11", 0), baseline);
    ReportJson.write(report("run-1-12", 3), candidate);

    assertThat(CliArgumentsTest.run("compare", baseline.toString(), candidate.toString()).exit())
        .isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
    String table = ComparisonTable.render(BuildComparison.of(
        new BuildComparison.Build("baseline", "run-1-11", List.of()), report("run-1-11", 0),
        new BuildComparison.Build("candidate", "run-1-12", List.of()), report("run-1-12", 3)));
    assertThat(table).containsPattern("speculation-original-wins/append +3/3 +0/3 +regressed");
    assertThat(table).contains("  candidate fails: scheduler/writer.native-ran").doesNotContain("baseline fails:")
        .contains("  why: candidate fails scheduler/writer.native-ran, which the baseline never failed")
        .contains("COMPARISON: 1 regressed, 0 fixed, 0 same, 0 inconclusive").contains("RESULT: REGRESSED");
  }

  @Test
  void aReportThatCannotBeReadIsAUsageError(@TempDir Path dir) throws Exception {
    Path real = dir.resolve("report.json");
    ReportJson.write(report("run-a", 0), real);
    java.nio.file.Files.writeString(dir.resolve("junk.json"), "not json");

    CliArgumentsTest.Outcome missing = CliArgumentsTest.run("compare", dir.resolve("nope").toString(),
        real.toString());
    assertThat(missing.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(missing.err()).contains("BASELINE " + dir.resolve("nope") + " is not a file");
    CliArgumentsTest.Outcome junk = CliArgumentsTest.run("compare", real.toString(),
        dir.resolve("junk.json").toString());
    assertThat(junk.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(junk.err()).contains("is not an sft report");
  }

  @Test
  void aComparisonIsWrittenForCiAndForPeople(@TempDir Path dir) throws Exception {
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build("baseline", "run-1-11", List.of()), report("run-1-11", 0),
        new BuildComparison.Build("candidate", "run-1-12", List.of()), report("run-1-12", 3));
    Path json = dir.resolve("run/comparison.json");
    dev.sft.harness.report.ComparisonFiles.write(comparison, json);

    assertThat(dev.sft.harness.evidence.Json.parse(java.nio.file.Files.readString(json), BuildComparison.class))
        .isEqualTo(comparison);
    assertThat(java.nio.file.Files.readString(dir.resolve("run/comparison.xml")))
        .contains("<failure type=\"regressed\" message=\"candidate fails scheduler/writer.native-ran");
    assertThat(java.nio.file.Files.readString(dir.resolve("run/comparison.html")))
        .contains("<h1>REGRESSED</h1>").contains("<a href=\"../run-1-12/report.html\">run-1-12</a>")
        .contains(">regressed</td>");
  }
}
