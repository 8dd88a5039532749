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
  EXECUTOR_LOSS_AFTER_HANDOFF("executor-loss-after-handoff", false, false),
  /**
   * The control of the speculation family: the speculation scenarios' table and write, in their speculation-on driver
   * run, with nothing held and no speculative attempt forced. See {@link #family}.
   */
  CONTROL_SPECULATION("control-speculation", true, false),
  /** The control of the executor-loss family: the loss table, the write with no pause and no kill. */
  CONTROL_EXECUTOR_LOSS("control-executor-loss", false, false),
  /** The control of shuffle loss: its shuffle stage before the write, with no reducer held and no kill. */
  CONTROL_SHUFFLE_LOSS("control-shuffle-loss", false, false);

  /** The word that selects every scenario, e.g. {@code --scenarios all}. */
  public static final String ALL = "all";
  /**
   * The families a known finding may name instead of one scenario ({@link KnownFinding#scenario}): every scenario whose
   * id starts with the family and a dash, so that one entry covers both speculation scenarios ({@code control}: every
   * family's control).
   */
  public static final List<String> FAMILIES = List.of("speculation", "executor-loss", "control");

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

  /**
   * The family a finding's fingerprint names ({@code speculation}, {@code executor-loss}, or a control's own id, as
   * each control is a write of its own): scenarios of one family write the same table under the same kind of fault,
   * so one of their findings is one defect.
   */
  public String family() {
    return control() ? id : needsSpeculation ? "speculation" : "executor-loss";
  }

  /**
   * Whether this is a fault-free baseline (a control cell) rather than a failure scenario: the same write as its
   * family's failure scenarios, on the same table and plan, with no fault. Selected by {@code --control} or
   * {@code spec.control}, or by name; it runs {@code --repeat} times like any cell, so a finding that shows in some
   * runs can be counted, and is judged by the same storage rules. Not one of {@value #ALL}: a baseline, not a failure.
   */
  public boolean control() {
    return this == CONTROL_SPECULATION || this == CONTROL_EXECUTOR_LOSS || this == CONTROL_SHUFFLE_LOSS;
  }

  /**
   * The control cell of this scenario's family (for a control, itself): the write a finding of this scenario is set
   * against. Speculation runs on the speculation table in the speculation-on driver run; task replacement and loss
   * after handoff write the loss table straight from the source; shuffle loss writes through a shuffle stage.
   */
  public ScenarioName familyControl() {
    return switch (this) {
      case SPECULATION_ORIGINAL_WINS, SPECULATION_SPECULATIVE_WINS, CONTROL_SPECULATION -> CONTROL_SPECULATION;
      case EXECUTOR_LOSS_TASK_REPLACEMENT, EXECUTOR_LOSS_AFTER_HANDOFF, CONTROL_EXECUTOR_LOSS -> CONTROL_EXECUTOR_LOSS;
      case EXECUTOR_LOSS_SHUFFLE_LOSS, CONTROL_SHUFFLE_LOSS -> CONTROL_SHUFFLE_LOSS;
    };
  }

  /** {@code selected} with the control of each family among it added (once each, in canonical order). */
  public static List<ScenarioName> withControls(List<ScenarioName> selected) {
    List<ScenarioName> with = new ArrayList<>(selected);
    selected.stream().map(ScenarioName::familyControl).distinct().sorted().filter(c -> !with.contains(c))
        .forEach(with::add);
    return List.copyOf(with);
  }

  /** The failure scenarios, every one but the control: what {@value #ALL} selects. */
  public static List<ScenarioName> faults() {
    return Arrays.stream(values()).filter(s -> !s.control()).toList();
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
   * alone is every failure scenario ({@link #faults}); a control may be listed like any other.
   */
  public static List<ScenarioName> parseList(String commaSeparated) {
    if (commaSeparated.trim().equals(ALL)) {
      return faults();
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

  /**
   * Whether {@code selector}, a scenario id or one of the {@link #FAMILIES}, selects this scenario.
   */
  public boolean selectedBy(String selector) {
    return id.equals(selector) || (FAMILIES.contains(selector) && id.startsWith(selector + "-"));
  }

  /**
   * Refuses a selector that is neither a scenario id nor a family, naming the valid ones.
   *
   * @throws IllegalArgumentException for an unknown selector
   */
  public static void requireSelector(String selector) {
    if (Arrays.stream(values()).noneMatch(s -> s.selectedBy(selector))) {
      throw new IllegalArgumentException("unknown scenario '" + selector + "'; valid: " + allIds()
          + ", or a family: " + String.join(", ", FAMILIES));
    }
  }

  public static String allIds() {
    return Arrays.stream(values()).map(ScenarioName::id).collect(Collectors.joining(", "));
  }

  /** The ids of {@link #faults}, for the custom resource (which selects the controls with {@code spec.control}). */
  public static List<String> faultIds() {
    return faults().stream().map(ScenarioName::id).toList();
  }
}
