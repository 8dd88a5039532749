package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every scenario ({@code --scenarios all}: the reference four and executor loss after handoff) with DataFusion
 * Comet's native Iceberg writer under test, on the real embedded cluster.
 */
class CometNativeScenariosIT {
  private static LocalRun run;

  @BeforeAll
  static void runAllScenarios() throws Exception {
    run = LocalRun.run("comet-native", "--writer", "comet-native", "--scenarios", "all", "--timeout", "120");
  }

  @Test
  void everyScenarioPassesAndProvesTheNativeWriterRan() {
    assertThat(run.report().writer()).isEqualTo("comet-native");
    assertThat(run.report().scenarios()).hasSize(dev.sft.contract.ScenarioName.faults().size());
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).as(s.name() + ": " + s.message()).isEqualTo(Verdict.Passed);
      DuplicateResultFinding.assertStoragePassedOrOnlyThisFinding(s, "comet-native");
      Check nativeRan = s.checks().stream().filter(c -> c.rule().equals("writer.native-ran")).findFirst()
          .orElseThrow();
      assertThat(nativeRan.verdict()).isEqualTo(Verdict.Passed);
      assertThat(nativeRan.detail()).contains("[native CometIcebergWrite []]");
      assertThat(s.rows()).isEqualTo(48_000);
      assertThat(s.missingFiles()).isZero();
    }
    // A cell the shipped known findings acknowledge (the duplicate result, any writer's) is Known: exit 0.
    assertThat(run.exitCode()).isEqualTo(run.expectedExitCode());
  }

  @Test
  void handoffAndAcceptedEvidenceComeFromTheNativeWriter() throws Exception {
    for (ScenarioResult s : run.report().scenarios()) {
      List<String> passed = s.checks().stream().filter(c -> c.verdict() == Verdict.Passed).map(Check::rule).toList();
      assertThat(passed).contains("accepted.one-per-partition", "accepted.identifies-one-successful-handoff");
      Path accepted = Path.of(s.evidence()).resolve("gates/accepted");
      try (var files = Files.list(accepted)) {
        assertThat(files).hasSize(4);
      }
    }
    Path report = Path.of(run.scenario("speculation-original-wins").evidence()).getParent()
        .resolve("comet-write-report");
    try (var lines = Files.list(report)) {
      assertThat(lines.map(p -> {
        try {
          return Files.readString(p);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).reduce("", String::concat)).contains("\"writer\":\"native\"").doesNotContain("\"writer\":\"jvm\"");
    }
  }
}
