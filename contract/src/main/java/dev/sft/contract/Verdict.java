package dev.sft.contract;

/**
 * A verdict on one side of a scenario (scheduler behaviour or storage state). {@code Unknown} is a real verdict:
 * the evidence needed to judge could not be gathered, so it never counts as a pass.
 */
public enum Verdict {
  Passed,
  Failed,
  Unknown;

  /** Combines verdicts of independent checks: any failure fails, else any unknown is unknown. */
  public Verdict and(Verdict other) {
    if (this == Failed || other == Failed) {
      return Failed;
    }
    if (this == Unknown || other == Unknown) {
      return Unknown;
    }
    return Passed;
  }
}
