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
    assertThat(table).contains("  candidate shows: scheduler/writer.native-ran ×3").doesNotContain("baseline shows:")
        .contains("  why: candidate shows scheduler/writer.native-ran (3 of 3), which the baseline never showed in 3")
        .contains("COMPARISON: 1 regressed, 0 fixed, 0 same, 0 inconclusive").contains("corrected together by Holm's")
        .contains("RESULT: REGRESSED");
    String withTrend = ComparisonTable.render(BuildComparison.of(
        new BuildComparison.Build("baseline", "run-1-11", List.of()), report("run-1-11", 0),
        new BuildComparison.Build("candidate", "run-1-12", List.of()), report("run-1-12", 3)),
        dev.sft.contract.FindingTrend.of("comet-native", report("run-1-11", 0).stats(), report("run-1-12", 3).stats(),
            0.1));
    assertThat(withTrend).contains("FINDINGS (baseline to candidate):\n"
        + "  new  speculation/append/comet-native/scheduler/writer.native-ran (3 of 3; before 0 of 3)");
    CliArgumentsTest.Outcome badRare = CliArgumentsTest.run("compare", "--rare", "0", baseline.toString(),
        candidate.toString());
    assertThat(badRare.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(badRare.err()).contains("--rare must be a percentage above 0 and at most 100");
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
    assertThat(junk.err()).contains("is not an sft report").doesNotContain("Exception").hasLineCount(1);
    java.nio.file.Files.writeString(dir.resolve("object.json"), "{\"some\": \"other json\"}");
    CliArgumentsTest.Outcome other = CliArgumentsTest.run("compare", real.toString(),
        dir.resolve("object.json").toString());
    assertThat(other.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(other.err()).contains("is not an sft report (no runId)").hasLineCount(1);
  }

  @Test
  void reportsWithoutACellInCommonOrWithoutCellSummariesAreUsageErrors(@TempDir Path dir) throws Exception {
    Path real = dir.resolve("report.json");
    ReportJson.write(report("run-a", 0), real);
    Path empty = dir.resolve("empty.json");
    ReportJson.write(dev.sft.contract.Report.of("run-e", "iceberg", "m", List.of(), "a", "b", null), empty);
    CliArgumentsTest.Outcome noCells = CliArgumentsTest.run("compare", real.toString(), empty.toString());
    assertThat(noCells.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(noCells.err()).contains("(run run-e) has no cell summaries to compare").hasLineCount(1);

    Path otherCell = dir.resolve("other.json");
    dev.sft.contract.Report other = report("run-o", 0);
    ReportJson.write(dev.sft.contract.Report.of("run-o", "iceberg", "m", other.scenarios().stream()
        .map(r -> new dev.sft.contract.ScenarioResult("executor-loss-shuffle-loss", r.operation(), r.layout(),
            r.repetition(), r.scheduler(), r.storage(), r.rows(), r.distinctIds(), r.newSnapshots(),
            r.acceptedMessages(), r.orphanFiles(), r.knownRejectedOrphans(), r.missingFiles(), r.durationMs(),
            r.evidence(), r.message(), r.checks(), r.knownFindings(), null, null, null)).toList(), "a", "b", null), otherCell);
    CliArgumentsTest.Outcome disjoint = CliArgumentsTest.run("compare", real.toString(), otherCell.toString());
    assertThat(disjoint.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(disjoint.err()).contains("the two reports share no cell").hasLineCount(1);
  }

  /** One shuffle-loss repetition, under {@code pin} (null: natural), its old attempt's duplicate left or not. */
  private static Report shuffleLoss(String runId, String pin, boolean duplicateLeft) {
    ScenarioResult result = ScenarioResult.judged("executor-loss-shuffle-loss", 1, Verdict.Passed,
        duplicateLeft ? Verdict.Failed : Verdict.Passed, ScenarioResult.Counts.NOT_MEASURED, 1_000, "/e/" + runId, null,
        List.of(new Check(Check.STORAGE, "files.no-orphans", duplicateLeft ? Verdict.Failed : Verdict.Passed, "orphans",
            duplicateLeft ? List.of(dev.sft.contract.Cause.DUPLICATE_RESULT) : null))).withPin(pin);
    return Report.of(runId, "iceberg", "spark://m:7077", List.of(result), "a", "b", null);
  }

  @Test
  void aPinnedRunIsComparedOnlyWithTheSamePinAndAFixShowsAtOneRepetition(@TempDir Path dir) throws Exception {
    String pin = dev.sft.contract.Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id();
    Path pinnedBaseline = dir.resolve("pinned-baseline.json");
    Path pinnedFix = dir.resolve("pinned-fix.json");
    Path natural = dir.resolve("natural.json");
    ReportJson.write(shuffleLoss("run-b", pin, true), pinnedBaseline);
    ReportJson.write(shuffleLoss("run-c", pin, false), pinnedFix);
    ReportJson.write(shuffleLoss("run-n", null, false), natural);

    CliArgumentsTest.Outcome fixed = CliArgumentsTest.run("compare", pinnedBaseline.toString(), pinnedFix.toString());
    assertThat(fixed.exit()).isEqualTo(RunExitCode.PASSED.code());
    String table = ComparisonTable.render(BuildComparison.of(new BuildComparison.Build("baseline", "run-b", List.of()),
        shuffleLoss("run-b", pin, true), new BuildComparison.Build("candidate", "run-c", List.of()),
        shuffleLoss("run-c", pin, false)));
    assertThat(table).containsPattern("executor-loss-shuffle-loss/append \\(pinned " + pin + "\\) +0/1 +1/1 +fixed")
        .contains("In a pinned cell the race its pin reproduces counts as an invariant.");
    assertThat(table.lines().filter(l -> l.startsWith("CELL ") || l.startsWith("executor-loss-shuffle-loss/"))
        .map(l -> l.indexOf("CHANGE") >= 0 ? l.indexOf("CHANGE") : l.indexOf("fixed")).distinct())
        .as("the columns line up past the pinned cell's id").hasSize(1);
    CliArgumentsTest.Outcome mixed = CliArgumentsTest.run("compare", natural.toString(), pinnedFix.toString());
    assertThat(mixed.exit()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(mixed.err()).contains("the two reports share no cell (baseline: executor-loss-shuffle-loss/append;"
        + " candidate: executor-loss-shuffle-loss/append (pinned " + pin + "))").hasLineCount(1);
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
        .contains("<failure type=\"regressed\" message=\"candidate shows scheduler/writer.native-ran")
        .contains("<property name=\"correction\"");
    assertThat(java.nio.file.Files.readString(dir.resolve("run/comparison.html")))
        .contains("<h1>REGRESSED</h1>").contains("<a href=\"../run-1-12/report.html\">run-1-12</a>")
        .contains(">regressed</td>");
  }
}
