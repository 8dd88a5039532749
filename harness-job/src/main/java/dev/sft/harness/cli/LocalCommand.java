package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Pin;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.RunShape;
import dev.sft.contract.Soak;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.jars.JarSet;
import dev.sft.harness.jars.ShippedKnownFindings;
import dev.sft.harness.report.ReportFiles;
import dev.sft.harness.run.EmbeddedRun;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sft local}: the embedded default; {@link EmbeddedRun} does the work, this command parses and prints. */
@Command(
    name = "local",
    mixinStandardHelpOptions = true,
    description = "Starts a real Spark Standalone master (127.0.0.1) and workers (127.0.0.2, 127.0.0.3, ...) as "
        + "separate JVMs, runs the scenarios against them, prints a summary and stops every process it started. "
        + "Everything it writes stays under --out.")
public final class LocalCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(ExitCodeSection.DRIVER_RUN);
  }

  static {
    OptionValues.publishKnownIds();
  }

  @Option(names = "--scenarios", paramLabel = "<scenario,...>", description = "comma-separated scenarios, or all (default: the reference suite's four; all adds "
      + "executor-loss-after-handoff)")
  String scenarios;

  @Option(names = "--operations", paramLabel = "<operation,...>", description = "comma-separated write operations every scenario runs under, or"
      + " all for the whole matrix (default: append); known: " + OptionValues.KNOWN_OPERATIONS)
  String operations;

  @Option(names = "--out", paramLabel = "<dir>", description = "output folder (default: target/sft-local/<run-id> in the sft checkout,"
      + " or a temporary folder)")
  Path out;

  @Option(names = "--interrupt-on-cancel", negatable = true, arity = "0..1", paramLabel = "true|false",
      defaultValue = "" + DriverRun.DEFAULT_INTERRUPT_ON_CANCEL, fallbackValue = "true",
      description = "spark.job.interruptOnCancel of the monitored writes (default: ${DEFAULT-VALUE}; see"
          + " docs/scenarios.md)")
  boolean interruptOnCancel;

  @Option(names = "--keep", negatable = true, description = "retain the tables of passing scenarios (failing ones"
      + " are always kept)")
  boolean keep;

  @Option(names = "--repeat", paramLabel = "<n>", defaultValue = "1", description = "repetitions of each scenario, " + RunShape.MIN_REPEAT
      + " to " + RunShape.MAX_REPEAT + " (default 1)")
  int repeat;

  @Option(names = "--writer", paramLabel = "<writer>", defaultValue = "iceberg",
      description = "writer under test: iceberg or comet-native (default iceberg)")
  String writer;

  @Mixin
  EmbeddedClusterOptions cluster = new EmbeddedClusterOptions();

  @Mixin
  JarOptions jarOptions = new JarOptions();

  @Mixin
  CompareOptions compareOptions = new CompareOptions();

  @Option(names = "--kill-command", paramLabel = "<executable>", description = "your own kill command, called as"
      + " <executable> HOST PID EXECUTOR_ID RUN_DIRECTORY instead of sft's (e.g. bin/sft-kill-ssh, or a script of yours);"
      + " without sft's kill record its kill is proven from the scheduler's events (docs/own-cluster.md, The kill"
      + " contract)")
  Path killCommand;

  @Mixin
  VerdictOptions verdicts = new VerdictOptions();

  @Option(names = "--no-known-findings", description = "judge without the known findings shipped for the shipped"
      + " Iceberg runtime (used by default on exactly those jars; docs/harness.md, Known findings)")
  boolean noKnownFindings;

  @Mixin
  SoakOptions soakOptions = new SoakOptions();

  @Mixin
  PinOptions pinOptions = new PinOptions();

  @Option(names = "--list-pins", description = "list the pins (--pin), one line each, and exit")
  boolean listPins;

  @Override
  public Integer call() {
    if (listPins) {
      System.out.print(PinOptions.list());
      return 0;
    }
    List<ScenarioName> selected = verdicts.withControl(OptionValues.scenarios(scenarios, scenario -> true));
    List<WriteOperation> selectedOperations = OptionValues.operations(operations);
    WriterName writerName = WriterName.fromId(writer); // rejects an unknown writer before anything starts
    List<Pin> pins = pinOptions.pins(selected);
    if (noKnownFindings && verdicts.known.knownFindings != null) {
      throw new IllegalArgumentException("--no-known-findings and --known-findings exclude each other");
    }
    KnownFindings known = verdicts.knownFindings(null);
    int failOnStale = verdicts.failOnStale();
    Path ownKill = killCommand == null ? null : killCommand.toAbsolutePath();
    if (ownKill != null && !java.nio.file.Files.isExecutable(ownKill)) {
      throw new IllegalArgumentException("--kill-command " + ownKill + " is not an executable file");
    }
    int timeoutSeconds = cluster.timeoutSeconds();
    RunShape.requireRepeat("--repeat", repeat);
    Soak soak = soakOptions.soak(repeat);
    int killTimeoutSeconds = cluster.killTimeoutSeconds();
    int workers = cluster.workers();
    int masterPort = cluster.masterPort();
    Path own = JarSet.ownSparkHome();
    Path home = cluster.sparkHome(own);
    // Refuses a non-distribution and a --jar that replaces nothing (or several) before anything starts.
    JarSet jarSet = JarSet.resolve(home, own, jarOptions.jars);
    jarSet.matches("--jar").forEach(Progress::say);
    JarSet baseline = compareOptions.baseline(home, own, jarOptions.jars, soak);
    String runId = RunIds.generate();
    Path outDir = (out != null ? out : defaultOut(runId)).toAbsolutePath();
    String knownLine = "known findings: " + (noKnownFindings ? "none (--no-known-findings)"
        : "the " + known.entries().size() + " of --known-findings " + verdicts.known.knownFindings);
    if (verdicts.known.knownFindings == null && !noKnownFindings) {
      ShippedKnownFindings.Decision shipped = ShippedKnownFindings.forRun(jarSet, own,
          outDir.resolve("jar-digests.json"));
      known = shipped.findings();
      knownLine = shipped.line();
    }
    Progress.say(knownLine);
    EmbeddedRun.Result result = new EmbeddedRun(new EmbeddedRun.Settings(runId, selected, selectedOperations, outDir,
        timeoutSeconds, killTimeoutSeconds, interruptOnCancel, keep, repeat, writerName, workers, masterPort, jarSet, known,
        verdicts.strict(), failOnStale, ownKill, soak, baseline, pins)).run();
    if (result.comparison() != null) {
      CompareOptions.print(result.comparison(), result.reportFile());
      System.out.println("output:     " + outDir);
      return result.exitCode().code();
    }
    System.out.print("\n" + ReportTable.render(result.report(), failOnStale));
    System.out.println(knownLine);
    if (soak != null) {
      System.out.print(SoakSummary.render(result.report(), soak));
    }
    System.out.println("report:   " + result.reportFile() + " (also " + ReportFiles.JUNIT + ", " + ReportFiles.HTML
        + ")");
    System.out.println("evidence: " + result.evidence());
    System.out.println("output:   " + outDir);
    return result.exitCode().code();
  }

  /** Where a run writes when --out is not given: under the sft checkout, else a temporary folder. */
  static Path defaultOut(String runId) {
    String sftHome = System.getenv("SFT_HOME");
    if (sftHome != null && !sftHome.isBlank()) {
      return Path.of(sftHome, "target", "sft-local", runId);
    }
    return Path.of(System.getProperty("java.io.tmpdir"), "sft-local-" + runId);
  }
}
