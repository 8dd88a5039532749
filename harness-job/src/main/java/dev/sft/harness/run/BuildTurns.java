package dev.sft.harness.run;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.RunShape;
import dev.sft.contract.Report;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunMerge;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.jars.JarSet;
import dev.sft.harness.report.ComparisonFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two builds compared on one cluster, taking turns repetition by repetition (baseline, then candidate), so that
 * warm-up and the machine's drift fall on both alike. A turn is every driver run one build needs for one repetition;
 * how a turn runs is the caller's ({@code sft local}: a driver JVM beside its own cluster; {@code sft run}: a driver
 * JVM restarted on the build's jars). Each build's evidence and report go under a run id of its own.
 */
public final class BuildTurns {
  public static final String BASELINE = BuildComparison.BASELINE;
  public static final String CANDIDATE = BuildComparison.CANDIDATE;

  /** A build under comparison: its label, the run id its evidence goes under, and the jars it replaces. */
  public record Build(String label, String runId, JarSet jars) {
    public List<Path> jarsUnderTest() {
      return jars.jarsUnderTest();
    }
  }

  /** Runs one repetition of one build: every driver run it needs, in order. */
  @FunctionalInterface
  public interface Turn {
    List<HarnessDriver.Outcome> take(Build build, int repetition);
  }

  /** The comparison, where it was written, the candidate's merged report and the exit code of the whole run. */
  public record Compared(BuildComparison comparison, Path comparisonFile, Report candidate, RunExitCode exitCode) {}

  private final List<Build> builds;
  private final Map<Build, List<Report>> parts = new LinkedHashMap<>();
  private final List<RunExitCode> partCodes = new ArrayList<>();

  public BuildTurns(String runId, JarSet baseline, JarSet candidate) {
    builds = List.of(new Build(BASELINE, BuildComparison.buildRunId(runId, BASELINE), baseline),
        new Build(CANDIDATE, BuildComparison.buildRunId(runId, CANDIDATE), candidate));
    builds.forEach(b -> parts.put(b, new ArrayList<>()));
  }

  public List<Build> builds() {
    return builds;
  }

  /** Each build's SPARK_HOME of links for its drivers, made once under {@code dir} ({@code spark-home-<label>}). */
  public Map<Build, Path> sparkHomes(Path dir) {
    Map<Build, Path> homes = new LinkedHashMap<>();
    builds.forEach(build -> homes.put(build, build.jars().materialize(dir.resolve("spark-home-" + build.label()))));
    return homes;
  }

  /**
   * Takes the turns of each repetition of the comparison's {@code shape}: for each repetition, the baseline's turn
   * then the candidate's; a turn that fails to judge does not stop the others.
   */
  public void take(RunShape shape, Turn turn) {
    for (int repetition : shape.repetitionNumbers(1)) {
      for (Build build : builds) {
        Progress.say("compare: repetition " + repetition + " of " + shape.repeat() + ", " + build.label() + "'s turn");
        for (HarnessDriver.Outcome outcome : turn.take(build, repetition)) {
          parts.get(build).add(outcome.report());
          partCodes.add(outcome.exitCode());
        }
      }
    }
  }

  /** Whether every driver run judged its scenarios (none stopped at its preflight or on infrastructure). */
  public boolean judged() {
    return partCodes.stream().allMatch(RunMerge::judged);
  }

  /**
   * Each build's report merged and written under its run id in {@code shared}, then the comparison of the two,
   * written in {@code shared}/{@code runId}. A driver that could not judge decides the exit; otherwise a regression.
   */
  public Compared finish(Path shared, String runId, String startedAt, boolean keep) {
    List<Report> merged = new ArrayList<>();
    for (Build build : builds) {
      merged.add(MergedReport.write(shared.resolve(build.runId()), build.runId(), parts.get(build), startedAt, keep));
    }
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build(BASELINE, merged.get(0).runId(), merged.get(0).jars()), merged.get(0),
        new BuildComparison.Build(CANDIDATE, merged.get(1).runId(), merged.get(1).jars()), merged.get(1));
    Path comparisonFile = shared.resolve(runId).resolve(ComparisonFiles.JSON);
    ComparisonFiles.write(comparison, comparisonFile);
    RunExitCode exit = RunMerge.exitCode(partCodes,
        comparison.failed() ? RunExitCode.SCENARIO_NOT_PASSED : RunExitCode.PASSED);
    return new Compared(comparison, comparisonFile, merged.get(1), exit);
  }
}
