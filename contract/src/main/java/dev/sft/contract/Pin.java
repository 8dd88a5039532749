package dev.sft.contract;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * A pinned interleaving: holds, at points sft may hold, that make one outcome of a writer race happen every time
 * instead of by chance ({@code --pin}, {@code spec.pin}). A hold is time only: it never changes a call's arguments,
 * results or exceptions, never clears, delays or adds an interrupt, and never adds cleanup.
 */
public enum Pin {
  /**
   * The speculative loser's abort runs with Spark's kill interrupt pending and finds every delete it submitted still
   * queued, so Iceberg's interrupted wait cancels them all and the loser's files stay.
   */
  @JsonProperty("loser-abort-interrupted")
  LOSER_ABORT_INTERRUPTED("loser-abort-interrupted",
      Set.of(ScenarioName.SPECULATION_ORIGINAL_WINS, ScenarioName.SPECULATION_SPECULATIVE_WINS),
      "the loser, once killed, until the kill's interrupt has arrived; then every thread of Iceberg's delete pool"
          + " (iceberg-hadoopfileio-delete) while the loser's abort runs",
      Cause.LOSER_INTERRUPTED_ABORT),
  /**
   * After the shuffle loss, the old stage attempt's writer of a partition and the re-executed one both commit; the old
   * one's result reaches the driver first, so the re-executed one's is dropped and its files stay.
   */
  @JsonProperty("shuffle-loss-old-attempt-first")
  SHUFFLE_LOSS_OLD_ATTEMPT_FIRST("shuffle-loss-old-attempt-first", Set.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS),
      "the old stage attempt's writer at handoff until the partition's re-executed attempt has committed too;"
          + " then that attempt at handoff until the driver has accepted the old one's message; and one other partition's"
          + " re-executed writer at handoff until both are over",
      Cause.DUPLICATE_RESULT),
  /**
   * The same two attempts the other way: the re-executed attempt's result reaches the driver first, so the old one's
   * is dropped and its files stay.
   */
  @JsonProperty("shuffle-loss-new-attempt-first")
  SHUFFLE_LOSS_NEW_ATTEMPT_FIRST("shuffle-loss-new-attempt-first", Set.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS),
      "the old stage attempt's writer at handoff until the partition's re-executed attempt has started and the driver"
          + " has accepted its message; and one other partition's re-executed writer at handoff until both are over",
      Cause.DUPLICATE_RESULT);

  /** The most pins one run may carry ({@code spec.pin}'s maxItems). */
  public static final int MAX_PINS = 4;

  private final String id;
  private final Set<ScenarioName> scenarios;
  private final String holds;
  private final String reproduces;

  Pin(String id, Set<ScenarioName> scenarios, String holds, String reproduces) {
    this.id = id;
    this.scenarios = scenarios;
    this.holds = holds;
    this.reproduces = reproduces;
  }

  public String id() {
    return id;
  }

  /** The scenarios whose repetitions the pin holds; it changes nothing in any other. */
  public Set<ScenarioName> scenarios() {
    return scenarios;
  }

  /** What the pin holds, in a few words. */
  public String holds() {
    return holds;
  }

  /** The finding's cause ({@link Cause}) the pinned interleaving shows every time. */
  public String reproduces() {
    return reproduces;
  }

  @Override
  public String toString() {
    return id;
  }

  public static Pin fromId(String id) {
    for (Pin pin : values()) {
      if (pin.id.equals(id == null ? "" : id.trim())) {
        return pin;
      }
    }
    throw new IllegalArgumentException("unknown pin '" + id + "'; valid pins: " + ids());
  }

  /** Every pin's id, comma-separated, for usage errors and help. */
  public static String ids() {
    return String.join(", ", java.util.Arrays.stream(values()).map(Pin::id).toList());
  }

  /**
   * Checks that each pin applies to at least one selected scenario: a pin that would hold nothing is a usage error,
   * never a run that quietly reports natural results as pinned.
   */
  public static List<Pin> validated(Collection<Pin> pins, Collection<ScenarioName> selected) {
    List<Pin> distinct = pins.stream().distinct().sorted().toList();
    if (distinct.size() > MAX_PINS) {
      throw new IllegalArgumentException("at most " + MAX_PINS + " pins, got " + distinct.size());
    }
    List<String> unused = new ArrayList<>();
    for (Pin pin : distinct) {
      if (pin.scenarios.stream().noneMatch(selected::contains)) {
        unused.add(pin.id + " (scenario " + String.join(" or ", pin.scenarios.stream().sorted()
            .map(ScenarioName::id).toList()) + ")");
      }
    }
    if (!unused.isEmpty()) {
      throw new IllegalArgumentException("a pin holds only its own scenario, and none of these is selected: "
          + String.join(", ", unused));
    }
    for (ScenarioName scenario : selected) {
      List<Pin> mine = of(distinct, scenario);
      if (mine.size() > 1) {
        // Each pin decides its scenario's race one way; two would contradict each other.
        throw new IllegalArgumentException("one pin per scenario; " + scenario.id() + " has " + mine);
      }
    }
    return distinct;
  }

  /** What follows a pinned repetition's name wherever it is listed: {@code " (pinned X)"}; nothing for a natural one. */
  public static String label(String pinId) {
    return pinId == null ? "" : " (pinned " + pinId + ")";
  }

  /** The pins among {@code pins} that hold {@code scenario}. */
  public static List<Pin> of(Collection<Pin> pins, ScenarioName scenario) {
    return pins.stream().filter(p -> p.scenarios.contains(scenario)).distinct().sorted().toList();
  }
}
