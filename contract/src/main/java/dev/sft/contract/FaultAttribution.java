package dev.sft.contract;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How often one finding of a failure cell (its check's rule and one of its {@link Cause}s) also occurred without a
 * fault: in how many of the judged control repetitions of the same family ({@link ScenarioName#familyControl}) and write
 * operation the same finding was seen. A count, not a verdict: the check keeps its own.
 *
 * @param cause the {@link Cause} id this count is about, or null for a check without causes (its rule alone)
 * @param seen how many of those control repetitions found the same rule with the same cause
 * @param controls how many control repetitions of the family and operation judged the check's side; 0 when none
 *     ran or none was judged, so the finding cannot be compared
 */
public record FaultAttribution(String cause, int seen, int controls) {
  public FaultAttribution {
    if (seen < 0 || controls < 0 || seen > controls) {
      throw new IllegalArgumentException("seen " + seen + " of " + controls + " control runs");
    }
  }

  /** Whether a control ran on the family's table and plan and was judged. */
  @JsonIgnore
  public boolean comparable() {
    return controls > 0;
  }

  /** Whether the finding also occurred without a fault, in at least one control repetition. */
  @JsonIgnore
  public boolean alsoWithoutFault() {
    return seen > 0;
  }

  /** How reports say it, without the cause. */
  public String words() {
    if (!comparable()) {
      return "control not comparable";
    }
    return alsoWithoutFault() ? "also without a fault (" + seen + " of " + controls + " control runs)"
        : "not seen in " + controls + " control runs";
  }

  /**
   * Reads a report written when the control ran once and attribution was one word per check (no cause): "also
   * without a fault" was 1 of 1, "only under this fault" 0 of 1, "control not judged" none judged.
   */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static FaultAttribution ofOldWords(String words) {
    return switch (words) {
      case "also without a fault" -> new FaultAttribution(null, 1, 1);
      case "only under this fault" -> new FaultAttribution(null, 0, 1);
      case "control not judged" -> new FaultAttribution(null, 0, 0);
      default -> throw new IllegalArgumentException("not an attribution: " + words);
    };
  }

  @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
  static FaultAttribution read(@JsonProperty("cause") String cause, @JsonProperty("seen") int seen,
      @JsonProperty("controls") int controls) {
    return new FaultAttribution(cause, seen, controls);
  }
}
