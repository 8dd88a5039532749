package dev.sft.harness.cli;

import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriterName;
import dev.sft.harness.cluster.JvmProcess;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.report.ReportFiles;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.scenario.Fixture;
import dev.sft.harness.scenario.Scenarios;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.spark.launcher.JavaModuleOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sft local}: the embedded default. Starts a real Standalone cluster on loopback addresses, runs one driver
 * JVM per speculation setting the selected scenarios need, merges their reports and stops everything it started.
 */
@Command(
    name = "local",
    mixinStandardHelpOptions = true,
    description = "Starts a real Spark Standalone master (127.0.0.1) and workers (127.0.0.2, 127.0.0.3, ...) as "
        + "separate JVMs, runs the scenarios against them, prints a summary and stops every process it started. "
        + "Everything it writes stays under --out.")
public final class LocalCommand implements Callable<Integer> {
  /** Set for drivers started by {@code local}, which prints the merged summary itself. */
  static final String NESTED_ENV = "SFT_LOCAL_DRIVER";

  @Option(names = "--scenarios", description = "comma-separated scenarios (default: every implemented one)")
  String scenarios;

  @Option(names = "--out", description = "output folder (default: target/sft-local/<run-id> in the sft checkout,"
      + " or a temporary folder)")
  Path out;

  @Option(names = "--timeout", defaultValue = "180", description = "bound of every gate and wait, seconds (180)")
  int timeoutSeconds;

  @Option(names = "--keep", description = "retain the tables of passing scenarios (failing ones are always kept)")
  boolean keep;

  @Option(names = "--repeat", defaultValue = "1", description = "repetitions of each scenario (default 1)")
  int repeat;

  @Option(names = "--writer", defaultValue = "iceberg",
      description = "writer under test: iceberg or comet-native (default iceberg)")
  String writer;

  @Option(names = "--workers", defaultValue = "2",
      description = "worker JVMs, one loopback host each (default 2; fewer than 2 fails preflight, by design)")
  int workers;

  @Option(names = "--master-port", defaultValue = "7077", description = "master port on 127.0.0.1 (7077)")
  int masterPort;

  @Option(names = "--spark-home", defaultValue = "${env:SFT_SPARK_HOME}",
      description = "assembled SPARK_HOME (default: the one this harness jar lives in)")
  Path sparkHome;

  @Override
  public Integer call() {
    List<ScenarioName> selected = scenarios == null
        ? Scenarios.implemented()
        : Scenarios.requireImplemented(ScenarioName.parseList(scenarios));
    WriterName.fromId(writer); // rejects an unknown writer before anything starts
    RunCommand.Options.positive("--timeout", timeoutSeconds);
    RunCommand.Options.positive("--repeat", repeat);
    RunCommand.Options.positive("--workers", workers);
    if (masterPort < 1 || masterPort > 65535) {
      throw new IllegalArgumentException("--master-port must be 1-65535, got " + masterPort);
    }
    Path home = resolveSparkHome();
    String runId = RunIds.generate();
    Path outDir = (out != null ? out : defaultOut(runId)).toAbsolutePath();
    Path shared = outDir.resolve("shared");
    Path clusterDir = outDir.resolve("cluster");
    try {
      Files.createDirectories(shared);
      Files.createDirectories(clusterDir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create output folder " + outDir, e);
    }
    String startedAt = Instant.now().toString();
    Progress.say("sft local: run " + runId + ", output " + outDir);

    List<Process> drivers = new ArrayList<>();
    LocalCluster[] cluster = new LocalCluster[1];
    Thread stopper = new Thread(() -> {
      drivers.forEach(Process::destroyForcibly);
      if (cluster[0] != null) {
        cluster[0].close();
      }
    }, "sft-local-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    List<Report> parts = new ArrayList<>();
    RunExitCode worst = RunExitCode.PASSED;
    try {
      cluster[0] = LocalCluster.start(home, clusterDir, masterPort, workers, Duration.ofSeconds(timeoutSeconds));
      // Speculation is fixed per SparkContext: one driver run per setting, speculation first.
      for (boolean speculation : new boolean[] {true, false}) {
        List<ScenarioName> group = selected.stream().filter(s -> s.needsSpeculation() == speculation).toList();
        if (group.isEmpty()) {
          continue;
        }
        DriverRun run = runDriver(home, cluster[0], shared, clusterDir, runId, speculation, group, drivers);
        parts.add(run.report());
        worst = worse(worst, run.exitCode());
      }
    } finally {
      Progress.say("cluster: stopping every process this run started");
      stopper.run();
      try {
        Runtime.getRuntime().removeShutdownHook(stopper);
      } catch (IllegalStateException shuttingDown) {
        // Already shutting down (Ctrl-C): the hook is running or has run.
      }
    }

    Report merged = Report.merge(runId, parts, startedAt, Instant.now().toString());
    if (merged.passed() && !keep) {
      // The drivers share the source files; once every scenario passed they are no longer needed.
      Folders.deleteRecursively(Fixture.sourceDir(shared.resolve(runId)));
    }
    Path reportFile = shared.resolve(runId).resolve("report.json");
    ReportFiles.write(merged, reportFile);
    System.out.print("\n" + ReportTable.render(merged));
    System.out.println("report:   " + reportFile + " (also " + ReportFiles.JUNIT + ", " + ReportFiles.HTML + ")");
    System.out.println("evidence: " + shared.resolve(runId));
    System.out.println("output:   " + outDir);
    if (worst != RunExitCode.PASSED && worst != RunExitCode.SCENARIO_NOT_PASSED) {
      return worst.code();
    }
    return merged.passed() ? RunExitCode.PASSED.code() : RunExitCode.SCENARIO_NOT_PASSED.code();
  }

  private record DriverRun(Report report, RunExitCode exitCode) {}

  private DriverRun runDriver(Path home, LocalCluster cluster, Path shared, Path clusterDir, String runId,
      boolean speculation, List<ScenarioName> group, List<Process> drivers) {
    String name = speculation ? "speculation" : "loss";
    Path driverDir = clusterDir.resolve("driver-" + name);
    Path report = shared.resolve(runId).resolve("driver-" + name).resolve("report.json");
    Path log = driverDir.resolve("driver.log");
    try {
      Files.createDirectories(driverDir.resolve("tmp"));
      Files.createDirectories(clusterDir.resolve("executor-tmp"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> jvmFlags = new ArrayList<>(Arrays.asList(JavaModuleOptions.defaultModuleOptionArray()));
    jvmFlags.addAll(List.of("-Xmx1g", "-Dsft.log.level=info", "-Djava.io.tmpdir=" + driverDir.resolve("tmp")));
    List<String> args = new ArrayList<>();
    args.addAll(List.of("run",
        "--master", cluster.masterUrl(),
        "--shared-root", shared.toString(),
        "--run-id", runId,
        "--report", report.toString(),
        "--speculation", String.valueOf(speculation),
        "--scenarios", String.join(",", group.stream().map(ScenarioName::id).toList()),
        "--timeout", String.valueOf(timeoutSeconds),
        "--repeat", String.valueOf(repeat),
        "--writer", writer,
        "--driver-host", LocalCluster.MASTER_HOST,
        // Executors load the harness from the same SPARK_HOME/jars as the driver: nothing to ship.
        "--ship-jars", "false",
        "--conf", "spark.executor.extraJavaOptions=" + String.join(" ", SparkSettings.FAST_START_JVM_FLAGS)
            + " -Dsft.log.level=info -Djava.io.tmpdir=" + clusterDir.resolve("executor-tmp")));
    if (keep) {
      args.add("--keep");
    }
    if (!speculation) {
      args.addAll(List.of("--kill-command", killWrapper(home, clusterDir).toString()));
    }
    Progress.say("driver (" + name + "): starting for " + group + " (log " + log + ")");
    int exit;
    try {
      Process driver = JvmProcess.start(
          JvmProcess.command(home, jvmFlags, SftCli.class.getName(), args),
          java.util.Map.of("SPARK_LOCAL_IP", LocalCluster.MASTER_HOST, "SPARK_HOME", home.toString(),
              NESTED_ENV, "1"),
          driverDir, log, true);
      drivers.add(driver);
      try (BufferedReader lines = new BufferedReader(
          new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          System.out.println("  " + line);
        }
      }
      // The driver bounds its own waits; this bound only catches a driver that hangs on shutdown.
      if (!driver.waitFor(60, TimeUnit.SECONDS)) {
        driver.destroyForcibly();
        driver.waitFor(10, TimeUnit.SECONDS);
      }
      exit = driver.exitValue();
      drivers.remove(driver);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the driver JVM", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the driver ran", e);
    }
    if (Files.isRegularFile(report)) {
      try {
        return new DriverRun(ReportJson.read(report), exitCodeOf(exit));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the driver's report " + report, e);
      }
    }
    String why = "the " + name + " driver exited with code " + exit + " without a report; see " + log;
    Progress.say(why);
    List<ScenarioResult> unknown = group.stream()
        .map(s -> new ScenarioResult(s.id(), 1, Verdict.Unknown, Verdict.Unknown, -1, -1, -1, -1, -1, -1, -1, 0,
            log.toString(), why, List.of()))
        .toList();
    return new DriverRun(Report.of(runId, writer, cluster.masterUrl(), unknown, null, null, why),
        exitCodeOf(exit) == RunExitCode.PASSED ? RunExitCode.INFRASTRUCTURE : exitCodeOf(exit));
  }

  /**
   * The local transport of the kill contract as a four-argument executable, pinned to this run's SPARK_HOME (so a
   * kill never triggers a rebuild).
   */
  private static Path killWrapper(Path home, Path clusterDir) {
    List<String> command = JvmProcess.command(home, List.of(), SftCli.class.getName(),
        List.of("kill", "--transport", "local", "--"));
    StringBuilder script = new StringBuilder("#!/bin/sh\n# Generated by sft local: KILL_COMMAND HOST PID EXECUTOR_ID RUN_DIRECTORY\n");
    script.append("[ \"$#\" -eq 4 ] || { echo \"usage: $0 HOST PID EXECUTOR_ID RUN_DIRECTORY\" >&2; exit ")
        .append(dev.sft.contract.KillExitCode.BAD_ARGUMENTS.code()).append("; }\nexec");
    for (String part : command) {
      script.append(" '").append(part.replace("'", "'\\''")).append("'");
    }
    script.append(" \"$@\"\n");
    Path wrapper = clusterDir.resolve("sft-kill-local");
    try {
      Files.writeString(wrapper, script.toString());
      wrapper.toFile().setExecutable(true);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the kill wrapper " + wrapper, e);
    }
    return wrapper;
  }

  private static RunExitCode exitCodeOf(int exit) {
    for (RunExitCode code : RunExitCode.values()) {
      if (code.code() == exit) {
        return code;
      }
    }
    return RunExitCode.INFRASTRUCTURE;
  }

  private static RunExitCode worse(RunExitCode a, RunExitCode b) {
    return b.code() > a.code() ? b : a;
  }

  private Path resolveSparkHome() {
    if (sparkHome != null) {
      return sparkHome.toAbsolutePath();
    }
    // The build assembles SPARK_HOME/jars with the harness jar inside it.
    Path jar = Path.of(java.net.URI.create("file://"
        + LocalCommand.class.getProtectionDomain().getCodeSource().getLocation().getPath()));
    if (jar.getParent() != null && jar.getParent().getFileName().toString().equals("jars")) {
      return jar.getParent().getParent();
    }
    throw new IllegalArgumentException("cannot tell where the assembled SPARK_HOME is; pass --spark-home or set"
        + " SFT_SPARK_HOME (the build puts it in harness-job/target/spark-home)");
  }

  private static Path defaultOut(String runId) {
    String sftHome = System.getenv("SFT_HOME");
    if (sftHome != null && !sftHome.isBlank()) {
      return Path.of(sftHome, "target", "sft-local", runId);
    }
    return Path.of(System.getProperty("java.io.tmpdir"), "sft-local-" + runId);
  }
}
