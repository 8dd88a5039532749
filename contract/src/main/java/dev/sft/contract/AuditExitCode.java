package dev.sft.contract;

/** Exit codes of {@code sft audit}. */
public enum AuditExitCode {
  /** Every storage rule holds. */
  CLEAN(0),
  /**
   * At least one rule is violated, or cannot be judged from the evidence (Unknown, never clean); the output names
   * each file and the rule it broke.
   */
  VIOLATIONS(1),
  /** The input cannot be audited: no such table, unreadable metadata, bad arguments. */
  UNUSABLE_INPUT(2),
  /** The audit itself failed unexpectedly (an internal error): nothing was judged, clean or not. */
  INTERNAL_FAILURE(4);

  private final int code;

  AuditExitCode(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }
}
