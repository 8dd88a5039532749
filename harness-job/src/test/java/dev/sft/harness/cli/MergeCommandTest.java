package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.KnownFinding;
import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.RanJar;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.Verdict;
import dev.sft.harness.report.ReportFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sft merge}: the report.json of two clusters' runs of one test, on disk, merged into the one run's report,
 * and each kind of report it refuses with one line and exit 2.
 */
class MergeCommandTest {
  private static final KnownFinding ENTRY = new KnownFinding("rows.exact", null, null, null,
      "https://example.org/1");
  private static final Check NO_ABORT = new Check(Check.SCHEDULER, "loser.abort-ran", Verdict.Failed, "no abort");

  /** One cluster's run: three repetitions of one cell, {@code failing} of them Failed. */
  private static Report run(String runId, String writer, int failing, String sparkSha, List<KnownFindingUse> uses) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      boolean fails = rep <= failing;
      results.add(ScenarioResult.judged("speculation-original-wins", rep, fails ? Verdict.Failed : Verdict.Passed,
          Verdict.Passed, new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000L * rep,
          "/shared/" + runId + "/speculation-original-wins-r" + rep, null, fails ? List.of(NO_ABORT) : List.of()));
    }
    return Report.of(runId, writer, "spark://" + runId + ":7077", results, "2026-12-0" + (failing + 1) + "T00:00:00Z",
        "2026-12-0" + (failing + 1) + "T01:00:00Z", null, List.of(new RanJar("spark-core",
            "org.apache.spark.SparkContext", "org.apache.spark:spark-core_2.13", "3.5.3", sparkSha,
            "/opt/spark/jars/spark-core.jar", false, null, List.of())), uses);
  }

  private static Report run(String runId, int failing) {
    return run(runId, "iceberg", failing, "abc", List.of(new KnownFindingUse(null, ENTRY, 0, 3)));
  }

  private static Path write(Path dir, String name, Report report) throws IOException {
    Path file = dir.resolve(name).resolve("report.json");
    ReportJson.write(report, file);
    return file;
  }

  @Test
  void twoClustersRunsMergeIntoTheOneRunsReportEachRepetitionNamingItsCluster(@TempDir Path dir) throws Exception {
    Report first = run("nightly-a", 0);
    Report second = run("nightly-b", 1);
    Path a = write(dir, "a", first);
    Path b = write(dir, "b", second);
    Path out = dir.resolve("merged");

    CliArgumentsTest.Outcome merge = CliArgumentsTest.run("merge", a.toString(), b.getParent().toString(),
        "--out", out.toString());

    assertThat(merge.exit()).as(merge.err()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
    Report merged = ReportJson.read(out.resolve("report.json"));
    assertThat(merged.runId()).isEqualTo("nightly-a-merged");
    assertThat(merged.scenarios()).extracting(ScenarioResult::cluster).containsExactly(0, 0, 0, 1, 1, 1);
    List<ScenarioResult> all = new ArrayList<>(first.scenarios().stream().map(r -> r.withCluster(0)).toList());
    all.addAll(second.scenarios().stream().map(r -> r.withCluster(1)).toList());
    ScenarioStats cell = merged.stats().get(0);
    assertThat(merged.stats()).containsExactlyElementsOf(ScenarioStats.of(all));
    assertThat(cell.passedOfRuns()).isEqualTo("5/6");
    assertThat(cell.latestFailure().evidence()).isEqualTo("/shared/nightly-b/speculation-original-wins-r1");
    assertThat(merged.knownFindings()).containsExactly(new KnownFindingUse(ENTRY.key(), ENTRY, 0, 6));
    assertThat(merged.startedAt()).isEqualTo(first.startedAt());
    assertThat(merged.finishedAt()).isEqualTo(second.finishedAt());
    assertThat(Files.readString(out.resolve(ReportFiles.HTML))).contains("1 on cluster 1");
    assertThat(Files.readString(out.resolve(ReportFiles.JUNIT)))
        .contains("name=\"speculation-original-wins r1 on cluster 0\"")
        .contains("name=\"speculation-original-wins r1 on cluster 1\"");
    assertThat(merged.master()).isEqualTo("spark://nightly-a:7077, spark://nightly-b:7077");
  }

  @Test
  void theSharesOfAControllersParallelRunKeepTheClustersTheirRepetitionsName(@TempDir Path dir) throws Exception {
    // Under spec.parallelism each cluster's harness names its own index in every repetition; those are kept.
    Path a = write(dir, "a", with(run("nightly-c2", 0), results -> results.stream().map(r -> r.withCluster(2)).toList()));
    Path b = write(dir, "b", with(run("nightly-c5", 1), results -> results.stream().map(r -> r.withCluster(5)).toList()));
    Path out = dir.resolve("merged");

    CliArgumentsTest.Outcome merge = CliArgumentsTest.run("merge", a.toString(), b.toString(), "--out", out.toString());

    assertThat(merge.exit()).as(merge.err()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
    assertThat(ReportJson.read(out.resolve("report.json")).scenarios()).extracting(ScenarioResult::cluster)
        .containsExactly(2, 2, 2, 5, 5, 5);
  }

  @Test
  void twoPassingClustersExitZeroAndAStaleKnownFindingFailsWhenAsked(@TempDir Path dir) throws Exception {
    Path a = write(dir, "a", run("nightly-a", 0));
    Path c = write(dir, "c", run("nightly-c", 0));

    assertThat(CliArgumentsTest.run("merge", a.toString(), c.toString(), "--out", dir.resolve("o1").toString())
        .exit()).isEqualTo(RunExitCode.PASSED.code());
    assertThat(CliArgumentsTest.run("merge", a.toString(), c.toString(), "--out", dir.resolve("o2").toString(),
        "--fail-on-stale", "6").exit()).as("stale where it could have matched in 6 repetitions of the merged run")
        .isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
    assertThat(CliArgumentsTest.run("merge", a.toString(), c.toString(), "--out", dir.resolve("o3").toString(),
        "--fail-on-stale", "7").exit()).isEqualTo(RunExitCode.PASSED.code());
  }

  @Test
  void reportsThatAreNotPartsOfOneRunAreRefusedWithOneLine(@TempDir Path dir) throws Exception {
    Path a = write(dir, "a", run("nightly-a", 0));
    assertRefused(dir, "different writer (comet-native against iceberg)", a,
        write(dir, "writer", run("nightly-w", "comet-native", 1, "abc", run("x", 0).knownFindings())));
    assertRefused(dir, "different jars", a,
        write(dir, "jars", run("nightly-j", "iceberg", 1, "other-sha", run("x", 0).knownFindings())));
    assertRefused(dir, "different known findings (none recorded", a,
        write(dir, "known", run("nightly-k", "iceberg", 1, "abc", List.of())));
    assertRefused(dir, "different build (the candidate of a comparison against plain run)", a,
        write(dir, "candidate", run("nightly-candidate", 1)));
    assertRefused(dir, "is the same run as", a, write(dir, "copy", run("nightly-a", 0)));
    Path merged = dir.resolve("merged");
    assertThat(CliArgumentsTest.run("merge", a.toString(), write(dir, "b", run("nightly-b", 1)).toString(), "--out",
        merged.toString()).exit()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
    assertRefused(dir, "is already a merge of several clusters", a, merged.resolve("report.json"));
    assertRefused(dir, "holds speculation-original-wins/append r2 twice on one cluster", a,
        write(dir, "twice", with(run("nightly-t", 1), results -> {
          List<ScenarioResult> doubled = new ArrayList<>(results);
          doubled.add(results.get(1));
          return doubled;
        })));
    Path notAReport = dir.resolve("notes.json");
    Files.writeString(notAReport, "[1, 2]");
    assertRefused(dir, "is not an sft report", a, notAReport);
    assertRefused(dir, "is not a file", a, dir.resolve("missing"));
    CliArgumentsTest.Outcome one = CliArgumentsTest.run("merge", a.toString(), "--out", dir.resolve("o").toString());
    assertThat(one.exit()).isEqualTo(RunExitCode.USAGE.code());
  }

  private static Report with(Report report, UnaryOperator<List<ScenarioResult>> change) {
    return Report.of(report.runId(), report.writer(), report.master(), change.apply(report.scenarios()),
        report.startedAt(), report.finishedAt(), null, report.jars(), report.knownFindings());
  }

  private static void assertRefused(Path dir, String why, Path first, Path other) {
    Path out = dir.resolve("refused");
    CliArgumentsTest.Outcome refused = CliArgumentsTest.run("merge", first.toString(), other.toString(), "--out",
        out.toString());
    assertThat(refused.exit()).as(refused.err()).isEqualTo(RunExitCode.USAGE.code());
    assertThat(refused.err()).contains(why).hasLineCount(1);
    assertThat(out).as("nothing written for a refused merge").doesNotExist();
  }
}
