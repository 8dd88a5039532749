package dev.sft.contract;

import java.time.Duration;

/**
 * A soak: the selected cells repeated round after round until a repetition fails or a bound is reached
 * ({@code --until-failure} with {@code --max-repeat} and/or {@code --max-time}). Round after round, not cell after
 * cell, so every cell has run as often as the others when it stops.
 *
 * <p>One soak spread over several Spark clusters ({@code spec.parallelism}) interleaves its rounds: the share that
 * starts at round {@code first} ({@code --first-repetition}) runs rounds {@code first}, {@code first + stride}, … up to
 * {@code maxRepeat}, so the shares' round numbers are disjoint and cover 1 to {@code maxRepeat}, and the first share to
 * stop at a failure writes {@code sharedEnd}, which every share looks for before each round.
 *
 * @param maxRepeat the most rounds, 0 for no bound on rounds; the highest round number of a spread soak
 * @param maxTime no round starts after this much time from the driver's start, null for no bound on time
 * @param stride the distance between this share's round numbers: 1 for a soak on one cluster, else the clusters'
 *     count ({@code --soak-stride})
 * @param sharedEnd the file that ends every share's soak once one stopped at a failure ({@code --soak-end-file}):
 *     needed with a stride above 1, and also ends the later driver runs of a soak the controller runs Job by Job;
 *     null for none
 */
public record Soak(int maxRepeat, Duration maxTime, int stride, String sharedEnd) {
  public static final String UNTIL_FAILURE_OPTION = "--until-failure";
  public static final String MAX_REPEAT_OPTION = "--max-repeat";
  public static final String MAX_TIME_OPTION = "--max-time";
  public static final String STRIDE_OPTION = "--soak-stride";
  public static final String SHARED_END_OPTION = "--soak-end-file";
  /** The name of the controller's shared end file, in the run's (its first cluster's) folder. */
  public static final String SHARED_END_FILE = "soak-end.txt";

  public Soak {
    if (maxRepeat < 0) {
      throw new IllegalArgumentException(MAX_REPEAT_OPTION + " must be at least 1, got " + maxRepeat);
    }
    if (maxTime != null && (maxTime.isZero() || maxTime.isNegative())) {
      throw new IllegalArgumentException(MAX_TIME_OPTION + " must be positive, got " + maxTime);
    }
    if (maxRepeat == 0 && maxTime == null) {
      throw new IllegalArgumentException(UNTIL_FAILURE_OPTION + " needs a bound: " + MAX_REPEAT_OPTION + " N and/or "
          + MAX_TIME_OPTION + " DURATION (e.g. 30m)");
    }
    if (stride < 1) {
      throw new IllegalArgumentException(STRIDE_OPTION + " must be at least 1, got " + stride);
    }
    if (stride > 1 && sharedEnd == null) {
      throw new IllegalArgumentException(STRIDE_OPTION + " needs " + SHARED_END_OPTION + ": the shares of a soak"
          + " spread over several clusters end together");
    }
  }

  /** A soak on one cluster. */
  public Soak(int maxRepeat, Duration maxTime) {
    this(maxRepeat, maxTime, 1, null);
  }

  /**
   * The share of this soak that one of {@code clusters} clusters runs in one driver run, all ending at
   * {@code sharedEnd}, each starting no round after {@code maxTime}.
   */
  public Soak share(int clusters, Duration maxTime, String sharedEnd) {
    return new Soak(maxRepeat, maxTime, clusters, sharedEnd);
  }

  /** The most rounds the share starting at {@code first} runs; empty when only time bounds it. */
  public java.util.OptionalInt rounds(int first) {
    return maxRepeat == 0 ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(rounds(maxRepeat, first, stride));
  }

  /** How many of the rounds 1 to {@code maxRepeat} a share starting at {@code first}, every {@code stride}-th, runs. */
  static int rounds(int maxRepeat, int first, int stride) {
    return first > maxRepeat ? 0 : (maxRepeat - first) / stride + 1;
  }

  /**
   * Whether this repetition, classified by the known findings, ends the soak: Failed or Unknown. A Known one goes on:
   * the user acknowledged that finding and soaks for new ones (it still counts as a failure of its cell's rate).
   */
  public static boolean ends(ScenarioResult classified) {
    Verdict outcome = classified.outcome();
    return outcome == Verdict.Failed || outcome == Verdict.Unknown;
  }

  /** Whether round {@code round} (from 1) may start {@code elapsed} after the driver's start. */
  public boolean mayStart(int round, Duration elapsed) {
    return (maxRepeat == 0 || round <= maxRepeat) && (maxTime == null || elapsed.compareTo(maxTime) < 0);
  }

  /** The same soak with at most this much time, e.g. one driver run's share of the whole soak's. */
  public Soak withMaxTime(Duration time) {
    return new Soak(maxRepeat, time, stride, sharedEnd);
  }

  /** The bounds as options, e.g. {@code --max-repeat 50 --max-time 30m}. */
  public String describe() {
    return ((maxRepeat > 0 ? MAX_REPEAT_OPTION + " " + maxRepeat : "") + (maxRepeat > 0 && maxTime != null ? " " : "")
        + (maxTime != null ? MAX_TIME_OPTION + " " + format(maxTime) : "")).trim();
  }

  /** Whole seconds as {@code sft} options write durations ({@code 90s} is {@code 1m30s}, {@code 1h30m}). */
  public static String format(Duration duration) {
    long s = duration.toSeconds();
    String text = (s >= 3600 ? s / 3600 + "h" : "") + (s % 3600 >= 60 ? s % 3600 / 60 + "m" : "")
        + (s % 60 > 0 ? s % 60 + "s" : "");
    return text.isEmpty() ? "0s" : text;
  }
}
