package dev.sft.contract.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one parser of every time flag of both CLIs, so {@code sft local} and {@code sft k8s} read the same words. */
public final class Durations {
  private static final Pattern DURATION = Pattern.compile("[0-9]+|([0-9]+(h|ms|m|s))+");
  private static final Pattern DURATION_PART = Pattern.compile("([0-9]+)(h|ms|m|s)");

  private Durations() {}

  /**
   * A duration as kubectl writes them: {@code 90s}, {@code 30m}, {@code 2h}, {@code 1h30m}, {@code 500ms}, or plain
   * seconds; positive.
   *
   * @throws IllegalArgumentException naming {@code option} when {@code value} is not one
   */
  public static Duration parse(String option, String value) {
    String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    Matcher whole = DURATION.matcher(v);
    if (v.isEmpty() || !whole.matches()) {
      throw new IllegalArgumentException(option + " must be a duration such as 90s, 30m, 2h or 1h30m, got '"
          + value + "'");
    }
    if (v.chars().allMatch(Character::isDigit)) {
      return positive(option, Duration.ofSeconds(Long.parseLong(v)), value);
    }
    Duration total = Duration.ZERO;
    Matcher part = DURATION_PART.matcher(v);
    while (part.find()) {
      long amount = Long.parseLong(part.group(1));
      total = total.plus(switch (part.group(2)) {
        case "h" -> Duration.ofHours(amount);
        case "m" -> Duration.ofMinutes(amount);
        case "s" -> Duration.ofSeconds(amount);
        default -> Duration.ofMillis(amount);
      });
    }
    return positive(option, total, value);
  }

  private static Duration positive(String option, Duration duration, String value) {
    if (duration.isZero()) {
      throw new IllegalArgumentException(option + " must be longer than zero, got '" + value + "'");
    }
    return duration;
  }
}
