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
import dev.sft.harness.jars.BuildHome;
import dev.sft.harness.jars.JarSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

  /** Beside the harness's own SPARK_HOME: the builds' SPARK_HOMEs and archives ({@link BuildHome}). */
  private static final String BUILD_HOMES = "build-homes";

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
    Map<Path, ClassDataSharing> classData = new LinkedHashMap<>();
    boolean judged = false;
    try {
      // One SPARK_HOME for the cluster: the given one, or the build's of links with the --jar files in it. Two
      // builds compared share the given one; each build's drivers start from their own, and give their executors
      // their jars first.
      Home home = settings.compares() ? new Home(settings.jars().sparkHome(), null) : home(settings.jars(), "");
      Path sparkHome = home.sparkHome();
      ClassDataSharing clusterClassData = classData(classData, home, clusterRoles(turns, sparkHome), "");
      cluster[0] = LocalCluster.start(sparkHome, clusterDir, settings.masterPort(), settings.workers(),
          Duration.ofSeconds(settings.timeoutSeconds()), clusterClassData);
      // The user's own kill command, or sft's, pinned to this run's SPARK_HOME.
      Path killWrapper = settings.killCommand() != null ? settings.killCommand()
          : KillWrapper.write(sparkHome, clusterDir);
      String masterUrl = cluster[0].masterUrl();
      if (turns != null) {
        compareInTurn(turns, drivers, masterUrl, killWrapper, sparkHome, classData);
        judged = turns.judged();
      } else {
        runOnce(parts, partCodes, drivers, masterUrl, killWrapper, sparkHome, clusterClassData);
        judged = partCodes.stream().allMatch(RunMerge::judged);
      }
    } finally {
      Progress.say("cluster: stopping every process this run started");
      stopper.run();
      for (ClassDataSharing archives : classData.values()) {
        archive(archives, judged);
      }
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
   * numbered on ({@link DriverRun#withFirstRepetition}), on its build's SPARK_HOME, with its build's class data.
   */
  private void compareInTurn(BuildTurns turns, List<DriverProcess> drivers, String masterUrl, Path killWrapper,
      Path clusterHome, Map<Path, ClassDataSharing> classData) {
    Map<BuildTurns.Build, BuildJvms> jvms = new LinkedHashMap<>();
    for (BuildTurns.Build build : turns.builds()) {
      jvms.put(build, buildJvms(build, clusterHome, classData));
    }
    turns.take(new RunShape(settings.scenarios(), settings.operations(), settings.repeat(),
        RunShape.COMPARED_BUILDS, null), (build, repetition) -> {
      BuildJvms own = jvms.get(build);
      List<HarnessDriver.Outcome> outcomes = new ArrayList<>();
      for (DriverRun planned : plan(build.runId(), 1, masterUrl, killWrapper)) {
        DriverRun driverRun = planned.withFirstRepetition(repetition);
        outcomes.add(drive(drivers, new DriverProcess(own.sparkHome(), clusterDir, driverRun, settings.keep(),
            build.jarsUnderTest(), own.classData(), own.executorClasspath(),
            driverRun.group() + "-" + build.label() + "-r" + repetition)));
      }
      return outcomes;
    });
  }

  /** Where a compared build's drivers start from, their class data, and what their executors load first. */
  private record BuildJvms(Path sparkHome, ClassDataSharing classData, String executorClasspath) {}

  /**
   * A build without jars under test runs its drivers on the cluster's SPARK_HOME, with the cluster's archives; a
   * build with some on its own SPARK_HOME ({@link BuildHome}) and archives of its drivers and executors, whose class
   * path starts with copies of its jars that stay where they are across runs.
   */
  private BuildJvms buildJvms(BuildTurns.Build build, Path clusterHome, Map<Path, ClassDataSharing> classData) {
    if (runsOnClusterHome(build, clusterHome)) {
      return new BuildJvms(clusterHome, classData.get(clusterHome), null);
    }
    Home home = home(build.jars(), "-" + build.label());
    ClassDataSharing archives = classData(classData, home,
        EnumSet.of(ClassDataSharing.Role.DRIVER, ClassDataSharing.Role.EXECUTOR), " (" + build.label() + ")");
    String executorClasspath = home.buildHome() != null ? home.buildHome().executorClasspath()
        // Without a build home: copies of this run's own, as a driver restarted on its jars makes them.
        : DriverRelaunch.executorClasspath(clusterDir.resolve("build-" + build.label()), build.jarsUnderTest());
    return new BuildJvms(home.sparkHome(), archives, executorClasspath.isEmpty() ? null : executorClasspath);
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

  /** A run's SPARK_HOME: the given one, or a build's of links; {@code buildHome} is null for the given one. */
  private record Home(Path sparkHome, BuildHome buildHome) {}

  /**
   * The SPARK_HOME of {@code jars}: the given one when nothing changes; else its build's, kept across runs beside
   * the harness's own ({@link BuildHome}); else, when that cannot be written, one of this run's ({@code
   * spark-home<suffix>} in the cluster folder), whose JVMs start without archives.
   */
  private Home home(JarSet jars, String suffix) {
    if (jars.sameAsSparkHome()) {
      return new Home(jars.sparkHome(), null);
    }
    Path own = JarSet.ownSparkHome();
    Optional<BuildHome> kept = own == null ? Optional.empty() : BuildHome.of(jars, own.resolveSibling(BUILD_HOMES));
    return kept.map(b -> new Home(b.sparkHome(), b))
        .orElseGet(() -> new Home(jars.materialize(clusterDir.resolve("spark-home" + suffix)), null));
  }

  /** Whether {@code build} has no jars of its own and so runs its drivers on the cluster's SPARK_HOME. */
  private static boolean runsOnClusterHome(BuildTurns.Build build, Path clusterHome) {
    return build.jars().sameAsSparkHome() && build.jars().sparkHome().equals(clusterHome);
  }

  /** The cluster's JVMs, and the drivers and executors too unless every build runs on a SPARK_HOME of its own. */
  private static Set<ClassDataSharing.Role> clusterRoles(BuildTurns turns, Path clusterHome) {
    boolean driversToo = turns == null || turns.builds().stream()
        .anyMatch(b -> runsOnClusterHome(b, clusterHome));
    return driversToo ? EnumSet.allOf(ClassDataSharing.Role.class)
        : EnumSet.of(ClassDataSharing.Role.MASTER, ClassDataSharing.Role.WORKER);
  }

  /**
   * The class-data archives of the JVMs of {@code roles} that start from {@code home}, kept across runs: beside the
   * given SPARK_HOME, or in a build's folder from the build's second run on. None for a SPARK_HOME of this run only
   * (its paths change every run, so no archive could be used twice). One per SPARK_HOME, said once; {@code whose}
   * names a compared build.
   */
  private ClassDataSharing classData(Map<Path, ClassDataSharing> made, Home home, Set<ClassDataSharing.Role> roles,
      String whose) {
    ClassDataSharing known = made.get(home.sparkHome());
    if (known != null) {
      return known;
    }
    if (home.buildHome() != null && home.buildHome().firstRun()) {
      // Archiving a build's classes costs about a minute after the run: worth it for a build that runs again only.
      Progress.say("class data" + whose + ": none on this build's first run; its next run lists the classes its JVMs"
          + " load and archives them, so the runs after it start faster");
      ClassDataSharing none = ClassDataSharing.off();
      made.put(home.sparkHome(), none);
      return none;
    }
    ClassDataSharing classData = home.buildHome() != null
        ? ClassDataSharing.under(home.buildHome().classDataRoot(), home.sparkHome(), roles)
        : home.sparkHome().equals(settings.jars().sparkHome())
            ? ClassDataSharing.under(home.sparkHome().resolveSibling("class-data"), home.sparkHome(), roles)
            : ClassDataSharing.off();
    made.put(home.sparkHome(), classData);
    if (classData.enabled()) {
      List<ClassDataSharing.Role> archived = classData.archived();
      Progress.say(archived.size() == roles.size()
          ? "class data" + whose + ": every JVM starts from its archive in " + classData.folder().orElseThrow()
          : "class data" + whose + ": archives " + archived + " in " + classData.folder().orElseThrow() + "; the"
              + " other JVMs list the classes they load, and sft archives them after this run (once per build), so"
              + " later runs start faster");
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
