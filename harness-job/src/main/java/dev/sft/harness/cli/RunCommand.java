package dev.sft.harness.cli;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.HarnessEnvironment;
import dev.sft.contract.RunShape;
import dev.sft.contract.Soak;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.TerminationMessage;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.driver.MasterUrl;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.jars.JarSet;
import dev.sft.harness.run.BuildTurns;
import dev.sft.harness.run.CompareOnCluster;
import dev.sft.harness.run.ComparisonOnSharedRoot;
import dev.sft.harness.run.DriverRelaunch;
import dev.sft.harness.run.HarnessDriver;
import dev.sft.harness.run.DriverRunOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sft run}: the harness driver against any Standalone cluster; its options are a {@link DriverRun}. */
@Command(
    name = DriverRun.COMMAND,
    mixinStandardHelpOptions = true,
    description = "Runs the scenarios as a Spark driver against a Standalone master. One driver run has one "
        + "speculation setting: run speculation scenarios with --speculation and loss scenarios with "
        + "--no-speculation. Options can also come from the reference suite's environment variables named "
        + "beside them.")
public final class RunCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(ExitCodeSection.DRIVER_RUN);
  }

  @Option(names = "--master", paramLabel = "spark://<host>:<port>", defaultValue = "${env:" + HarnessEnvironment.MASTER + "}",
      description = "Standalone master, spark://host:port (env " + HarnessEnvironment.MASTER + ")")
  String master;

  @Option(names = "--shared-root", paramLabel = "<dir>", defaultValue = "${env:" + HarnessEnvironment.SHARED_ROOT + "}",
      description = "shared POSIX folder mounted at the same path on the driver and every worker "
          + "(env " + HarnessEnvironment.SHARED_ROOT + ")")
  Path sharedRoot;

  @Option(names = "--kill-command", paramLabel = "<executable>",
      defaultValue = "${env:" + HarnessEnvironment.KILL_COMMAND + "}",
      description = "executable called as <executable> HOST PID EXECUTOR_ID RUN_DIRECTORY by the executor-loss "
          + "scenarios (env " + HarnessEnvironment.KILL_COMMAND + ")")
  String killCommand;

  @Option(names = "--timeout", paramLabel = "<duration>",
      defaultValue = "${env:" + HarnessEnvironment.TIMEOUT_SECONDS + ":-180s}",
      description = "bound of every gate and wait (env " + HarnessEnvironment.TIMEOUT_SECONDS
          + ", default: ${DEFAULT-VALUE})")
  Duration timeout;

  @Option(names = "--kill-timeout", paramLabel = "<duration>",
      defaultValue = "${env:" + HarnessEnvironment.KILL_TIMEOUT_SECONDS + ":-" + DriverRun.DEFAULT_KILL_TIMEOUT_SECONDS
          + "s}",
      description = "bound of one call of the kill command, separate from --timeout; a command still"
          + " running then is ended with its children (env " + HarnessEnvironment.KILL_TIMEOUT_SECONDS
          + ", default: ${DEFAULT-VALUE})")
  Duration killTimeout;

  @Option(names = "--interrupt-on-cancel", negatable = true, arity = "0..1", paramLabel = "true|false",
      fallbackValue = "true",
      defaultValue = "${env:" + HarnessEnvironment.INTERRUPT_ON_CANCEL + ":-" + DriverRun.DEFAULT_INTERRUPT_ON_CANCEL
          + "}",
      description = "spark.job.interruptOnCancel of the monitored writes: on also interrupts the thread of a"
          + " cancelled task, as the reference suite does (see docs/scenarios.md; env "
          + HarnessEnvironment.INTERRUPT_ON_CANCEL + ", default: ${DEFAULT-VALUE})")
  boolean interruptOnCancel;

  @Option(names = "--speculation", negatable = true, arity = "0..1", paramLabel = "true|false",
      fallbackValue = "true", defaultValue = "${env:" + HarnessEnvironment.SPECULATION_ENABLED + ":-true}",
      description = "spark.speculation for this driver run "
          + "(env " + HarnessEnvironment.SPECULATION_ENABLED + ", default: ${DEFAULT-VALUE})")
  boolean speculation;

  @Option(names = "--executor-classpath", paramLabel = "<classpath>", defaultValue = "${env:" + HarnessEnvironment.EXECUTOR_CLASSPATH + "}",
      description = "classpath visible on every worker with the harness and Iceberg jars; when given, jars are "
          + "not shipped (env " + HarnessEnvironment.EXECUTOR_CLASSPATH + ")")
  String executorClasspath;

  @Option(names = "--scenarios", paramLabel = "<scenario,...>", description = "comma-separated scenarios, or all: every scenario that runs with this"
      + " speculation setting (default: the reference suite's scenarios of this setting); known: "
      + OptionValues.KNOWN_SCENARIOS)
  String scenarios;

  @Option(names = "--operations", paramLabel = "<operation,...>", description = "comma-separated write operations every scenario runs under, or all"
      + " (default: append); known: " + OptionValues.KNOWN_OPERATIONS)
  String operations;

  @Option(names = "--repeat", paramLabel = "<n>", defaultValue = "1", description = "repetitions of each scenario, " + RunShape.MIN_REPEAT
      + " to " + RunShape.MAX_REPEAT + " (default 1)")
  int repeat;

  @Option(names = DriverRun.FIRST_REPETITION_OPTION, defaultValue = "1", paramLabel = "<n>", description = "number"
      + " the repetitions from <n> (default 1), for a run that takes turns with another driver run of the same scenarios"
      + " (sft local --compare does)")
  int firstRepetition;

  @Option(names = DriverRun.CLUSTER_OPTION, paramLabel = "<k>", description = "the index of the Spark cluster this "
      + "driver run uses when one test runs on several (the controller's spec.parallelism); its results name it")
  Integer cluster;

  @Option(names = Soak.STRIDE_OPTION, paramLabel = "<n>", description = "with " + Soak.UNTIL_FAILURE_OPTION + ": this"
      + " driver run is one share of a soak spread over <n> clusters, and runs rounds " + DriverRun.FIRST_REPETITION_OPTION
      + ", then every <n>-th, up to " + Soak.MAX_REPEAT_OPTION + " (the controller's spec.soak with spec.parallelism);"
      + " needs " + Soak.SHARED_END_OPTION)
  Integer soakStride;

  @Option(names = Soak.SHARED_END_OPTION, paramLabel = "<file>", description = "with " + Soak.UNTIL_FAILURE_OPTION
      + ": a file on the shared storage that the first driver run of the soak to stop at a failure writes, and every"
      + " one looks for before each round (the shares of a spread soak, or its driver runs one after another)")
  Path soakEndFile;

  @Option(names = "--run-id", paramLabel = "<run-id>", description = "run id (default: generated); evidence goes to <shared-root>/<run-id>")
  String runId;

  @Option(names = "--report", paramLabel = "<file>", description = "where to write this driver run's report.json (default: "
      + "<shared-root>/<run-id>/driver-spec|driver-loss/report.json); the run's report merged from every driver run "
      + "so far goes to <shared-root>/<run-id>/report.json")
  Path report;

  @Option(names = BuildComparison.COMPARISON_OPTION, paramLabel = "<run-id>", description = "this run is the"
      + " candidate build of comparison <run-id>, whose baseline ran before under the run id <run-id>-baseline (as the"
      + " controller's spec.compare runs them); the run id must be <run-id>-candidate. After the report, compares the"
      + " two builds' reports and writes <shared-root>/<run-id>/comparison.json, .xml and .html")
  String comparison;

  @Option(names = "--driver-host", paramLabel = "<address>", description = "address executors use to reach this driver")
  String driverHost;

  @Option(names = "--ship-jars", negatable = true, arity = "0..1", paramLabel = "true|false", fallbackValue = "true",
      defaultValue = "true", description = "ship the harness and Iceberg jars to executors with spark.jars (default:"
          + " ${DEFAULT-VALUE}, unless --executor-classpath is given)")
  boolean shipJars;

  @Option(names = "--keep", negatable = true, description = "retain the tables of passing scenarios (failing ones are always kept)")
  boolean keep;

  @Option(names = "--writer", paramLabel = "<writer>", defaultValue = "iceberg",
      description = "writer under test: iceberg (Iceberg's Spark writer) or comet-native (DataFusion Comet's native "
          + "Iceberg writer; the run proves it really ran) (default iceberg)")
  String writer;

  @Option(names = "--termination-log", paramLabel = "<file>", defaultValue = "${env:" + HarnessEnvironment.TERMINATION_LOG + "}",
      description = "also write a compact report (at most 4096 bytes) here, e.g. /dev/termination-log in a "
          + "Kubernetes container (env " + HarnessEnvironment.TERMINATION_LOG + ")")
  Path terminationLog;

  @Option(names = "--deadline", paramLabel = "<duration>",
      defaultValue = "${env:" + HarnessEnvironment.DEADLINE_SECONDS + ":-" + DriverRun.NO_DEADLINE + "}",
      description = "how long after the start no further scenario starts; the rest are reported Unknown "
          + "(env " + HarnessEnvironment.DEADLINE_SECONDS + ", default: ${DEFAULT-VALUE}, none)")
  Duration deadline;

  @Option(names = "--not-after", paramLabel = "<instant>", defaultValue = "${env:" + HarnessEnvironment.NOT_AFTER + "}",
      description = "an RFC 3339 instant after which no further scenario starts, e.g. the Kubernetes Job's end; the "
          + "earlier of this and --deadline applies (env " + HarnessEnvironment.NOT_AFTER + ", default: none)")
  String notAfter;

  @Mixin
  VerdictOptions verdicts = new VerdictOptions();

  @Mixin
  SoakOptions soakOptions = new SoakOptions();

  @Mixin
  CompareOptions compareOptions = new CompareOptions();

  @Option(names = DriverRun.KNOWN_FINDINGS_JSON_OPTION, hidden = true,
      description = "the known findings as inline JSON, as the controller and sft local pass them")
  String knownFindingsJson;

  @Option(names = "--jar", paramLabel = "<jar>", description = "a jar under test (repeatable) that replaces the released jar of the same"
      + " module; the driver and every executor must have loaded it (see docs/own-build.md, Testing your own build)")
  List<Path> jars = List.of();

  @Option(names = "--conf", paramLabel = "<key>=<value>", description = "extra Spark setting (repeatable)")
  List<String> conf = List.of();

  static {
    OptionValues.publishKnownIds();
  }

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    DriverRunOptions checked = options();
    if (compareOptions.asked()) {
      if (comparison != null) {
        throw new IllegalArgumentException("--compare and " + BuildComparison.COMPARISON_OPTION + " exclude each"
            + " other: --compare runs both builds itself");
      }
      return compare(checked);
    }
    if (comparison != null) {
      ComparisonOnSharedRoot.check(comparison, checked.runId());
    }
    if (DriverRelaunch.needed(checked.jarsUnderTest())) {
      List<String> args = spec == null ? List.of() : spec.commandLine().getParseResult().originalArgs();
      return DriverRelaunch.run(checked, args);
    }
    HarnessDriver.Outcome outcome = HarnessDriver.run(checked);
    if (terminationLog != null) {
      try {
        Files.writeString(terminationLog, TerminationMessage.encode(outcome.report()));
      } catch (IOException e) {
        System.err.println("sft run: warning: cannot write termination log " + terminationLog + ": " + e);
      }
    }
    if (comparison != null) {
      compareWithBaseline(checked);
    }
    if (System.getenv(HarnessEnvironment.LOCAL_DRIVER) == null) {
      System.out.print(ReportTable.render(outcome.report()));
      if (checked.driverRun().soak() != null) {
        System.out.print(SoakSummary.render(outcome.report(), checked.driverRun().soak()));
      }
    }
    return outcome.exitCode().code();
  }

  /**
   * The comparison on the shared root, as far as the builds have come. Its failure is said and changes nothing else:
   * this run's verdicts and exit code are its own, and the controller compares the builds from their verdicts.
   */
  private void compareWithBaseline(DriverRunOptions checked) {
    try {
      Path file = ComparisonOnSharedRoot.write(Path.of(checked.driverRun().sharedRoot()), comparison);
      Progress.say("comparison with the baseline: " + file);
    } catch (IOException | RuntimeException e) {
      System.err.println("sft run: warning: cannot write the comparison " + comparison + ": " + e.getMessage());
    }
  }

  /** Two builds in turn on the cluster ({@link CompareOnCluster}), ending with their comparison. */
  private int compare(DriverRunOptions checked) {
    compareOptions.check(checked.jarsUnderTest(), checked.driverRun().soak());
    if (checked.driverRun().terminationLog() != null) {
      throw new IllegalArgumentException("--compare and --termination-log exclude each other: a comparison's result"
          + " is its comparison.json");
    }
    Path own = JarSet.ownSparkHome();
    if (own == null) {
      throw new IllegalArgumentException("sft run --compare needs the assembled SPARK_HOME the harness jar lives in;"
          + " start it through ./sft");
    }
    JarSet baseline = compareOptions.baseline(own, null, checked.jarsUnderTest(), checked.driverRun().soak());
    JarSet candidate = JarSet.resolve(own, null, checked.jarsUnderTest());
    candidate.matches("--jar").forEach(Progress::say);
    BuildTurns.Compared compared = new CompareOnCluster(checked, baseline, candidate).run();
    CompareOptions.print(compared.comparison(), compared.comparisonFile());
    return compared.exitCode().code();
  }

  @Mixin
  PinOptions pinOptions = new PinOptions();

  /** The options as the contract's driver run; checks their syntax, not the machine. */
  DriverRun driverRun() {
    MasterUrl.parse(master);
    if (sharedRoot == null) {
      throw new IllegalArgumentException("no shared root given (--shared-root or " + HarnessEnvironment.SHARED_ROOT
          + ")");
    }
    if (!sharedRoot.isAbsolute()) {
      throw new IllegalArgumentException("shared root '" + sharedRoot + "' must be an absolute path, mounted at the"
          + " same place on the driver and every worker");
    }
    // One driver run has one speculation setting, so "all" here means all of this setting's scenarios.
    List<ScenarioName> selected = OptionValues.scenarios(scenarios, s -> s.needsSpeculation() == speculation);
    selected = verdicts.withControl(selected);
    String kill = killCommand == null || killCommand.isBlank() ? null : killCommand.trim();
    return DriverRun.builder(runId == null ? RunIds.generate() : RunIds.validate(runId), speculation, selected)
        .repeat(repeat)
        .writer(WriterName.fromId(writer))
        .timeouts(OptionValues.positive("--timeout", OptionValues.wholeSeconds("--timeout", timeout)),
            OptionValues.positive("--kill-timeout", OptionValues.wholeSeconds("--kill-timeout", killTimeout)))
        .interruptOnCancel(interruptOnCancel)
        .cluster(master.trim(), sharedRoot.toString())
        .killCommand(kill)
        .driverHost(driverHost)
        .terminationLog(terminationLog == null ? null : terminationLog.toString())
        .operations(OptionValues.operations(operations))
        .deadlineSeconds(OptionValues.wholeSeconds("--deadline", deadline))
        .notAfter(notAfter())
        .knownFindings(verdicts.knownFindings(knownFindingsJson), verdicts.strict(), verdicts.failOnStale())
        .soak(soak())
        .firstRepetition(OptionValues.positive(DriverRun.FIRST_REPETITION_OPTION, firstRepetition))
        .pins(pinOptions.pins(selected))
        .clusterIndex(cluster)
        .build();
  }

  /** The soak the options ask for, one share of it when spread over clusters; null for none. */
  private Soak soak() {
    Soak soak = soakOptions.soak(repeat);
    if (soakStride == null && soakEndFile == null) {
      return soak;
    }
    if (soak == null) {
      throw new IllegalArgumentException(Soak.STRIDE_OPTION + " and " + Soak.SHARED_END_OPTION + " spread a soak over"
          + " clusters: give them with " + Soak.UNTIL_FAILURE_OPTION);
    }
    return new Soak(soak.maxRepeat(), soak.maxTime(), soakStride == null ? 1 : soakStride,
        soakEndFile == null ? null : soakEndFile.toString());
  }

  private Instant notAfter() {
    if (notAfter == null || notAfter.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(notAfter.trim());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("--not-after must be an RFC 3339 instant such as 2026-12-02T08:00:00Z, got '"
          + notAfter + "'");
    }
  }

  /** The driver run checked against this machine, with the harness-only settings. */
  DriverRunOptions options() {
    DriverRun driverRun = driverRun();
    if (!Files.isDirectory(sharedRoot)) {
      throw new IllegalArgumentException("shared root " + sharedRoot + " does not exist or is not a folder");
    }
    // The executor-loss scenarios kill; their controls, which also run with speculation off, kill nothing.
    if (driverRun.scenarios().stream().anyMatch(s -> !s.needsSpeculation() && !s.control())) {
      if (driverRun.killCommand() == null) {
        throw new IllegalArgumentException("the executor-loss scenarios need a kill command (--kill-command or "
            + HarnessEnvironment.KILL_COMMAND + "), called as KILL_COMMAND HOST PID EXECUTOR_ID RUN_DIRECTORY;"
            + " bin/sft-kill-local and bin/sft-kill-ssh are ready-made");
      }
      if (!Files.isExecutable(Path.of(driverRun.killCommand()))) {
        throw new IllegalArgumentException("kill command " + driverRun.killCommand() + " is not an executable file");
      }
    }
    boolean hasClasspath = executorClasspath != null && !executorClasspath.isBlank();
    List<Path> jarsUnderTest = jars.stream().map(j -> j.toAbsolutePath().normalize()).toList();
    for (Path jar : jarsUnderTest) {
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException("--jar " + jar + " is not a file");
      }
    }
    String classpath = hasClasspath ? executorClasspath : null;
    if (!jarsUnderTest.isEmpty() && System.getenv(DriverRelaunch.APPLIED) != null) {
      // The restarted driver of a cluster of its own: executors take the jars under test before SPARK_HOME/jars.
      String copies = DriverRelaunch.executorClasspath(Path.of(driverRun.sharedRoot()).resolve(driverRun.runId()),
          jarsUnderTest);
      classpath = classpath == null ? copies : copies + java.io.File.pathSeparator + classpath;
    }
    DriverRunOptions options = new DriverRunOptions(
        driverRun,
        report != null ? report.toAbsolutePath() : Path.of(driverRun.report()),
        classpath,
        shipJars && !hasClasspath,
        keep,
        OptionValues.parseConf(conf),
        jarsUnderTest);
    // Before anything starts: the effective configuration, --conf overrides included, must suit the scenarios.
    SparkSettings.conf(options.sparkInputs());
    return options;
  }
}
