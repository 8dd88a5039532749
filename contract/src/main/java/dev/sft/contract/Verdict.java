package dev.sft.contract;

/**
 * A verdict on one side of a scenario (scheduler behaviour or storage state). {@code Unknown} is a real verdict:
 * the evidence needed to judge could not be gathered, so it never counts as a pass.
 */
public enum Verdict {
  Passed,
  Failed,
  Unknown,
  /**
   * Failed, but every failing check matches a {@link KnownFinding} the user acknowledged: counted apart, never a
   * pass, and a run whose cells are all Passed or Known exits 0 unless {@code --strict}.
   */
  Known;

  /** Combines verdicts of independent checks: any failure fails, else any unknown is unknown, else any known. */
  public Verdict and(Verdict other) {
    if (this == Failed || other == Failed) {
      return Failed;
    }
    if (this == Unknown || other == Unknown) {
      return Unknown;
    }
    if (this == Known || other == Known) {
      return Known;
    }
    return Passed;
  }
}
