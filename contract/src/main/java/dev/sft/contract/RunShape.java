package dev.sft.contract;

import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * How many cells and repetitions a run means: the one place that reads {@code repeat}, for the controller (a run's
 * {@code status.total}, each Job's cells and deadline) and the harness (which repetitions a driver run executes, how
 * many rounds two builds take turns). A cell is a scenario under one write operation; each family's control is a
 * scenario of its own ({@link ScenarioName#withControls}), so it runs {@code repeat} times like every other cell. The
 * writer is one per run and changes no count.
 *
 * @param scenarios the scenarios, controls included
 * @param operations the write operations every scenario runs under (default: {@link WriteOperation#DEFAULT})
 * @param repeat repetitions of each cell, per build ({@link #MIN_REPEAT} to {@link #MAX_REPEAT}); 1 for a soak
 * @param builds {@link #ONE_BUILD}, or {@link #COMPARED_BUILDS} when two builds are compared, each running every cell
 *     {@code repeat} times
 * @param soak the soak's bounds, or null for {@code repeat} repetitions of each cell
 */
public record RunShape(List<ScenarioName> scenarios, List<WriteOperation> operations, int repeat, int builds,
    Soak soak) {
  /** The fewest repetitions of a cell: {@code --repeat} and {@code spec.repeat} alike. */
  public static final int MIN_REPEAT = 1;
  /** The most repetitions of a cell: {@code --repeat} and {@code spec.repeat} alike (a compact report's counts fit). */
  public static final int MAX_REPEAT = 100;
  public static final int ONE_BUILD = 1;
  public static final int COMPARED_BUILDS = 2;

  public RunShape {
    scenarios = scenarios.stream().distinct().toList();
    operations = operations == null || operations.isEmpty() ? List.of(WriteOperation.DEFAULT)
        : operations.stream().distinct().toList();
    requireRepeat("--repeat", repeat);
    if (builds != ONE_BUILD && builds != COMPARED_BUILDS) {
      throw new IllegalArgumentException("a run has " + ONE_BUILD + " or " + COMPARED_BUILDS + " builds, got "
          + builds);
    }
    if (soak != null && repeat != 1) {
      throw new IllegalArgumentException("--repeat and " + Soak.UNTIL_FAILURE_OPTION + " exclude each other: bound the"
          + " soak with " + Soak.MAX_REPEAT_OPTION + " N and/or " + Soak.MAX_TIME_OPTION + " DURATION");
    }
    if (soak != null && builds != ONE_BUILD) {
      throw new IllegalArgumentException("a comparison of two builds and " + Soak.UNTIL_FAILURE_OPTION
          + " exclude each other");
    }
  }

  /** A run of one build, no soak. */
  public static RunShape of(List<ScenarioName> scenarios, List<WriteOperation> operations, int repeat) {
    return new RunShape(scenarios, operations, repeat, ONE_BUILD, null);
  }

  /**
   * The one check of a repetition count where it enters ({@code --repeat}, {@code spec.repeat}), under the name the
   * user gave it.
   *
   * @return {@code repeat}
   */
  public static int requireRepeat(String name, int repeat) {
    if (repeat < MIN_REPEAT || repeat > MAX_REPEAT) {
      throw new IllegalArgumentException(name + " must be " + MIN_REPEAT + " to " + MAX_REPEAT + ", got " + repeat);
    }
    return repeat;
  }

  /** The same run of these scenarios only, one build: what one driver run (one harness Job) executes. */
  public RunShape driverRun(List<ScenarioName> group) {
    return new RunShape(group, operations, repeat, ONE_BUILD, soak);
  }

  /** Scenarios × operations, one build's. */
  public int cells() {
    return scenarios.size() * operations.size();
  }

  /**
   * Every repetition the run is to report, over both builds when it compares two; for a soak, the most its rounds
   * bound allows, and empty when only time bounds it (no count is known ahead).
   */
  public OptionalInt total() {
    if (soak == null) {
      return OptionalInt.of(cells() * repeat * builds);
    }
    return soak.maxRepeat() == 0 ? OptionalInt.empty() : OptionalInt.of(cells() * soak.maxRepeat());
  }

  /**
   * One Spark cluster's share of each cell's repetitions ({@code spec.parallelism}): {@code repeat} of them numbered
   * from {@code first}; of a soak's rounds, {@code repeat} of them from {@code first}, every {@code clusters}-th.
   */
  public record Share(int first, int repeat) {}

  /**
   * The repetitions of each cell (numbered from 1) dealt out to {@code clusters} clusters: cluster {@code k} gets the
   * {@code k}-th of as many consecutive blocks, their sizes differing by one at most, so the numbers are disjoint and
   * cover 1 to {@code repeat}. A comparison deals both builds alike, so a repetition pair runs on one cluster.
   */
  public List<Share> dealt(int clusters) {
    if (soak != null) {
      return dealtRounds(clusters);
    }
    if (clusters < 1 || clusters > repeat) {
      throw new IllegalArgumentException("repetitions are dealt to 1 to repeat (" + repeat + ") clusters, got "
          + clusters);
    }
    return IntStream.range(0, clusters)
        .mapToObj(k -> new Share(1 + k * repeat / clusters, (k + 1) * repeat / clusters - k * repeat / clusters))
        .toList();
  }

  /**
   * A soak's rounds dealt out to {@code clusters} clusters in turn ({@link Soak}): cluster {@code k} starts at round
   * {@code k + 1} and runs every {@code clusters}-th up to the round bound; its share's {@code repeat} is how many.
   */
  private List<Share> dealtRounds(int clusters) {
    if (clusters < 1 || clusters > soak.maxRepeat()) {
      throw new IllegalArgumentException("a soak's rounds are dealt to 1 to " + Soak.MAX_REPEAT_OPTION + " ("
          + soak.maxRepeat() + ") clusters, got " + clusters);
    }
    return IntStream.range(0, clusters)
        .mapToObj(k -> new Share(k + 1, Soak.rounds(soak.maxRepeat(), k + 1, clusters)))
        .toList();
  }

  /**
   * The numbers of the repetitions of each cell, one build's, counted from {@code first}: a driver run numbered on
   * (two builds taking turns, one repetition per turn) starts at its turn's number.
   */
  public List<Integer> repetitionNumbers(int first) {
    return IntStream.range(first, first + repeat).boxed().toList();
  }
}
