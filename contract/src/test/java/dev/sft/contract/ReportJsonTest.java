package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportJsonTest {
  private static ScenarioResult result(String name, Verdict scheduler, Verdict storage) {
    return ScenarioResult.judged(name, 1, scheduler, storage,
        new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1234, "/e/" + name, "msg",
        List.of(new Check(Check.STORAGE, "files.no-orphans", storage, "orphan = []")));
  }

  @Test
  void keepsTheContractFieldNamesAndIntegerCounts() {
    Report report = Report.of("run-1", "iceberg", "spark://m:7077",
        List.of(result("speculation-original-wins", Verdict.Passed, Verdict.Passed)), "t0", "t1", null);
    String json = ReportJson.toJson(report);
    for (String field : List.of("\"runId\"", "\"writer\"", "\"master\"", "\"scenarios\"", "\"name\"",
        "\"repetition\"", "\"scheduler\"", "\"storage\"", "\"rows\"", "\"distinctIds\"", "\"newSnapshots\"",
        "\"acceptedMessages\"", "\"orphanFiles\"", "\"knownRejectedOrphans\"", "\"missingFiles\"",
        "\"durationMs\"", "\"evidence\"", "\"message\"", "\"passed\"")) {
      assertThat(json).contains(field);
    }
    assertThat(json).contains("\"rows\" : 48000").contains("\"scheduler\" : \"Passed\"");
  }

  @Test
  void attributionsByCauseRoundTripAndAReportOfOneWordPerCheckStillReads() throws Exception {
    Check attributed = new Check(Check.STORAGE, "files.no-orphans", Verdict.Failed, "orphans",
        List.of(new FaultAttribution(Cause.LOSER_INTERRUPTED_ABORT, 2, 3), new FaultAttribution(Cause.NO_TASK_END, 0, 3)),
        List.of(Cause.LOSER_INTERRUPTED_ABORT, Cause.NO_TASK_END));
    Report report = Report.of("run-1", "iceberg", "m", List.of(ScenarioResult.judged("speculation-original-wins", 1,
        Verdict.Passed, Verdict.Failed, ScenarioResult.Counts.NOT_MEASURED, 1, "/e", "m", List.of(attributed))),
        "t0", "t1", null);
    assertThat(ReportJson.fromJson(ReportJson.toJson(report)).scenarios().get(0).checks()).containsExactly(attributed);

    String old = ReportJson.toJson(report).replaceFirst("\"attributions\" : \\[[^]]*]",
        "\"attribution\" : \"only under this fault\"");
    assertThat(old).contains("\"attribution\" : \"only under this fault\"");
    assertThat(ReportJson.fromJson(old).scenarios().get(0).checks().get(0).attributions())
        .as("the control ran once then: only under this fault was 0 of 1")
        .containsExactly(new FaultAttribution(null, 0, 1));
  }

  @Test
  void roundTripsThroughAFileAtomically(@TempDir Path dir) throws Exception {
    Report report = Report.of("run-1", "iceberg", "spark://m:7077",
        List.of(result("a", Verdict.Passed, Verdict.Failed)), "t0", "t1", null);
    Path file = dir.resolve("nested/report.json");
    ReportJson.write(report, file);
    assertThat(ReportJson.read(file)).isEqualTo(report);
    try (var files = Files.list(file.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("report.json");
    }
  }

  @Test
  void passesOnlyWhenEveryScenarioPassedBothVerdictsAndNothingFailedAtRunLevel() {
    var passed = result("a", Verdict.Passed, Verdict.Passed);
    assertThat(Report.of("r", "iceberg", "m", List.of(passed), null, null, null).passed()).isTrue();
    assertThat(Report.of("r", "iceberg", "m", List.of(passed, result("b", Verdict.Passed, Verdict.Unknown)),
        null, null, null).passed()).isFalse();
    assertThat(Report.of("r", "iceberg", "m", List.of(passed), null, null, "preflight failed").passed()).isFalse();
    assertThat(Report.of("r", "iceberg", "m", List.of(), null, null, null).passed()).isFalse();
  }

  @Test
  void mergesDriverRunsKeepingEveryScenarioAndFailure() {
    Report speculation = Report.of("r", "iceberg", "m", List.of(result("a", Verdict.Passed, Verdict.Passed)),
        null, null, null);
    Report loss = Report.of("r", "iceberg", "m", List.of(result("b", Verdict.Unknown, Verdict.Unknown)),
        null, null, "preflight failed: one host");
    Report merged = RunMerge.reports("r", List.of(speculation, loss), "t0", "t1");
    assertThat(merged.scenarios()).extracting(ScenarioResult::name).containsExactly("a", "b");
    assertThat(merged.failure()).isEqualTo("preflight failed: one host");
    assertThat(merged.passed()).isFalse();
  }

  @Test
  void unknownIsNeverAPass() {
    assertThat(Verdict.Passed.and(Verdict.Unknown)).isEqualTo(Verdict.Unknown);
    assertThat(Verdict.Unknown.and(Verdict.Failed)).isEqualTo(Verdict.Failed);
    assertThat(Verdict.Passed.and(Verdict.Passed)).isEqualTo(Verdict.Passed);
  }
}
