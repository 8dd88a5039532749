package dev.sft.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The single definition of the scenario names that the CLI, the report, the custom resource and the docs use.
 * Each scenario knows whether it needs {@code spark.speculation} on, because speculation is fixed when the
 * SparkContext is created and so decides which driver run a scenario belongs to.
 */
public enum ScenarioName {
  SPECULATION_ORIGINAL_WINS("speculation-original-wins", true),
  SPECULATION_SPECULATIVE_WINS("speculation-speculative-wins", true),
  EXECUTOR_LOSS_TASK_REPLACEMENT("executor-loss-task-replacement", false),
  EXECUTOR_LOSS_SHUFFLE_LOSS("executor-loss-shuffle-loss", false),
  /** Beyond the reference suite: the executor dies after its data writer committed, before the result is sent. */
  EXECUTOR_LOSS_AFTER_HANDOFF("executor-loss-after-handoff", false);

  /** The word that selects every scenario in a list, e.g. {@code --scenarios all}. */
  public static final String ALL = "all";

  private final String id;
  private final boolean needsSpeculation;

  ScenarioName(String id, boolean needsSpeculation) {
    this.id = id;
    this.needsSpeculation = needsSpeculation;
  }

  /** The name users type and reports carry, e.g. {@code speculation-original-wins}. */
  public String id() {
    return id;
  }

  public boolean needsSpeculation() {
    return needsSpeculation;
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
