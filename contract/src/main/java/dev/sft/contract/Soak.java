package dev.sft.contract;

import java.time.Duration;

/**
 * A soak: the selected cells repeated round after round until a repetition fails or a bound is reached
 * ({@code --until-failure} with {@code --max-repeat} and/or {@code --max-time}). Round after round, not cell after
 * cell, so every cell has run as often as the others when it stops.
 *
 * @param maxRepeat the most rounds, 0 for no bound on rounds
 * @param maxTime no round starts after this much time from the driver's start, null for no bound on time
 */
public record Soak(int maxRepeat, Duration maxTime) {
  public static final String UNTIL_FAILURE_OPTION = "--until-failure";
  public static final String MAX_REPEAT_OPTION = "--max-repeat";
  public static final String MAX_TIME_OPTION = "--max-time";

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
    return new Soak(maxRepeat, time);
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
