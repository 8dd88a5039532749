package dev.sft.contract;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Whether a failure cell's failed check also failed in the {@link ScenarioName#CONTROL} cell of the same write
 * operation: the write path's own finding, or one the fault brought about.
 */
public enum FaultAttribution {
  /** The control cell failed the same rule: the write path itself, whatever the fault. */
  @JsonProperty("also without a fault")
  ALSO_WITHOUT_FAULT("also without a fault"),
  /** The control cell passed the rule, or has no such rule (a rule about the fault itself). */
  @JsonProperty("only under this fault")
  ONLY_UNDER_FAULT("only under this fault"),
  /** The control cell could not judge the rule (Unknown), so the finding cannot be attributed. */
  @JsonProperty("control not judged")
  CONTROL_NOT_JUDGED("control not judged");

  private final String words;

  FaultAttribution(String words) {
    this.words = words;
  }

  /** How reports say it. */
  public String words() {
    return words;
  }
}
