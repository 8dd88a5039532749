package dev.sft.harness.cli;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.Soak;
import dev.sft.harness.driver.Progress;
import dev.sft.harness.jars.JarSet;
import dev.sft.harness.report.ComparisonFiles;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that compare two builds, the same for {@code sft local} and {@code sft run}. */
final class CompareOptions {
  @Option(names = "--baseline-jar", paramLabel = "<jar>", description = "a jar of the baseline build (repeatable), matched to modules as"
      + " --jar is: every selected cell then runs on both builds on one cluster, taking turns repetition by"
      + " repetition, and the run ends with a comparison of the two (exit 1 on a regression, or a cell inconclusive about an invariant finding)")
  List<Path> baselineJars = List.of();

  @Option(names = "--compare", negatable = true, description = "compare the --jar build with a baseline: the --baseline-jar build, or"
      + " without one the released jars")
  boolean compare;

  /** Whether a comparison is asked for. */
  boolean asked() {
    return compare || !baselineJars.isEmpty();
  }

  /** Refuses a comparison without a build to compare, and one with a soak. */
  void check(List<Path> candidateJars, Soak soak) {
    if (candidateJars.isEmpty() && baselineJars.isEmpty()) {
      throw new IllegalArgumentException("--compare needs a build to compare: --jar CANDIDATE.jar, and"
          + " --baseline-jar BASELINE.jar unless the baseline is the released jars");
    }
    if (soak != null) {
      throw new IllegalArgumentException("--compare and --until-failure exclude each other: compare with --repeat N");
    }
  }

  /** The baseline build, or null when no comparison is asked for (see {@link #check}). */
  JarSet baseline(Path sparkHome, Path harnessHome, List<Path> candidateJars, Soak soak) {
    if (!asked()) {
      return null;
    }
    check(candidateJars, soak);
    JarSet baseline = JarSet.resolve(sparkHome, harnessHome, baselineJars);
    baseline.matches("--baseline-jar").forEach(Progress::say);
    return baseline;
  }

  /** The comparison's table and where its files are. */
  static void print(BuildComparison comparison, Path comparisonFile) {
    System.out.print("\n" + ComparisonTable.render(comparison));
    System.out.println("comparison: " + comparisonFile + " (also " + ComparisonFiles.JUNIT + ", "
        + ComparisonFiles.HTML + "); each build's report: " + comparison.baseline().runId() + "/ and "
        + comparison.candidate().runId() + "/ beside it");
  }
}
