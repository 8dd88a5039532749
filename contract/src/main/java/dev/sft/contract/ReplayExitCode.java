package dev.sft.contract;

/** Exit codes of {@code sft replay}. */
public enum ReplayExitCode {
  /** Every repetition of the replay showed the finding of the evidence it replayed. */
  REPRODUCED(0),
  /** At least one repetition did not show it (it passed, found something else, or its pin was not reached). */
  NOT_EVERY_TIME(1),
  /**
   * The evidence cannot be replayed: not one repetition's evidence this build reads, a repetition that found nothing,
   * a finding no pin reproduces, jars that are gone; or bad arguments. Nothing was started.
   */
  CANNOT_REPLAY(2),
  /** The replay could not run: preflight, the cluster, or an internal error; nothing was judged. */
  INTERNAL_FAILURE(4);

  private final int code;

  ReplayExitCode(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }
}
