package dev.sft.harness.cli;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Validators of option values, shared by the commands; each error names the option. */
final class OptionValues {
  /**
   * Option descriptions name the known scenario and operation ids through picocli's {@code ${sys:...}} (annotation
   * values must be constants): these are the properties, set by {@link #publishKnownIds}.
   */
  private static final String SCENARIOS_PROPERTY = "sft.scenarios.all";
  private static final String OPERATIONS_PROPERTY = "sft.operations.all";
  static final String KNOWN_SCENARIOS = "${sys:" + SCENARIOS_PROPERTY + "}";
  static final String KNOWN_OPERATIONS = "${sys:" + OPERATIONS_PROPERTY + "}";

  private static final Pattern DURATION = Pattern.compile("[0-9]+|([0-9]+(h|ms|m|s))+");
  private static final Pattern DURATION_PART = Pattern.compile("([0-9]+)(h|ms|m|s)");

  private OptionValues() {}

  /** Sets the properties {@link #KNOWN_SCENARIOS} and {@link #KNOWN_OPERATIONS} read; each command calls it first. */
  static void publishKnownIds() {
    System.setProperty(SCENARIOS_PROPERTY, ScenarioName.allIds());
    System.setProperty(OPERATIONS_PROPERTY, WriteOperation.allIds());
  }

  static int positive(String option, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(option + " must be at least 1, got " + value);
    }
    return value;
  }

  static boolean parseBoolean(String option, String value) {
    String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException(option + " must be true or false, got '" + value + "'");
    };
  }

  /**
   * {@code --scenarios} of a run whose scenarios must satisfy {@code inRun}: absent selects the reference suite's
   * scenarios among them, {@code all} every one of them, otherwise the listed scenarios.
   */
  static List<ScenarioName> scenarios(String value, java.util.function.Predicate<ScenarioName> inRun) {
    if (value == null) {
      return ScenarioName.defaults().stream().filter(inRun).toList();
    }
    if (value.trim().equals(ScenarioName.ALL)) {
      // Every failure scenario; the control cells come with --control.
      return ScenarioName.faults().stream().filter(inRun).toList();
    }
    return ScenarioName.parseList(value);
  }

  /** {@code --operations}: absent selects {@code append}, {@code all} the whole matrix. */
  static List<WriteOperation> operations(String value) {
    return value == null ? List.of(WriteOperation.DEFAULT) : WriteOperation.parseList(value);
  }

  /**
   * A duration as kubectl writes them: {@code 90s}, {@code 30m}, {@code 2h}, {@code 1h30m}, {@code 500ms}, or plain
   * seconds; positive.
   */
  static Duration duration(String option, String value) {
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

  static Map<String, String> parseConf(List<String> entries) {
    Map<String, String> conf = new LinkedHashMap<>();
    for (String entry : entries) {
      int eq = entry.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--conf '" + entry + "' is not KEY=VALUE");
      }
      conf.put(entry.substring(0, eq).trim(), entry.substring(eq + 1));
    }
    return conf;
  }
}
