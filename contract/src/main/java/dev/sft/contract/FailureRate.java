package dev.sft.contract;

import java.util.Locale;

/**
 * How often a cell failed, with its 95 % Wilson score interval: the interval stays inside [0, 1] and means something
 * at the small counts (20 repetitions, no failure) that flake rates are measured at, where the normal approximation
 * gives [0, 0]. A failure is a repetition that was judged and did not pass (Failed or Known); Unknown repetitions
 * measured nothing and are neither failures nor trials.
 *
 * @param failures repetitions that failed (Failed or Known)
 * @param trials repetitions judged (Passed, Failed or Known)
 * @param estimate failures / trials, 0 without trials
 * @param low the interval's lower bound
 * @param high the interval's upper bound; 1 without trials (nothing is known)
 */
public record FailureRate(int failures, int trials, double estimate, double low, double high) {
  /** The two-sided 95 % quantile of the standard normal distribution. */
  static final double Z95 = 1.959963984540054;

  public static FailureRate wilson(int failures, int trials) {
    if (failures < 0 || trials < 0 || failures > trials) {
      throw new IllegalArgumentException("failures " + failures + " of " + trials + " trials");
    }
    if (trials == 0) {
      return new FailureRate(0, 0, 0, 0, 1);
    }
    double n = trials;
    double p = failures / n;
    double z2 = Z95 * Z95;
    double denominator = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / denominator;
    double half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
    // Clamped, as rounding can put a bound a hair outside [0, 1] at 0 or n failures.
    return new FailureRate(failures, trials, p, Math.max(0, centre - half), Math.min(1, centre + half));
  }

  /**
   * The one-sided 95 % upper bound on the failure rate that {@code trials} passing repetitions and no failure
   * support: the rate r at which passing all of them has a 5 % chance, (1 - r)^n = 0.05.
   */
  public static double zeroFailureUpperBound(int trials) {
    if (trials <= 0) {
      return 1;
    }
    return 1 - Math.pow(0.05, 1.0 / trials);
  }

  /** E.g. {@code 5.0 % [1.2 %, 18.0 %]}; {@code -} without trials. */
  public String describe() {
    if (trials == 0) {
      return "-";
    }
    return percent(estimate) + " [" + percent(low) + ", " + percent(high) + "]";
  }

  /** A fraction as a percentage with one decimal, e.g. {@code 13.9 %}. */
  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
  }
}
