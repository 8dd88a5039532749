package dev.sft.contract;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one syntax of a time flag's value, for every command of the harness and the {@code sft k8s} client: a plain
 * number of seconds ({@code 180}), kubectl's units ({@code 90s}, {@code 5m}, {@code 2h}, {@code 1h30m},
 * {@code 500ms}), or ISO-8601 ({@code PT5M}). Zero is a duration; whether a flag allows it is the flag's own rule.
 */
public final class FlagDuration {
  private static final Pattern UNITS = Pattern.compile("([0-9]+(h|ms|m|s))+");
  private static final Pattern UNIT = Pattern.compile("([0-9]+)(h|ms|m|s)");
  /** Long.MAX_VALUE seconds would overflow Duration's arithmetic long before anyone means it. */
  private static final int MAX_DIGITS = 12;

  /** How the syntax is named in error messages and help. */
  public static final String EXAMPLES = "90s, 5m, 1h30m, PT5M or a number of seconds";

  private FlagDuration() {}

  /** The duration {@code text} writes; an {@link IllegalArgumentException} naming the accepted forms otherwise. */
  public static Duration parse(String text) {
    String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (value.matches("[0-9]{1," + MAX_DIGITS + "}")) {
      return Duration.ofSeconds(Long.parseLong(value));
    }
    if (value.startsWith("p")) {
      try {
        Duration iso = Duration.parse(value.toUpperCase(Locale.ROOT));
        if (!iso.isNegative()) {
          return iso;
        }
      } catch (DateTimeParseException e) {
        // Not ISO-8601 either: the error below names every form.
      }
      throw notADuration(text);
    }
    if (!UNITS.matcher(value).matches()) {
      throw notADuration(text);
    }
    Duration total = Duration.ZERO;
    Matcher unit = UNIT.matcher(value);
    while (unit.find()) {
      if (unit.group(1).length() > MAX_DIGITS) {
        throw notADuration(text);
      }
      long amount = Long.parseLong(unit.group(1));
      total = total.plus(switch (unit.group(2)) {
        case "h" -> Duration.ofHours(amount);
        case "m" -> Duration.ofMinutes(amount);
        case "s" -> Duration.ofSeconds(amount);
        default -> Duration.ofMillis(amount);
      });
    }
    return total;
  }

  private static IllegalArgumentException notADuration(String text) {
    return new IllegalArgumentException("'" + text + "' is not a duration (" + EXAMPLES + ")");
  }
}
