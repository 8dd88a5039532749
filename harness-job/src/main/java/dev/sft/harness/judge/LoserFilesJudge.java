package dev.sft.harness.judge;

import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.evidence.AbortObservation;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.CleanupWait;
import dev.sft.contract.Cause;
import dev.sft.harness.evidence.WriterFiles;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The storage rule of a speculative loser: after the write came to rest and a short wait for its cleanup
 * ({@link CleanupWait}), none of its files is left on storage. Spark
 * interrupts every loser it kills, so its writer's abort often begins with the interrupt pending; an abort that gives
 * up on it and leaves files is a defect of the writer, and the message leads with that cause and the executor log.
 */
public final class LoserFilesJudge {
  public static final String RULE = "loser.no-files-left";
  /** How a failing message names the writer's defect; reports and tests look for it. */
  public static final String INTERRUPTED_ABORT = "an interrupted abort";
  private static final int SHOWN_FILES = 3;

  private LoserFilesJudge() {}

  /**
   * @param orphans the audit's {@code physical - referenced}, taken after {@code cleanup}
   * @param executorLog one line from the loser's executor log around its abort ({@code ExecutorLogExcerpt})
   * @param cleanup the wait for the loser's files to go, before the audit; null when none is on record
   */
  public static void judge(Checks checks, AttemptIdentity loser, Optional<AttemptMarker> abort,
      Collection<String> orphans, String executorLog, CleanupWait.Outcome cleanup) {
    List<String> left = orphans.stream()
        .filter(f -> WriterFiles.ownedBy(Path.of(f).getFileName().toString(), loser.partition(),
            loser.taskAttemptId()))
        .sorted().toList();
    // One line: the audit's orphan list names every path; here the names of the first few are enough.
    String who = "the losing attempt TID " + loser.taskAttemptId() + " (executor " + loser.executorId() + " on "
        + loser.host() + ")";
    AbortObservation seen = abort.map(AttemptMarker::abort).orElse(null);
    if (left.isEmpty()) {
      checks.checkCause(STORAGE, RULE, true, who + " left no file on storage"
          + (seen == null ? "" : "; " + interruptState(seen)));
      return;
    }
    boolean interrupted = seen != null && (seen.interruptedAtStart() || seen.interruptedAtEnd());
    String cause = abort.isEmpty() ? " never ran its abort and"
        : seen == null ? " ran its abort (the probe saw no interrupt state: a native writer's cleanup) and"
            : interrupted
                ? " ran " + INTERRUPTED_ABORT + " (" + interruptState(seen) + "; Spark interrupts a killed speculative"
                    + " loser, and again when its stage finishes) and"
                : " ran its abort() without an interrupt (" + interruptState(seen) + ") and";
    String causeId = abort.isEmpty() ? Cause.LOSER_NEVER_ABORTED
        : interrupted ? Cause.LOSER_INTERRUPTED_ABORT : Cause.LOSER_ABORT_LEFT_FILES;
    checks.checkCause(STORAGE, RULE, false, who + cause + " left " + left.size() + " file(s), "
        + (cleanup == null ? "with no wait for its cleanup on record" : cleanup.outlived()) + " (" + names(left) + "); " + executorLog, List.of(causeId));
  }

  private static String interruptState(AbortObservation seen) {
    return "thread interrupted when abort() began: " + (seen.interruptedAtStart() ? "yes" : "no")
        + ", when it returned: " + (seen.interruptedAtEnd() ? "yes" : "no");
  }

  private static String names(List<String> files) {
    List<String> shown = files.stream().limit(SHOWN_FILES).map(f -> Path.of(f).getFileName().toString()).toList();
    return String.join(", ", shown) + (files.size() > SHOWN_FILES ? ", … " + (files.size() - SHOWN_FILES) + " more" : "");
  }
}
