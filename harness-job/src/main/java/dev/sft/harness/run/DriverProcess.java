package dev.sft.harness.run;

import dev.sft.contract.DriverRun;
import dev.sft.contract.HarnessEnvironment;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.harness.cluster.ClassDataSharing;
import dev.sft.harness.cluster.JavaModuleFlags;
import dev.sft.harness.cluster.JvmProcess;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.EvidenceLayout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One driver run of {@code sft local} as its own JVM ({@code sft run} with the run's arguments), its output echoed
 * indented. A driver that leaves no report counts every repetition it was to run as Unknown.
 */
final class DriverProcess {
  /** The driver bounds its own waits; this bound only catches a driver that hangs on shutdown. */
  private static final long EXIT_GRACE_SECONDS = 60;

  private final Path sparkHome;
  private final Path clusterDir;
  private final DriverRun driverRun;
  private final boolean keep;
  private final List<Path> jarsUnderTest;
  private final ClassDataSharing classData;
  private final String executorClasspath;
  private final String logGroup;
  private volatile Process process;

  DriverProcess(Path sparkHome, Path clusterDir, DriverRun driverRun, boolean keep, List<Path> jarsUnderTest,
      ClassDataSharing classData) {
    this(sparkHome, clusterDir, driverRun, keep, jarsUnderTest, classData, null, driverRun.group());
  }

  /**
   * @param executorClasspath what the executors load before their worker's SPARK_HOME, or null: copies of the jars
   *     under test when the workers run another SPARK_HOME than this driver (two builds compared on one cluster)
   * @param logGroup names the driver's log and scratch folder under the cluster folder ({@code driver-<logGroup>})
   */
  DriverProcess(Path sparkHome, Path clusterDir, DriverRun driverRun, boolean keep, List<Path> jarsUnderTest,
      ClassDataSharing classData, String executorClasspath, String logGroup) {
    this.executorClasspath = executorClasspath;
    this.logGroup = logGroup;
    this.classData = classData;
    this.jarsUnderTest = List.copyOf(jarsUnderTest);
    this.sparkHome = sparkHome;
    this.clusterDir = clusterDir;
    this.driverRun = driverRun;
    this.keep = keep;
  }

  HarnessDriver.Outcome run() {
    Path driverDir = EvidenceLayout.driverDir(clusterDir, logGroup);
    Path log = driverDir.resolve("driver.log");
    Path executorTmp = clusterDir.resolve("executor-tmp");
    try {
      Files.createDirectories(driverDir.resolve("tmp"));
      Files.createDirectories(executorTmp);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> jvmFlags = new ArrayList<>(JavaModuleFlags.read(sparkHome));
    jvmFlags.addAll(List.of("-Xmx1g", "-Dsft.log.level=info", "-Djava.io.tmpdir=" + driverDir.resolve("tmp")));
    jvmFlags.addAll(classData.flags(ClassDataSharing.Role.DRIVER, driverRun.group()));
    List<String> executorFlags = new ArrayList<>(SparkSettings.FAST_START_JVM_FLAGS);
    executorFlags.addAll(List.of("-Dsft.log.level=info", "-Djava.io.tmpdir=" + executorTmp));
    executorFlags.addAll(classData.flags(ClassDataSharing.Role.EXECUTOR, "{{APP_ID}}-{{EXECUTOR_ID}}"));
    List<String> args = new ArrayList<>(driverRun.arguments());
    args.addAll(List.of(
        // Executors load the harness from the same SPARK_HOME/jars as the driver: nothing to ship.
        "--ship-jars", "false",
        "--conf", "spark.executor.extraJavaOptions=" + String.join(" ", executorFlags)));
    if (executorClasspath != null) {
      args.addAll(List.of("--executor-classpath", executorClasspath));
    }
    if (keep) {
      args.add("--keep");
    }
    // The driver's classpath (sparkHome/jars) already holds them; the driver proves they ran.
    for (Path jar : jarsUnderTest) {
      args.addAll(List.of("--jar", jar.toString()));
    }
    Progress.say("driver (" + driverRun.group() + "): starting for " + driverRun.scenarios() + " (log " + log + ")");
    int exit = execute(JvmProcess.command(sparkHome, jvmFlags, JvmProcess.SFT_CLI_MAIN, args), driverDir, log);
    return collect(driverRun, exit, log.toString(),
        "the " + driverRun.group() + " driver exited with code " + exit + " without a report; see " + log);
  }

  /**
   * What a driver JVM that exited with {@code exit} leaves: its report, or, without one, every repetition it was to
   * run as Unknown ({@code why}, pointing at {@code evidence}), and a failure to judge even if it exited 0.
   */
  static HarnessDriver.Outcome collect(DriverRun driverRun, int exit, String evidence, String why) {
    RunExitCode exitCode = RunExitCode.fromCode(exit);
    Path report = Path.of(driverRun.report());
    if (Files.isRegularFile(report)) {
      try {
        return new HarnessDriver.Outcome(ReportJson.read(report), exitCode);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the driver's report " + report, e);
      }
    }
    Progress.say(why);
    return new HarnessDriver.Outcome(driverRun.unreported(evidence, why),
        exitCode == RunExitCode.PASSED ? RunExitCode.INFRASTRUCTURE : exitCode);
  }

  void destroy() {
    Process running = process;
    if (running != null) {
      running.destroyForcibly();
    }
  }

  /**
   * What the driver JVM's environment changes: where it runs, that sft started it (and reads its progress from its
   * stdout), and none of the user's {@link HarnessEnvironment#DRIVER_RUN_SETTINGS} (a null value removes the
   * variable), as its flags say everything.
   */
  Map<String, String> environment() {
    Map<String, String> env = new java.util.HashMap<>();
    HarnessEnvironment.DRIVER_RUN_SETTINGS.forEach(name -> env.put(name, null));
    env.putAll(Map.of("SPARK_LOCAL_IP", LocalCluster.MASTER_HOST, "SPARK_HOME", sparkHome.toString(),
        HarnessEnvironment.LOCAL_DRIVER, "1", Progress.ON_STDOUT, "1"));
    return env;
  }

  private int execute(List<String> command, Path driverDir, Path log) {
    try {
      process = JvmProcess.start(command, environment(), driverDir, log, true);
      try (BufferedReader lines = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          // The driver's progress, repeated as this run's progress.
          System.err.println("  " + line);
        }
      }
      if (!process.waitFor(EXIT_GRACE_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
      return process.exitValue();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the driver JVM", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the driver ran", e);
    } finally {
      process = null;
    }
  }
}
