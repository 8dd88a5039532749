package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.cli.SftCli;
import dev.sft.harness.evidence.Folders;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs {@code sft local} in-process against the SPARK_HOME the build assembled: the master, the workers, their
 * executors and the drivers are real separate JVMs. Missing infrastructure fails the test, it never skips it.
 */
record LocalRun(int exitCode, Report report, Path out) {
  static LocalRun run(String name, String... args) throws IOException {
    String sparkHome = System.getProperty("sft.spark.home");
    assertThat(sparkHome).as("sft.spark.home (set by the failsafe configuration)").isNotBlank();
    assertThat(Path.of(sparkHome, "jars")).as("assembled SPARK_HOME jars; run through ./mvnw verify").isDirectory();
    Path out = Path.of(System.getProperty("sft.it.out", "target/it-runs"), name).toAbsolutePath();
    // A previous build's run in the same folder must not be mistaken for this one.
    Folders.deleteRecursively(out);
    List<String> all = new ArrayList<>(List.of("local", "--out", out.toString(), "--spark-home", sparkHome,
        "--master-port", String.valueOf(freePort())));
    all.addAll(List.of(args));
    int exit = SftCli.execute(all.toArray(new String[0]));
    return new LocalRun(exit, ReportJson.read(reportFile(out)), out);
  }

  /**
   * The exit code the run must have, without --strict: 0 when every cell passed storage or is Known (a finding the run
   * acknowledged, such as the shipped ones sft local uses by default), 1 (NOT PASSED) when a cell failed.
   */
  int expectedExitCode() {
    return report.scenarios().stream().anyMatch(s -> s.storage() != Verdict.Passed && s.storage() != Verdict.Known)
        ? 1 : 0;
  }

  ScenarioResult scenario(String name) {
    return report.scenarios().stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no scenario " + name + " in " + report));
  }

  /** The first repetition of {@code name} under the operation of this id ({@code merge-dv}, not its layout). */
  ScenarioResult scenario(String name, String operation) {
    return report.scenarios().stream().filter(s -> s.name().equals(name) && s.operation().equals(operation))
        .findFirst().orElseThrow(() -> new AssertionError("no " + name + "/" + operation + " in " + report));
  }

  private static Path reportFile(Path out) throws IOException {
    try (Stream<Path> runs = Files.list(out.resolve("shared"))) {
      return runs.map(run -> run.resolve("report.json")).filter(Files::isRegularFile).findFirst()
          .orElseThrow(() -> new AssertionError("no report.json under " + out.resolve("shared")));
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return socket.getLocalPort();
    }
  }
}
