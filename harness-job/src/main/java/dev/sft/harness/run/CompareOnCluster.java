package dev.sft.harness.run;

import dev.sft.contract.DriverRun;
import dev.sft.contract.RunShape;
import dev.sft.contract.HarnessEnvironment;
import dev.sft.harness.jars.JarSet;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sft run --compare} against a Standalone cluster the user runs: the driver run taken in turns by two builds
 * ({@link BuildTurns}), each turn a driver JVM of its own on its build's SPARK_HOME of links, whose executors take the
 * build's jars first from copies on the shared root ({@link DriverRelaunch}). The cluster's own jars are the same for
 * both builds, so every jar under test must be one this driver's executors load from those copies.
 */
public final class CompareOnCluster {
  private final DriverRunOptions options;
  private final BuildTurns turns;

  public CompareOnCluster(DriverRunOptions options, JarSet baseline, JarSet candidate) {
    this.options = options;
    this.turns = new BuildTurns(options.runId(), baseline, candidate);
  }

  public BuildTurns.Compared run() {
    String startedAt = Instant.now().toString();
    Map<BuildTurns.Build, Path> homes = turns.sparkHomes(options.runDir());
    DriverRun compared = options.driverRun();
    turns.take(new RunShape(compared.scenarios(), compared.operations(), compared.repeat(),
        RunShape.COMPARED_BUILDS, null), (build, repetition) -> List.of(
        turn(build, homes.get(build), compared.turn(build.runId(), repetition))));
    return turns.finish(Path.of(options.driverRun().sharedRoot()), options.runId(), startedAt, options.keepFixtures());
  }

  /** One driver JVM for one build's repetition; a driver that leaves no report counts it as Unknown. */
  private HarnessDriver.Outcome turn(BuildTurns.Build build, Path home, DriverRun driverRun) {
    List<String> args = new ArrayList<>(driverRun.arguments());
    args.addAll(List.of("--ship-jars", String.valueOf(options.shipJars())));
    if (options.executorClasspath() != null) {
      args.addAll(List.of("--executor-classpath", options.executorClasspath()));
    }
    options.extraConf().forEach((key, value) -> args.addAll(List.of("--conf", key + "=" + value)));
    if (options.keepFixtures()) {
      args.add("--keep");
    }
    for (Path jar : build.jarsUnderTest()) {
      args.addAll(List.of("--jar", jar.toString()));
    }
    // A driver started by sft: no table of its own; its executors take its jars under test first.
    Map<String, String> env = new HashMap<>(Map.of(HarnessEnvironment.LOCAL_DRIVER, "1"));
    if (!build.jarsUnderTest().isEmpty()) {
      env.put(DriverRelaunch.APPLIED, "1");
    }
    int exit = DriverRelaunch.start(home, args, env);
    String evidence = Path.of(driverRun.report()).getParent().toString();
    return DriverProcess.collect(driverRun, exit, evidence,
        "the " + build.label() + " driver exited with code " + exit + " without a report");
  }
}
