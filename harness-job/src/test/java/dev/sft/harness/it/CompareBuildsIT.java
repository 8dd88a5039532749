package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.Cause;
import dev.sft.contract.Pin;
import dev.sft.contract.RanJar;
import dev.sft.contract.RunExitCode;
import dev.sft.harness.cli.SftCli;
import dev.sft.harness.cluster.JavaModuleFlags;
import dev.sft.harness.cluster.JvmProcess;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.evidence.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code sft run --compare} and {@code sft local --compare}: two builds on one real cluster, taking turns. The
 * released jars compared with themselves change nothing; Iceberg's next release under Comet's native writer (on which Comet falls back to the JVM
 * writer) is a regression of {@code writer.native-ran}, not two tables that both look fine (docs/own-build.md shows
 * the same comparison on {@code executor-loss-task-replacement}). Under a pin, the pinned cell of each build is
 * compared with the other's.
 */
class CompareBuildsIT {
  /**
   * The control cell: the monitored write with no fault, judged by the same storage rules and, under Comet, by
   * {@code writer.native-ran}; the quickest cell, as a comparison runs a driver JVM per build and repetition.
   */
  private static final String SCENARIO = "control-executor-loss";

  /**
   * {@code sft run --compare} against a cluster the user runs (started here): the released Iceberg jar as both
   * builds, each turn a driver JVM restarted on its build's jars.
   */
  @Test
  void aBuildComparedWithItselfOnAClusterOfYourOwnChangesNothing() throws Exception {
    Path dir = ItCluster.freshDir("compare-run");
    Path sparkHome = Path.of(System.getProperty("sft.spark.home"));
    try (LocalCluster cluster = ItCluster.start(dir.resolve("cluster"), Duration.ofSeconds(120))) {
      Path shared = Files.createDirectories(dir.resolve("shared"));
      String jar = releasedIceberg().toString();
      List<String> args = List.of("run", "--master", cluster.masterUrl(), "--shared-root", shared.toString(),
          "--driver-host", LocalCluster.MASTER_HOST, "--speculation", "false", "--scenarios", SCENARIO,
          "--timeout", "120", "--run-id", "compare-run", "--compare", "--baseline-jar", jar, "--jar", jar);
      // As ./sft starts it: from the assembled SPARK_HOME, the harness jar among its jars.
      ProcessBuilder sft = new ProcessBuilder(JvmProcess.command(sparkHome, JavaModuleFlags.read(sparkHome),
          JvmProcess.SFT_CLI_MAIN, args)).redirectErrorStream(true).redirectOutput(dir.resolve("sft-run.log").toFile());
      sft.environment().putAll(Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_LOCAL_IP", LocalCluster.MASTER_HOST));
      Process process = sft.start();
      assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("sft run --compare ended (log %s)", dir.resolve("sft-run.log"))
          .isTrue();
      String log = Files.readString(dir.resolve("sft-run.log"));
      assertThat(log).contains("compare: repetition 1 of 1, baseline").contains("compare: repetition 1 of 1, candidate")
          .contains("RESULT:");
      BuildComparison comparison = Json.parse(Files.readString(shared.resolve("compare-run/comparison.json")),
          BuildComparison.class);
      assertThat(comparison.cells()).singleElement().satisfies(cell -> {
        assertThat(cell.cell()).isEqualTo(SCENARIO + "/append");
        assertThat(cell.change()).as(cell.why()).isEqualTo(Change.same);
      });
      // Both builds prove the jar they ran; the candidate's --jar is the released file, under test.
      assertThat(comparison.candidate().jars()).filteredOn(RanJar::underTest).isNotEmpty();
      assertThat(comparison.baseline().runId()).isEqualTo("compare-run-baseline");
      assertThat(process.exitValue()).as(log).isEqualTo(RunExitCode.PASSED.code());
    }
  }

  @Test
  void cometOnIcebergsNextReleaseRegressesTheNativeWriterRule() throws Exception {
    Path next = nextIceberg();
    Compared run = compare("compare-comet", "--writer", "comet-native", "--scenarios", SCENARIO, "--compare",
        "--jar", next.toString());

    assertThat(run.comparison().cells()).singleElement().satisfies(cell -> {
      assertThat(cell.change()).as(cell.why()).isEqualTo(Change.regressed);
      assertThat(cell.why()).contains("writer.native-ran");
    });
    // The candidate's report proves it ran the next release, the baseline's the released one.
    assertThat(run.comparison().candidate().jars()).filteredOn(RanJar::underTest).singleElement()
        .satisfies(jar -> assertThat(jar.version()).startsWith(next.getFileName().toString()
            .replaceAll(".*_2\\.13-(.*)\\.jar", "$1")));
    assertThat(run.comparison().baseline().jars()).noneMatch(RanJar::underTest);
    assertThat(run.exitCode()).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED.code());
  }

  /**
   * {@code sft local --compare} under a pin: the released jars compared with themselves on the shuffle-loss cell with
   * the old attempt held first. Both builds leave the re-executed attempt's files every time, so at one repetition
   * the pinned cell is {@code same} (its race judged as an invariant), not a race whose counts cannot tell.
   */
  @Test
  void aBuildComparedWithItselfUnderAPinIsTheSameAtOneRepetition() throws Exception {
    String pin = Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id();
    String jar = releasedIceberg().toString();
    Compared run = compare("compare-pinned", "--scenarios", "executor-loss-shuffle-loss", "--pin", pin, "--repeat",
        "1", "--baseline-jar", jar, "--jar", jar);

    assertThat(run.comparison().cells()).singleElement().satisfies(cell -> {
      assertThat(cell.cell()).isEqualTo("executor-loss-shuffle-loss/append (pinned " + pin + ")");
      assertThat(cell.pin()).isEqualTo(pin);
      assertThat(cell.change()).as(cell.why()).isEqualTo(Change.same);
      assertThat(cell.baseline().findings().keySet()).as("the baseline shows the pinned duplicate")
          .anyMatch(f -> f.endsWith(":" + Cause.DUPLICATE_RESULT));
      assertThat(cell.candidate().findings()).isEqualTo(cell.baseline().findings());
    });
    assertThat(run.comparison().correctionNote()).contains("In a pinned cell the race its pin reproduces counts as an"
        + " invariant.");
    assertThat(run.exitCode()).isEqualTo(RunExitCode.PASSED.code());
  }

  private record Compared(int exitCode, BuildComparison comparison) {}

  private static Compared compare(String name, String... args) throws IOException {
    String sparkHome = System.getProperty("sft.spark.home");
    assertThat(sparkHome).as("sft.spark.home (set by the failsafe configuration)").isNotBlank();
    Path out = Path.of(System.getProperty("sft.it.out", "target/it-runs"), name).toAbsolutePath();
    Folders.deleteRecursively(out);
    List<String> all = new ArrayList<>(List.of("local", "--out", out.toString(), "--spark-home", sparkHome,
        "--master-port", String.valueOf(LocalRun.freePort()), "--timeout", "120"));
    all.addAll(List.of(args));
    int exit = SftCli.execute(all.toArray(new String[0]));
    try (Stream<Path> files = Files.walk(out.resolve("shared"), 2)) {
      Path json = files.filter(p -> p.getFileName().toString().equals("comparison.json")).findFirst()
          .orElseThrow(() -> new AssertionError("no comparison.json under " + out + " (exit " + exit + ")"));
      return new Compared(exit, Json.parse(Files.readString(json), BuildComparison.class));
    }
  }

  private static Path releasedIceberg() throws IOException {
    Path jars = Path.of(System.getProperty("sft.spark.home"), "jars");
    try (Stream<Path> files = Files.list(jars)) {
      return files.filter(p -> p.getFileName().toString().startsWith("iceberg-spark-runtime-")).findFirst()
          .orElseThrow(() -> new AssertionError("no iceberg-spark-runtime jar in " + jars));
    }
  }

  private static Path nextIceberg() throws IOException {
    Path dir = Path.of(System.getProperty("sft.other.builds", "target/other-builds"));
    assertThat(dir).as("Iceberg's next release, fetched by the build's pre-integration-test phase").isDirectory();
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("iceberg-spark-runtime-")).findFirst()
          .orElseThrow(() -> new AssertionError("no iceberg-spark-runtime jar in " + dir));
    }
  }
}
