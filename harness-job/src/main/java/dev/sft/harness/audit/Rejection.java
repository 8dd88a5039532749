package dev.sft.harness.audit;

import dev.sft.contract.Cause;

/**
 * Why the driver did not accept an attempt's message: its {@link Cause} id, which the orphan rule tallies and records
 * on its check (so a known finding can require that every untolerated orphan has one cause), and the words that say
 * it for that attempt.
 */
public record Rejection(String cause, String words) {
  public static final String DUPLICATE_RESULT = Cause.DUPLICATE_RESULT;
  public static final String ATTEMPT_FAILED = Cause.ATTEMPT_FAILED;
  /** An attempt Spark killed whose abort ran with its thread interrupted (Spark's kill). */
  public static final String INTERRUPTED_ABORT = Cause.LOSER_INTERRUPTED_ABORT;
  /** An attempt Spark killed whose abort ran without an interrupt, and still left files. */
  public static final String ABORT_LEFT_FILES = Cause.LOSER_ABORT_LEFT_FILES;
  /** An attempt Spark killed that never ran its abort. */
  public static final String NEVER_ABORTED = Cause.LOSER_NEVER_ABORTED;
  public static final String NO_TASK_END = Cause.NO_TASK_END;
  public static final String NOT_ACCEPTED = Cause.NOT_ACCEPTED;
  public static final String UNKNOWN = Cause.UNEXPLAINED;
  /** An orphan no rejected attempt of the write wrote. */
  public static final String NO_REJECTED_ATTEMPT = Cause.NO_ATTEMPT_WROTE_IT;

  public static Rejection unknown() {
    return new Rejection(UNKNOWN, "why is not in the evidence");
  }
}
