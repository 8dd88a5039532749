package dev.sft.harness.audit;

/**
 * Why the driver did not accept an attempt's message: a short cause, which the orphan rule tallies (so a known finding
 * can require that every untolerated orphan has one cause), and the words that say it for that attempt.
 */
public record Rejection(String cause, String words) {
  public static final String DUPLICATE_RESULT = "duplicate result";
  public static final String ATTEMPT_FAILED = "attempt failed";
  /** An attempt that ended without success and whose abort ran with its thread interrupted (Spark's kill). */
  public static final String INTERRUPTED_ABORT = "interrupted abort";
  public static final String NO_TASK_END = "no task end";
  public static final String NOT_ACCEPTED = "not accepted";
  public static final String UNKNOWN = "cause not in the evidence";
  /** An orphan no rejected attempt of the write wrote. */
  public static final String NO_REJECTED_ATTEMPT = "no rejected attempt";

  public static Rejection unknown() {
    return new Rejection(UNKNOWN, "why is not in the evidence");
  }
}
