package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.Check;
import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.report.ComparisonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonOnSharedRootTest {
  /** A build's run report on the shared root: one repetition whose writer.native-ran rule passes or fails. */
  private static void report(Path root, String runId, boolean nativeRan) throws IOException {
    Verdict verdict = nativeRan ? Verdict.Passed : Verdict.Failed;
    ScenarioResult result = ScenarioResult.judged("executor-loss-task-replacement", 1, verdict, Verdict.Passed,
        new ScenarioResult.Counts(4, 4, 1, 2, 0, 0, 0), 1_000, root + "/" + runId + "/1", null,
        List.of(new Check(Check.SCHEDULER, Check.NATIVE_WRITER_RAN, verdict, "detail")));
    Path file = root.resolve(runId).resolve(DriverRun.REPORT_FILE);
    Files.createDirectories(file.getParent());
    ReportJson.write(Report.of(runId, "comet-native", "spark://m:7077", List.of(result), "a", "b", null), file);
  }

  @Test
  void theCandidateComparesItsRunWithTheBaselinesAndWritesTheComparisonInTheComparisonsFolder(@TempDir Path root)
      throws IOException {
    report(root, "nightly-r1-baseline", true);
    report(root, "nightly-r1-candidate", false);
    Path file = ComparisonOnSharedRoot.write(root, "nightly-r1");
    assertThat(file).isEqualTo(root.resolve("nightly-r1").resolve(ComparisonFiles.JSON));
    BuildComparison written = Json.parse(Files.readString(file), BuildComparison.class);
    assertThat(written.baseline().runId()).isEqualTo("nightly-r1-baseline");
    assertThat(written.cells()).singleElement().satisfies(cell -> {
      assertThat(cell.change()).isEqualTo(Change.regressed);
      assertThat(cell.why()).contains(Check.NATIVE_WRITER_RAN);
    });
    assertThat(root.resolve("nightly-r1").resolve(ComparisonFiles.JUNIT)).exists();
    assertThat(root.resolve("nightly-r1").resolve(ComparisonFiles.HTML)).exists();
  }

  @Test
  void aMissingBaselineIsSaidNotComparedAsEmpty(@TempDir Path root) throws IOException {
    report(root, "nightly-r1-candidate", true);
    assertThatThrownBy(() -> ComparisonOnSharedRoot.write(root, "nightly-r1")).isInstanceOf(IOException.class)
        .hasMessageContaining("the baseline's report " + root.resolve("nightly-r1-baseline").resolve("report.json")
            + " does not exist");
    assertThat(root.resolve("nightly-r1")).doesNotExist();
  }
}
