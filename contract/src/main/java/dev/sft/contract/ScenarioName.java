package dev.sft.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The single definition of the scenario names that the CLI, the report, the custom resource and the docs use.
 * Each scenario knows whether it needs {@code spark.speculation} on, because speculation is fixed when the
 * SparkContext is created and so decides which driver run a scenario belongs to, and whether it is one of the
 * reference suite's four, which run by default; {@value #ALL} runs every scenario.
 */
public enum ScenarioName {
  SPECULATION_ORIGINAL_WINS("speculation-original-wins", true, true),
  SPECULATION_SPECULATIVE_WINS("speculation-speculative-wins", true, true),
  EXECUTOR_LOSS_TASK_REPLACEMENT("executor-loss-task-replacement", false, true),
  EXECUTOR_LOSS_SHUFFLE_LOSS("executor-loss-shuffle-loss", false, true),
  /** Beyond the reference suite: the executor dies after its data writer committed, before the result is sent. */
  EXECUTOR_LOSS_AFTER_HANDOFF("executor-loss-after-handoff", false, false);

  /** The word that selects every scenario, e.g. {@code --scenarios all}. */
  public static final String ALL = "all";

  private final String id;
  private final boolean needsSpeculation;
  private final boolean reference;

  ScenarioName(String id, boolean needsSpeculation, boolean reference) {
    this.id = id;
    this.needsSpeculation = needsSpeculation;
    this.reference = reference;
  }

  /** The name users type and reports carry, e.g. {@code speculation-original-wins}. */
  public String id() {
    return id;
  }

  public boolean needsSpeculation() {
    return needsSpeculation;
  }

  /** One of the reference suite's four scenarios: the default set, so the reference run stays what it was. */
  public boolean reference() {
    return reference;
  }

  /** What runs when no scenario is named: the reference suite's four, in canonical order. */
  public static List<ScenarioName> defaults() {
    return Arrays.stream(values()).filter(ScenarioName::reference).toList();
  }

  @Override
  public String toString() {
    return id;
  }

  public static ScenarioName fromId(String id) {
    String wanted = id == null ? "" : id.trim();
    for (ScenarioName name : values()) {
      if (name.id.equals(wanted)) {
        return name;
      }
    }
    throw new IllegalArgumentException(
        "unknown scenario '" + wanted + "'; valid scenarios: " + allIds() + " (or " + ALL + " alone)");
  }

  /**
   * Parses a comma-separated list, keeping the order given and rejecting duplicates and unknown names; {@value #ALL}
   * alone is every scenario.
   */
  public static List<ScenarioName> parseList(String commaSeparated) {
    if (commaSeparated.trim().equals(ALL)) {
      return List.of(values());
    }
    List<ScenarioName> names = new ArrayList<>();
    for (String part : commaSeparated.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      ScenarioName name = fromId(part);
      if (names.contains(name)) {
        throw new IllegalArgumentException("scenario '" + name.id + "' is listed twice");
      }
      names.add(name);
    }
    if (names.isEmpty()) {
      throw new IllegalArgumentException("no scenario given; valid scenarios: " + allIds());
    }
    return names;
  }

  public static String allIds() {
    return Arrays.stream(values()).map(ScenarioName::id).collect(Collectors.joining(", "));
  }
}
