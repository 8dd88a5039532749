package dev.sft.harness.cli;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  /** A time flag that must be longer than zero. */
  static Duration positive(String option, Duration duration) {
    if (duration.isZero()) {
      throw new IllegalArgumentException(option + " must be longer than zero");
    }
    return duration;
  }

  /** A time flag whose setting counts whole seconds (a driver run's bounds), as that count. */
  static int wholeSeconds(String option, Duration duration) {
    if (duration.toNanosPart() != 0 || duration.getSeconds() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(option + " counts whole seconds, got " + duration.toMillis() + "ms");
    }
    return (int) duration.getSeconds();
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
