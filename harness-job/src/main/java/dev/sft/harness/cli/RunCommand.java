package dev.sft.harness.cli;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.TerminationMessage;
import dev.sft.contract.WriterName;
import dev.sft.harness.driver.HarnessDriver;
import dev.sft.harness.driver.MasterUrl;
import dev.sft.harness.driver.RunOptions;
import dev.sft.harness.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sft run}: the harness driver against any Standalone cluster. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Runs the scenarios as a Spark driver against a Standalone master. One driver run has one "
        + "speculation setting: run speculation scenarios with --speculation true and loss scenarios with "
        + "--speculation false. Options can also come from the reference suite's environment variables named "
        + "beside them.")
public final class RunCommand implements Callable<Integer> {
  @Option(names = "--master", defaultValue = "${env:COMET_SCHEDULER_MASTER}",
      description = "Standalone master, spark://host:port (env COMET_SCHEDULER_MASTER)")
  String master;

  @Option(names = "--shared-root", defaultValue = "${env:COMET_SCHEDULER_SHARED_ROOT}",
      description = "shared POSIX folder mounted at the same path on the driver and every worker "
          + "(env COMET_SCHEDULER_SHARED_ROOT)")
  Path sharedRoot;

  @Option(names = "--kill-command", defaultValue = "${env:COMET_SCHEDULER_KILL_COMMAND}",
      description = "executable called as KILL_COMMAND HOST PID EXECUTOR_ID RUN_DIRECTORY by the executor-loss "
          + "scenarios (env COMET_SCHEDULER_KILL_COMMAND)")
  String killCommand;

  @Option(names = "--timeout", defaultValue = "${env:COMET_SCHEDULER_TIMEOUT_SECONDS:-180}",
      description = "bound of every gate and wait, in seconds (env COMET_SCHEDULER_TIMEOUT_SECONDS, default 180)")
  int timeoutSeconds;

  @Option(names = "--speculation", arity = "1", defaultValue = "${env:COMET_SCHEDULER_SPECULATION_ENABLED:-true}",
      description = "spark.speculation for this driver run: true or false "
          + "(env COMET_SCHEDULER_SPECULATION_ENABLED, default true)")
  String speculation;

  @Option(names = "--executor-classpath", defaultValue = "${env:COMET_SCHEDULER_EXECUTOR_CLASSPATH}",
      description = "classpath visible on every worker with the harness and Iceberg jars; when given, jars are "
          + "not shipped (env COMET_SCHEDULER_EXECUTOR_CLASSPATH)")
  String executorClasspath;

  @Option(names = "--scenarios", description = "comma-separated scenarios (default: every implemented scenario "
      + "that runs with this speculation setting); known: ${sys:sft.scenarios.all}")
  String scenarios;

  @Option(names = "--repeat", defaultValue = "1", description = "repetitions of each scenario (default 1)")
  int repeat;

  @Option(names = "--run-id", description = "run id (default: generated); evidence goes to <shared-root>/<run-id>")
  String runId;

  @Option(names = "--report", description = "where to write report.json (default: <shared-root>/<run-id>/report.json)")
  Path report;

  @Option(names = "--driver-host", description = "address executors use to reach this driver")
  String driverHost;

  @Option(names = "--ship-jars", arity = "1", defaultValue = "true",
      description = "ship the harness and Iceberg jars to executors with spark.jars (default true, unless "
          + "--executor-classpath is given)")
  boolean shipJars;

  @Option(names = "--keep", description = "retain the tables of passing scenarios (failing ones are always kept)")
  boolean keep;

  @Option(names = "--writer", defaultValue = "iceberg",
      description = "writer under test: iceberg (Iceberg's Spark writer) or comet-native (DataFusion Comet's native "
          + "Iceberg writer; the run proves it really ran) (default iceberg)")
  String writer;

  @Option(names = "--termination-log", defaultValue = "${env:SFT_TERMINATION_LOG}",
      description = "also write a compact report (at most 4096 bytes) here, e.g. /dev/termination-log in a "
          + "Kubernetes container (env SFT_TERMINATION_LOG)")
  Path terminationLog;

  @Option(names = "--conf", description = "extra Spark setting KEY=VALUE (repeatable)")
  List<String> conf = List.of();

  static {
    System.setProperty("sft.scenarios.all", ScenarioName.allIds());
  }

  @Override
  public Integer call() {
    RunOptions options = options();
    HarnessDriver.Outcome outcome = HarnessDriver.run(options);
    if (terminationLog != null) {
      try {
        Files.writeString(terminationLog, TerminationMessage.encode(outcome.report()));
      } catch (java.io.IOException e) {
        System.err.println("sft run: warning: cannot write termination log " + terminationLog + ": " + e);
      }
    }
    if (System.getenv(LocalCommand.NESTED_ENV) == null) {
      System.out.print(ReportTable.render(outcome.report()));
    }
    return outcome.exitCode().code();
  }

  RunOptions options() {
    MasterUrl.parse(master);
    if (sharedRoot == null) {
      throw new IllegalArgumentException("no shared root given (--shared-root or COMET_SCHEDULER_SHARED_ROOT)");
    }
    if (!sharedRoot.isAbsolute()) {
      throw new IllegalArgumentException("shared root '" + sharedRoot + "' must be an absolute path, mounted at the"
          + " same place on the driver and every worker");
    }
    if (!Files.isDirectory(sharedRoot)) {
      throw new IllegalArgumentException("shared root " + sharedRoot + " does not exist or is not a folder");
    }
    boolean speculationOn = Options.parseBoolean("--speculation", speculation);
    List<ScenarioName> selected = scenarios == null
        ? Scenarios.implemented().stream().filter(s -> s.needsSpeculation() == speculationOn).toList()
        : Scenarios.requireImplemented(ScenarioName.parseList(scenarios));
    if (selected.isEmpty()) {
      throw new IllegalArgumentException("no implemented scenario runs with speculation=" + speculationOn
          + "; implemented: " + Scenarios.implementedIds());
    }
    String kill = killCommand == null || killCommand.isBlank() ? null : killCommand.trim();
    if (selected.stream().anyMatch(s -> !s.needsSpeculation())) {
      if (kill == null) {
        throw new IllegalArgumentException("the executor-loss scenarios need a kill command (--kill-command or"
            + " COMET_SCHEDULER_KILL_COMMAND), called as KILL_COMMAND HOST PID EXECUTOR_ID RUN_DIRECTORY;"
            + " bin/sft-kill-local and bin/sft-kill-ssh are ready-made");
      }
      if (!Files.isExecutable(Path.of(kill))) {
        throw new IllegalArgumentException("kill command " + kill + " is not an executable file");
      }
    }
    String id = runId == null ? RunIds.generate() : RunIds.validate(runId);
    boolean hasClasspath = executorClasspath != null && !executorClasspath.isBlank();
    return new RunOptions(
        master.trim(),
        sharedRoot,
        id,
        kill,
        Duration.ofSeconds(Options.positive("--timeout", timeoutSeconds)),
        speculationOn,
        selected,
        Options.positive("--repeat", repeat),
        hasClasspath ? executorClasspath : null,
        shipJars && !hasClasspath,
        driverHost,
        report != null ? report.toAbsolutePath() : sharedRoot.resolve(id).resolve("report.json"),
        keep,
        Options.parseConf(conf),
        WriterName.fromId(writer));
  }

  /** Small validators shared by the commands. */
  static final class Options {
    private Options() {}

    static int positive(String option, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(option + " must be at least 1, got " + value);
      }
      return value;
    }

    static boolean parseBoolean(String option, String value) {
      String v = value == null ? "" : value.trim().toLowerCase(java.util.Locale.ROOT);
      return switch (v) {
        case "true" -> true;
        case "false" -> false;
        default -> throw new IllegalArgumentException(option + " must be true or false, got '" + value + "'");
      };
    }

    static Map<String, String> parseConf(List<String> entries) {
      Map<String, String> conf = new LinkedHashMap<>();
      for (String entry : entries) {
        int eq = entry.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("--conf '" + entry + "' is not KEY=VALUE");
        }
        conf.put(entry.substring(0, eq).trim(), entry.substring(eq + 1));
      }
      return conf;
    }
  }
}
