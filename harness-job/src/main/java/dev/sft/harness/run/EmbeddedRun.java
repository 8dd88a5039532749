package dev.sft.harness.run;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.Pin;
import dev.sft.contract.RunShape;
import dev.sft.contract.Report;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunMerge;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.Soak;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.cluster.ClassDataSharing;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.jars.JarSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The embedded run behind {@code sft local}: a real Standalone cluster on loopback addresses, one driver JVM per
 * driver run of the plan, one merged report, and every process it started stopped again (also on Ctrl-C).
 *
 * <p>Output layout: {@code <out>/shared/<run-id>/} is the shared root's evidence, {@code <out>/cluster/} the
 * cluster's and drivers' logs and scratch space.
 */
public final class EmbeddedRun {
  /** What {@code sft local} asks for, already validated. */
  public record Settings(String runId, List<ScenarioName> scenarios, List<WriteOperation> operations, Path out, int timeoutSeconds,
      int killTimeoutSeconds, boolean interruptOnCancel, boolean keep, int repeat, WriterName writer, int workers,
      int masterPort, JarSet jars, KnownFindings knownFindings, boolean strict, int failOnStale, Path killCommand,
      Soak soak,
      JarSet baselineJars, List<Pin> pins) {

    /** Whether two builds are compared: {@link #baselineJars} against {@link #jars}. */
    public boolean compares() {
      return baselineJars != null;
    }
  }

  /**
   * The merged report (the candidate's, when two builds are compared), where it is, the exit code of the whole run,
   * and the comparison of the two builds, or null.
   */
  public record Result(Report report, Path reportFile, Path evidence, RunExitCode exitCode,
      BuildComparison comparison) {}

  private final Settings settings;
  private final Path shared;
  private final Path clusterDir;

  public EmbeddedRun(Settings settings) {
    this.settings = settings;
    this.shared = settings.out().resolve("shared");
    this.clusterDir = settings.out().resolve("cluster");
  }

  public Result run() {
    try {
      Files.createDirectories(shared);
      Files.createDirectories(clusterDir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create output folder " + settings.out(), e);
    }
    String startedAt = Instant.now().toString();
    Progress.say("sft local: run " + settings.runId() + ", output " + settings.out());
    List<DriverProcess> drivers = new ArrayList<>();
    LocalCluster[] cluster = new LocalCluster[1];
    Thread stopper = new Thread(() -> {
      drivers.forEach(DriverProcess::destroy);
      if (cluster[0] != null) {
        cluster[0].close();
      }
    }, "sft-local-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    BuildTurns turns = settings.compares()
        ? new BuildTurns(settings.runId(), settings.baselineJars(), settings.jars()) : null;
    List<Report> parts = new ArrayList<>();
    List<RunExitCode> partCodes = new ArrayList<>();
    ClassDataSharing classData = ClassDataSharing.off();
    boolean judged = false;
    try {
      // One SPARK_HOME for the cluster: the given one, or a per-run one of links with the --jar files in it. Two
      // builds compared share the given one; each build's drivers start from their own, and give their executors
      // their jars first (DriverProcess).
      Path sparkHome = settings.compares() ? settings.jars().sparkHome()
          : settings.jars().materialize(clusterDir.resolve("spark-home"));
      // Class data is dumped against one classpath; drivers of two builds have two, so a comparison uses none.
      classData = settings.compares() ? ClassDataSharing.off() : classData(sparkHome);
      cluster[0] = LocalCluster.start(sparkHome, clusterDir, settings.masterPort(), settings.workers(),
          Duration.ofSeconds(settings.timeoutSeconds()), classData);
      // The user's own kill command, or sft's, pinned to this run's SPARK_HOME.
      Path killWrapper = settings.killCommand() != null ? settings.killCommand()
          : KillWrapper.write(sparkHome, clusterDir);
      String masterUrl = cluster[0].masterUrl();
      if (turns != null) {
        compareInTurn(turns, drivers, masterUrl, killWrapper);
        judged = turns.judged();
      } else {
        runOnce(parts, partCodes, drivers, masterUrl, killWrapper, sparkHome, classData);
        judged = partCodes.stream().allMatch(RunMerge::judged);
      }
    } finally {
      Progress.say("cluster: stopping every process this run started");
      stopper.run();
      archive(classData, judged);
      try {
        Runtime.getRuntime().removeShutdownHook(stopper);
      } catch (IllegalStateException shuttingDown) {
        // Already shutting down (Ctrl-C): the hook is running or has run.
      }
    }
    if (turns != null) {
      BuildTurns.Compared compared = turns.finish(shared, settings.runId(), startedAt, settings.keep());
      return new Result(compared.candidate(), compared.comparisonFile(), compared.comparisonFile().getParent(),
          compared.exitCode(), compared.comparison());
    }
    Path runDir = shared.resolve(settings.runId());
    Report merged = MergedReport.write(runDir, settings.runId(), parts, startedAt, settings.keep());
    RunExitCode exit = RunMerge.exitCode(partCodes,
        RunExitCode.judged(merged, settings.strict(), settings.failOnStale()));
    return new Result(merged, runDir.resolve(EvidenceLayout.REPORT), runDir, exit, null);
  }

  /** The driver runs of one build, one per speculation setting, each running every repetition (or soaking). */
  private void runOnce(List<Report> parts, List<RunExitCode> partCodes, List<DriverProcess> drivers,
      String masterUrl, Path killWrapper, Path sparkHome, ClassDataSharing classData) {
    List<DriverRun> planned = plan(settings.runId(), settings.repeat(), masterUrl, killWrapper);
    SoakShares soak = settings.soak() == null ? null : new SoakShares(settings.soak(), planned.size());
    for (DriverRun next : planned) {
      DriverRun driverRun = next;
      if (soak != null) {
        if (SoakShares.stopped(parts)) {
          Progress.say("soak: driver run " + driverRun.group() + " not started: the soak stopped at its first failure");
          continue;
        }
        Optional<Soak> share = soak.next();
        if (share.isEmpty()) {
          Progress.say("soak: driver run " + driverRun.group() + " not started: " + Soak.MAX_TIME_OPTION
              + " is used up");
          continue;
        }
        driverRun = driverRun.withSoak(share.get());
      }
      HarnessDriver.Outcome outcome = drive(drivers, new DriverProcess(sparkHome, clusterDir, driverRun,
          settings.keep(), settings.jars().jarsUnderTest(), classData));
      parts.add(outcome.report());
      partCodes.add(outcome.exitCode());
    }
  }

  /**
   * Two builds on one cluster, taking turns ({@link BuildTurns}). Each turn is a driver JVM per speculation setting,
   * numbered on ({@link DriverRun#withFirstRepetition}), on its build's SPARK_HOME of links.
   */
  private void compareInTurn(BuildTurns turns, List<DriverProcess> drivers, String masterUrl, Path killWrapper) {
    Map<BuildTurns.Build, Path> homes = turns.sparkHomes(clusterDir);
    turns.take(new RunShape(settings.scenarios(), settings.operations(), settings.repeat(),
        RunShape.COMPARED_BUILDS, null), (build, repetition) -> {
      List<HarnessDriver.Outcome> outcomes = new ArrayList<>();
      for (DriverRun planned : plan(build.runId(), 1, masterUrl, killWrapper)) {
        DriverRun driverRun = planned.withFirstRepetition(repetition);
        outcomes.add(drive(drivers, new DriverProcess(homes.get(build), clusterDir, driverRun, settings.keep(),
            build.jarsUnderTest(), ClassDataSharing.off(), true,
            driverRun.group() + "-" + build.label() + "-r" + repetition)));
      }
      return outcomes;
    });
  }

  private static HarnessDriver.Outcome drive(List<DriverProcess> drivers, DriverProcess driver) {
    drivers.add(driver);
    try {
      return driver.run();
    } finally {
      drivers.remove(driver);
    }
  }

  /** One build's driver runs, one per speculation setting its scenarios need. */
  private List<DriverRun> plan(String runId, int repeat, String masterUrl, Path killWrapper) {
    return DriverRun.plan(settings.scenarios(), (speculation, group) -> DriverRun.builder(runId, speculation, group)
        .repeat(repeat)
        .writer(settings.writer())
        .timeouts(settings.timeoutSeconds(), settings.killTimeoutSeconds())
        .interruptOnCancel(settings.interruptOnCancel())
        .cluster(masterUrl, shared.toString())
        .killCommand(killWrapper.toString())
        .driverHost(LocalCluster.MASTER_HOST)
        .operations(settings.operations())
        .knownFindings(settings.knownFindings(), settings.strict(), DriverRun.NEVER_FAIL_ON_STALE)
        // Each driver run carries the pins of its own scenarios only.
        .pins(settings.pins().stream().filter(p -> p.scenarios().stream().anyMatch(group::contains)).toList())
        .build());
  }

  /**
   * Class-data archives for the harness's own SPARK_HOME, kept beside it across runs; none for a per-run one (its
   * paths change every run, so no archive could be used twice).
   */
  private ClassDataSharing classData(Path sparkHome) {
    if (!sparkHome.equals(settings.jars().sparkHome())) {
      return ClassDataSharing.off();
    }
    ClassDataSharing classData = ClassDataSharing.under(sparkHome.resolveSibling("class-data"), sparkHome);
    if (classData.enabled()) {
      List<ClassDataSharing.Role> archived = classData.archived();
      Progress.say(archived.size() == ClassDataSharing.Role.values().length
          ? "class data: every JVM starts from its archive in " + classData.folder().orElseThrow()
          : "class data: archives " + archived + " in " + classData.folder().orElseThrow() + "; the other JVMs"
              + " list the classes they load, and sft archives them after this run (once per build), so later"
              + " runs start faster");
    }
    return classData;
  }

  /**
   * Archives the classes this run's JVMs listed, once every driver judged its scenarios: a run that stopped at its
   * preflight (or before) lists only a fraction of them, and its archive would serve every later run of the build.
   */
  private void archive(ClassDataSharing classData, boolean judged) {
    if (!classData.enabled()) {
      return;
    }
    if (!judged) {
      if (classData.discardTrained()) {
        Progress.say("class data: nothing archived, as a driver did not get to judge its scenarios; the next run"
            + " lists the classes again");
      }
      return;
    }
    List<ClassDataSharing.Role> kept = classData.keepTrained(clusterDir);
    if (!kept.isEmpty()) {
      Progress.say("class data: archived " + kept + " for later runs in " + classData.folder().orElseThrow());
    }
  }
}
