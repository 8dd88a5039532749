package dev.sft.contract;

import java.util.Set;

/**
 * Why a storage rule failed, as a category with a stable id: what a known finding names ({@link KnownFinding#cause}),
 * what a comparison and a fingerprint key on, and what the control attribution compares. The instance (the TID, the
 * files) stays in the check's detail; a cause never names one.
 *
 * <p>Most causes say the table is wrong whatever the schedule: one occurrence is a defect ({@link Finding#invariant}).
 * The {@link #RACES} are writer defects that show only when a race goes one way, so whether a build shows them more or
 * less often is a question of counts.
 */
public final class Cause {
  /** A speculative loser's abort ran with its thread interrupted (Spark's kill) and left files. */
  public static final String LOSER_INTERRUPTED_ABORT = "loser-interrupted-abort";
  /** A speculative loser's abort ran without an interrupt and still left files. */
  public static final String LOSER_ABORT_LEFT_FILES = "loser-abort-left-files";
  /** A speculative loser left files and never ran its abort at all. */
  public static final String LOSER_NEVER_ABORTED = "loser-never-aborted";
  /** After a shuffle loss two attempts wrote one partition; the one the driver did not take left its files. */
  public static final String DUPLICATE_RESULT = "duplicate-result";
  /**
   * A MERGE into a format v3 table: the commit merged several tasks' deletion vectors of one data file into a Puffin
   * file of its own and left the tasks' accepted Puffin files on storage.
   */
  public static final String MERGED_DELETION_VECTORS = "merged-deletion-vectors";
  /** An attempt that ended without success (not by the harness's kill) and left files. */
  public static final String ATTEMPT_FAILED = "attempt-failed";
  /** An attempt that ended Success but whose message the driver never accepted. */
  public static final String NOT_ACCEPTED = "not-accepted";
  /** An attempt with no task end in the scheduler's events. */
  public static final String NO_TASK_END = "no-task-end";
  /** A file no rejected attempt of the write wrote (no attempt's name, or an accepted attempt's stray file). */
  public static final String NO_ATTEMPT_WROTE_IT = "no-attempt-wrote-it";
  /** A file of an attempt whose message the driver accepted, left on storage unreferenced by the commit. */
  public static final String WINNER_FILE_UNREFERENCED = "winner-file-unreferenced";
  /** The evidence does not say why the attempt was rejected. */
  public static final String UNEXPLAINED = "unexplained";
  /** An executor process exited with a code of its own on a live worker: a crash of the build. */
  public static final String EXECUTOR_CRASH = "executor-crash";
  /**
   * A repetition the build left Unknown (a table that cannot be read, a write that never came to rest): not judged,
   * and not for a reason of the environment ({@link ScenarioStats#ENVIRONMENT_RULES}).
   */
  public static final String UNJUDGED = "unjudged";

  /** The writer races: judged by how often they occur, never by one occurrence. */
  public static final Set<String> RACES = Set.of(LOSER_INTERRUPTED_ABORT, LOSER_ABORT_LEFT_FILES, DUPLICATE_RESULT,
      MERGED_DELETION_VECTORS);

  /** Every cause id, for validating a known finding's {@code cause}. */
  public static final Set<String> ALL = Set.of(LOSER_INTERRUPTED_ABORT, LOSER_ABORT_LEFT_FILES, LOSER_NEVER_ABORTED,
      DUPLICATE_RESULT, MERGED_DELETION_VECTORS, ATTEMPT_FAILED, NOT_ACCEPTED, NO_TASK_END, NO_ATTEMPT_WROTE_IT,
      WINNER_FILE_UNREFERENCED, UNEXPLAINED, EXECUTOR_CRASH, UNJUDGED);

  private static final java.util.Map<String, String> WORDS = java.util.Map.ofEntries(
      java.util.Map.entry(LOSER_INTERRUPTED_ABORT, "a killed attempt's abort ran interrupted and left its files"),
      java.util.Map.entry(LOSER_ABORT_LEFT_FILES, "a killed attempt's abort ran uninterrupted and still left files"),
      java.util.Map.entry(LOSER_NEVER_ABORTED, "a killed attempt left files and never ran its abort"),
      java.util.Map.entry(DUPLICATE_RESULT, "a second attempt of a partition committed; the driver dropped its result"),
      java.util.Map.entry(MERGED_DELETION_VECTORS, "the commit merged deletion vectors and left the Puffin files they"
          + " superseded"),
      java.util.Map.entry(ATTEMPT_FAILED, "a failed attempt left files"),
      java.util.Map.entry(NOT_ACCEPTED, "an attempt that succeeded but was not accepted left files"),
      java.util.Map.entry(NO_TASK_END, "an attempt with no task end left files"),
      java.util.Map.entry(NO_ATTEMPT_WROTE_IT, "a file no rejected attempt of the write wrote"),
      java.util.Map.entry(WINNER_FILE_UNREFERENCED, "an accepted attempt's file the commit does not reference"),
      java.util.Map.entry(UNEXPLAINED, "the evidence does not say why the attempt was rejected"),
      java.util.Map.entry(EXECUTOR_CRASH, "an executor crashed"),
      java.util.Map.entry(UNJUDGED, "a repetition the build left unjudged"));

  /** What the cause is, in a few words, for a report line; the id itself for one without words. */
  public static String words(String cause) {
    return WORDS.getOrDefault(cause, cause);
  }

  private Cause() {}
}
