package dev.sft.harness.run;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.Soak;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.cluster.ClassDataSharing;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.jars.JarSet;
import dev.sft.harness.report.ComparisonFiles;
import dev.sft.harness.report.ReportFiles;
import dev.sft.harness.scenario.Fixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
public final class LocalRun {
  /** What {@code sft local} asks for, already validated. */
  public record Settings(String runId, List<ScenarioName> scenarios, List<WriteOperation> operations, Path out, int timeoutSeconds,
      int killTimeoutSeconds, boolean interruptOnCancel, boolean keep, int repeat, WriterName writer, int workers,
      int masterPort, JarSet jars, KnownFindings knownFindings, boolean strict, Path killCommand, Soak soak,
      JarSet baselineJars) {

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

  /** A build the run tests: the run id its evidence and report go under, and the jars it replaces. */
  private record Build(String label, String runId, JarSet jars) {
    List<Path> jarsUnderTest() {
      return jars.replacements().stream().map(r -> r.given().file()).toList();
    }
  }

  private final Settings settings;
  private final Path shared;
  private final Path clusterDir;

  public LocalRun(Settings settings) {
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
    List<Build> builds = settings.compares()
        ? List.of(new Build("baseline", settings.runId() + "-baseline", settings.baselineJars()),
            new Build("candidate", settings.runId() + "-candidate", settings.jars()))
        : List.of(new Build(null, settings.runId(), settings.jars()));
    Map<Build, List<Report>> parts = new LinkedHashMap<>();
    builds.forEach(b -> parts.put(b, new ArrayList<>()));
    RunExitCode worst = RunExitCode.PASSED;
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
      worst = settings.compares()
          ? compareInTurn(builds, parts, drivers, masterUrl, killWrapper)
          : runOnce(builds.get(0), parts.get(builds.get(0)), drivers, masterUrl, killWrapper, sparkHome, classData);
      judged = worst == RunExitCode.PASSED || worst == RunExitCode.SCENARIO_NOT_PASSED;
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
    return settings.compares() ? compared(builds, parts, startedAt, worst)
        : merge(builds.get(0), parts.get(builds.get(0)), startedAt, worst);
  }

  /** The driver runs of one build, one per speculation setting, each running every repetition (or soaking). */
  private RunExitCode runOnce(Build build, List<Report> parts, List<DriverProcess> drivers, String masterUrl,
      Path killWrapper, Path sparkHome, ClassDataSharing classData) {
    RunExitCode worst = RunExitCode.PASSED;
    List<DriverRun> planned = plan(build, settings.repeat(), masterUrl, killWrapper);
    SoakShares soak = settings.soak() == null ? null : new SoakShares(settings.soak(), planned.size());
    for (DriverRun next : planned) {
      DriverRun run = next;
      if (soak != null) {
        if (SoakShares.stopped(parts)) {
          Progress.say("soak: driver run " + run.group() + " not started: the soak stopped at its first failure");
          continue;
        }
        Optional<Soak> share = soak.next();
        if (share.isEmpty()) {
          Progress.say("soak: driver run " + run.group() + " not started: " + Soak.MAX_TIME_OPTION + " is used up");
          continue;
        }
        run = run.withSoak(share.get());
      }
      DriverProcess.Outcome outcome = drive(drivers, new DriverProcess(sparkHome, clusterDir, run, settings.keep(),
          build.jarsUnderTest(), classData));
      parts.add(outcome.report());
      worst = outcome.exitCode().code() > worst.code() ? outcome.exitCode() : worst;
    }
    return worst;
  }

  /**
   * Two builds on one cluster, taking turns repetition by repetition (baseline, then candidate, each with every
   * speculation setting), so that warm-up and the machine's drift fall on both alike. Each repetition is a driver
   * JVM of its own, numbered on ({@link DriverRun#withFirstRepetition}), on its build's SPARK_HOME of links.
   */
  private RunExitCode compareInTurn(List<Build> builds, Map<Build, List<Report>> parts, List<DriverProcess> drivers,
      String masterUrl, Path killWrapper) {
    RunExitCode worst = RunExitCode.PASSED;
    Map<Build, Path> homes = new LinkedHashMap<>();
    for (Build build : builds) {
      homes.put(build, build.jars().materialize(clusterDir.resolve("spark-home-" + build.label())));
    }
    for (int repetition = 1; repetition <= settings.repeat(); repetition++) {
      for (Build build : builds) {
        for (DriverRun planned : plan(build, 1, masterUrl, killWrapper)) {
          DriverRun run = planned.withFirstRepetition(repetition);
          Progress.say("compare: repetition " + repetition + " of " + settings.repeat() + ", " + build.label()
              + " (" + run.group() + ")");
          DriverProcess.Outcome outcome = drive(drivers, new DriverProcess(homes.get(build), clusterDir, run,
              settings.keep(), build.jarsUnderTest(), ClassDataSharing.off(), true,
              run.group() + "-" + build.label() + "-r" + repetition));
          parts.get(build).add(outcome.report());
          worst = outcome.exitCode().code() > worst.code() ? outcome.exitCode() : worst;
        }
      }
    }
    return worst;
  }

  private static DriverProcess.Outcome drive(List<DriverProcess> drivers, DriverProcess driver) {
    drivers.add(driver);
    try {
      return driver.run();
    } finally {
      drivers.remove(driver);
    }
  }

  /** One build's driver runs, one per speculation setting its scenarios need. */
  private List<DriverRun> plan(Build build, int repeat, String masterUrl, Path killWrapper) {
    return DriverRun.plan(settings.scenarios(), (speculation, group) -> new DriverRun(
        build.runId(), speculation, group, repeat, settings.writer(), settings.timeoutSeconds(),
        settings.killTimeoutSeconds(), settings.interruptOnCancel(), masterUrl, shared.toString(),
        killWrapper.toString(), LocalCluster.MASTER_HOST, null, settings.operations())
        .withKnownFindings(settings.knownFindings(), settings.strict()));
  }

  /** Each build's report merged and written, then the comparison of the two, written beside them. */
  private Result compared(List<Build> builds, Map<Build, List<Report>> parts, String startedAt, RunExitCode worst) {
    List<Result> merged = new ArrayList<>();
    for (Build build : builds) {
      merged.add(merge(build, parts.get(build), startedAt, worst));
    }
    Result baseline = merged.get(0);
    Result candidate = merged.get(1);
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build(builds.get(0).label(), baseline.report().runId(), baseline.report().jars()),
        baseline.report(),
        new BuildComparison.Build(builds.get(1).label(), candidate.report().runId(), candidate.report().jars()),
        candidate.report());
    Path comparisonFile = shared.resolve(settings.runId()).resolve(ComparisonFiles.JSON);
    ComparisonFiles.write(comparison, comparisonFile);
    // A driver that could not judge decides the exit; otherwise a regression does.
    RunExitCode exit = worst != RunExitCode.PASSED && worst != RunExitCode.SCENARIO_NOT_PASSED ? worst
        : comparison.regressed() ? RunExitCode.SCENARIO_NOT_PASSED : RunExitCode.PASSED;
    return new Result(candidate.report(), comparisonFile, comparisonFile.getParent(), exit, comparison);
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

  private Result merge(Build build, List<Report> parts, String startedAt, RunExitCode worst) {
    Path runDir = shared.resolve(build.runId());
    Report merged = Report.merge(build.runId(), parts, startedAt, Instant.now().toString());
    if (merged.passed() && !settings.keep()) {
      // The drivers share the source files; once every scenario passed they are no longer needed.
      Folders.deleteRecursively(Fixture.sourceDir(runDir));
    }
    Path reportFile = runDir.resolve(EvidenceLayout.REPORT);
    ReportFiles.write(merged, reportFile);
    // A driver that could not judge (preflight, infrastructure) decides the exit; otherwise the verdicts do.
    RunExitCode exit = worst != RunExitCode.PASSED && worst != RunExitCode.SCENARIO_NOT_PASSED ? worst
        : RunExitCode.judged(merged, settings.strict());
    return new Result(merged, reportFile, runDir, exit, null);
  }
}
