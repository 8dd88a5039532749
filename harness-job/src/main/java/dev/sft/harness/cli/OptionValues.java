package dev.sft.harness.cli;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Validators of option values, shared by the commands; each error names the option. */
final class OptionValues {
  private OptionValues() {}

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

  /** {@code --scenarios}: absent or {@code all} selects {@code all}, otherwise the listed scenarios. */
  static List<ScenarioName> scenarios(String value, List<ScenarioName> all) {
    return value == null || value.trim().equals(WriteOperation.ALL) ? all : ScenarioName.parseList(value);
  }

  /** {@code --operations}: absent selects {@code append}, {@code all} the whole matrix. */
  static List<WriteOperation> operations(String value) {
    return value == null ? List.of(WriteOperation.DEFAULT) : WriteOperation.parseList(value);
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
