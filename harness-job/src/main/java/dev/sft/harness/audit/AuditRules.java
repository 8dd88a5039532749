package dev.sft.harness.audit;

import static dev.sft.contract.Check.STORAGE;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.WriterFiles;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage rules over an {@link AuditResult}, shared by the scenarios and {@code sft audit}, the same for every
 * write operation: referenced files are the data and delete files of every live snapshot, so the files an overwrite
 * or rewrite replaced (still referenced by the prior snapshot) are neither orphans nor missing. Without attribution
 * (no evidence) only the physical-versus-referenced rules apply; with it, the new snapshot must add exactly the
 * accepted winners' files and orphans must be attributable.
 */
public final class AuditRules {
  /** How orphans are judged. */
  public enum OrphanPolicy {
    /** Speculation, and any table audited without evidence: no orphan at all. */
    NONE,
    /**
     * Executor loss: SIGKILL bypasses cleanup, so orphans of known rejected attempts are tolerated (after handoff
     * too: a committed attempt whose message was never accepted is rejected, and its complete files are orphans).
     */
    KNOWN_REJECTED_ONLY
  }

  private AuditRules() {}

  /**
   * Each scenario's orphan policy, the one definition the scenarios and {@code sft audit} both apply: a speculative
   * loser is cancelled, so its own abort must delete its files; a SIGKILLed attempt cannot clean up.
   */
  public static OrphanPolicy policyOf(ScenarioName scenario) {
    return switch (scenario) {
      // The control holds and kills nothing: any orphan is the write path's own.
      case SPECULATION_ORIGINAL_WINS, SPECULATION_SPECULATIVE_WINS, CONTROL -> OrphanPolicy.NONE;
      case EXECUTOR_LOSS_TASK_REPLACEMENT, EXECUTOR_LOSS_SHUFFLE_LOSS, EXECUTOR_LOSS_AFTER_HANDOFF ->
          OrphanPolicy.KNOWN_REJECTED_ONLY;
    };
  }

  /** The rules, with no word on why a rejected attempt was rejected. */
  public static List<Check> evaluate(AuditResult audit, boolean withAttribution, OrphanPolicy policy) {
    return evaluate(audit, withAttribution, policy, tid -> Rejection.unknown());
  }

  /** {@code whyRejected}: why the driver did not accept an attempt's message, by its TID, for the orphan rule's words. */
  public static List<Check> evaluate(AuditResult audit, boolean withAttribution, OrphanPolicy policy,
      java.util.function.LongFunction<Rejection> whyRejected) {
    List<Check> checks = new ArrayList<>();
    if (withAttribution) {
      // The new snapshot adds exactly the accepted winners' data and delete files, and nothing is referenced that
      // neither the table had before the write nor an accepted winner wrote.
      checks.add(check("manifest.equals-accepted-winners",
          audit.addedNotWinner().isEmpty() && audit.winnerNotAdded().isEmpty()
              && audit.referencedNotWinner().isEmpty() && audit.winnerNotReferenced().isEmpty()
              && !audit.winner().isEmpty(),
          "added by the new snapshot but not an accepted winner: " + audit.addedNotWinner()
              + "; accepted winner but not added: " + audit.winnerNotAdded()
              + "; referenced but neither prior nor an accepted winner: " + audit.referencedNotWinner()
              + "; winner files: " + audit.winner().size() + ", prior files: " + audit.prior().size()));
      checks.add(supersededDeletionVectors(audit));
      checks.add(check("manifest.no-rejected-files", audit.referencedRejected().isEmpty(),
          "files of rejected attempts referenced: " + audit.referencedRejected()));
    }
    checks.add(check("files.referenced-exist",
        audit.missing().isEmpty() && audit.referencedOutsideDataLocation().isEmpty(),
        "missing = referenced - physical: " + audit.missing() + "; referenced outside the data location "
            + audit.dataLocation() + ": " + audit.referencedOutsideDataLocation()));
    if (policy == OrphanPolicy.NONE) {
      checks.add(check("files.no-orphans", audit.orphan().isEmpty(),
          "orphan = physical - referenced: " + audit.orphan()));
    } else {
      checks.add(check("files.orphans-known-rejected", audit.unknownOrphans().isEmpty(),
          audit.unknownOrphans().isEmpty()
              ? "every orphan is a file of an attempt whose executor the harness killed: "
                  + audit.knownRejectedOrphans().size()
              : untolerated(audit, whyRejected)
                  + "; orphans of killed attempts: " + audit.knownRejectedOrphans().size()));
    }
    return checks;
  }

  /** Each untolerated orphan with its attempt (from its name) and why it is not excused. */
  /**
   * The orphans no kill excuses, tallied by cause first ({@code by cause {duplicate result=13}}), so a reader (or a
   * known finding's pattern) sees at once whether one cause explains them all, then each with its attempt.
   */
  private static String untolerated(AuditResult audit, java.util.function.LongFunction<Rejection> whyRejected) {
    List<String> described = new ArrayList<>();
    java.util.Map<String, Integer> byCause = new java.util.TreeMap<>();
    for (String orphan : audit.unknownOrphans()) {
      AttemptIdentity attempt = WriterFiles.attemptOf(List.of(orphan));
      Rejection why = !audit.rejected().contains(orphan) || attempt == null
          ? new Rejection(Rejection.NO_REJECTED_ATTEMPT, "no rejected attempt of this write wrote it")
          : whyRejected.apply(attempt.taskAttemptId());
      byCause.merge(why.cause(), 1, Integer::sum);
      described.add(orphan + " (" + (attempt == null ? "no attempt in its name"
          : "partition " + attempt.partition() + " TID " + attempt.taskAttemptId()) + ": "
          + (why.cause().equals(Rejection.NO_REJECTED_ATTEMPT) ? why.words()
              : "its message was not accepted (" + why.words() + "), and the harness killed no executor it ran in")
          + ")");
    }
    return "orphans not of an attempt whose executor the harness killed, by cause " + byCause + ": " + described;
  }

  /** The prefix of the Puffin files Iceberg's commit writes when it merges several deletion vectors of one file. */
  public static final String COMMIT_MERGED_DVS_PREFIX = "merged-dvs-";

  /**
   * Format v3 allows one deletion vector per data file. When several writer tasks wrote one for the same data file
   * (a MERGE's join spreads a file's rows over tasks), Iceberg's commit merges them into a Puffin file of its own
   * ({@value #COMMIT_MERGED_DVS_PREFIX}*.puffin, written by the driver) and the tasks' accepted Puffin files it
   * superseded stay on storage unreferenced: accepted files left as orphans. A real Iceberg behaviour, named here
   * on its own (the manifest and orphan rules fail on the same files).
   */
  private static Check supersededDeletionVectors(AuditResult audit) {
    List<String> mergedByCommit = audit.addedNotWinner().stream()
        .filter(f -> java.nio.file.Path.of(f).getFileName().toString().startsWith(COMMIT_MERGED_DVS_PREFIX))
        .toList();
    List<String> acceptedOrphans = audit.winnerNotReferenced().stream().filter(audit.orphan()::contains).toList();
    return check("delete-files.accepted-not-superseded", mergedByCommit.isEmpty() && acceptedOrphans.isEmpty(),
        mergedByCommit.isEmpty() && acceptedOrphans.isEmpty()
            ? "no accepted file is left unreferenced and the commit wrote no delete file of its own"
            : "accepted files left on storage unreferenced (orphans): " + acceptedOrphans
                + (mergedByCommit.isEmpty() ? "" : "; the commit merged deletion vectors of several tasks into "
                    + mergedByCommit + " (Iceberg format v3: one deletion vector per data file), superseding the"
                    + " tasks' accepted Puffin files, which it does not delete"));
  }

  private static Check check(String rule, boolean passed, String detail) {
    return new Check(STORAGE, rule, passed ? Verdict.Passed : Verdict.Failed, detail);
  }
}
