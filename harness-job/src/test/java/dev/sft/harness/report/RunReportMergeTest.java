package dev.sft.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriterName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two driver runs of one run, one after the other as the two harness Jobs do: neither loses the other's results. */
class RunReportMergeTest {
  @TempDir Path shared;

  private DriverRun driverRun(boolean speculation) {
    return DriverRun.plan(ScenarioName.faults(), (spec, group) -> DriverRun.builder("t-r1-x", spec, group)
        .repeat(2)
        .writer(WriterName.ICEBERG)
        .timeouts(180, DriverRun.DEFAULT_KILL_TIMEOUT_SECONDS)
        .interruptOnCancel(false)
        .cluster("spark://m:7077", shared.toString())
        .killCommand("/opt/sft/bin/sft-kill-pod-exec")
        .build())
        .get(speculation ? 0 : 1);
  }

  private static Report report(DriverRun driverRun, Verdict storage, String startedAt, String finishedAt) {
    List<ScenarioResult> results = driverRun.scenarios().stream()
        .flatMap(name -> java.util.stream.IntStream.rangeClosed(1, driverRun.repeat()).mapToObj(rep ->
            ScenarioResult.judged(name.id(), rep, Verdict.Passed, storage,
                new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1000, "e", null, List.of())))
        .toList();
    return Report.of(driverRun.runId(), driverRun.writer().id(), driverRun.master(), results, startedAt, finishedAt,
        null);
  }

  /** What a driver run ends with: its own report, then the run's. */
  private Path finish(DriverRun driverRun, Report report) {
    ReportFiles.write(report, Path.of(driverRun.report()));
    return RunReportMerge.write(shared.resolve(driverRun.runId()), driverRun.runId(), driverRun.group(), report);
  }

  @Test
  void theLastDriverRunMergesEveryDriverRunsReportIntoTheRunReport() throws Exception {
    DriverRun spec = driverRun(true);
    DriverRun loss = driverRun(false);
    Report specReport = report(spec, Verdict.Passed, "2026-01-01T00:00:00Z", "2026-01-01T00:05:00Z");
    Path afterFirst = finish(spec, specReport);
    assertThat(ReportJson.read(afterFirst).scenarios()).hasSize(4);

    Report lossReport = report(loss, Verdict.Failed, "2026-01-01T00:06:00Z", "2026-01-01T00:09:00Z");
    Path runReport = finish(loss, lossReport);

    Path runDir = shared.resolve("t-r1-x");
    assertThat(runReport).isEqualTo(runDir.resolve("report.json"));
    // Each driver run keeps its own report, side by side with its JUnit and HTML forms.
    for (String group : List.of("driver-spec", "driver-loss")) {
      assertThat(runDir.resolve(group)).isDirectoryContaining(p -> p.getFileName().toString().equals("report.json"))
          .isDirectoryContaining(p -> p.getFileName().toString().equals("junit.xml"))
          .isDirectoryContaining(p -> p.getFileName().toString().equals("report.html"));
    }
    assertThat(ReportJson.read(Path.of(spec.report()))).isEqualTo(specReport);
    assertThat(ReportJson.read(Path.of(loss.report()))).isEqualTo(lossReport);

    Report merged = ReportJson.read(runReport);
    assertThat(merged.scenarios()).extracting(ScenarioResult::name).containsExactly(
        "speculation-original-wins", "speculation-original-wins", "speculation-speculative-wins",
        "speculation-speculative-wins", "executor-loss-task-replacement", "executor-loss-task-replacement",
        "executor-loss-shuffle-loss", "executor-loss-shuffle-loss", "executor-loss-after-handoff",
        "executor-loss-after-handoff");
    assertThat(merged.passed()).isFalse();
    assertThat(merged.startedAt()).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(merged.finishedAt()).isEqualTo("2026-01-01T00:09:00Z");
    assertThat(merged.stats()).hasSize(5);
    assertThat(Files.readString(runDir.resolve("junit.xml"))).contains("executor-loss-shuffle-loss")
        .contains("speculation-original-wins");
    assertThat(Files.readString(runDir.resolve("report.html"))).contains("executor-loss-shuffle-loss")
        .contains("speculation-original-wins");
  }

  @Test
  void anUnreadableReportOfTheOtherDriverRunIsSaidNotSkipped() throws Exception {
    DriverRun loss = driverRun(false);
    Path specReport = shared.resolve("t-r1-x").resolve("driver-spec").resolve("report.json");
    Files.createDirectories(specReport.getParent());
    Files.writeString(specReport, "{half a rep");
    Report merged = ReportJson.read(finish(loss, report(loss, Verdict.Passed, "a", "b")));
    assertThat(merged.failure()).contains("cannot read").contains("driver-spec");
    assertThat(merged.passed()).isFalse();
    // The loss driver run's three scenarios, two repetitions each.
    assertThat(merged.scenarios()).hasSize(6);
  }
}
