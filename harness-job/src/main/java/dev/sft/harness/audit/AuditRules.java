package dev.sft.harness.audit;

import static dev.sft.contract.Check.STORAGE;

import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.WriterFiles;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;

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
      // A control holds and kills nothing: any orphan is the write path's own.
      case SPECULATION_ORIGINAL_WINS, SPECULATION_SPECULATIVE_WINS, CONTROL_SPECULATION, CONTROL_EXECUTOR_LOSS,
          CONTROL_SHUFFLE_LOSS -> OrphanPolicy.NONE;
      case EXECUTOR_LOSS_TASK_REPLACEMENT, EXECUTOR_LOSS_SHUFFLE_LOSS, EXECUTOR_LOSS_AFTER_HANDOFF ->
          OrphanPolicy.KNOWN_REJECTED_ONLY;
    };
  }

  /** The rules, with no word on why a rejected attempt was rejected. */
  public static List<Check> evaluate(AuditResult audit, boolean withAttribution, OrphanPolicy policy) {
    return evaluate(audit, withAttribution, policy, tid -> Rejection.unknown());
  }

  /**
   * {@code whyRejected}: why the driver did not accept an attempt's message, by its TID, for the orphan rule's words
   * and causes.
   */
  public static List<Check> evaluate(AuditResult audit, boolean withAttribution, OrphanPolicy policy,
      java.util.function.LongFunction<Rejection> whyRejected) {
    List<Check> checks = new ArrayList<>();
    MergedDeletionVectors merged = withAttribution ? MergedDeletionVectors.of(audit) : MergedDeletionVectors.NONE;
    if (withAttribution) {
      // The new snapshot adds exactly the accepted winners' data and delete files, and nothing is referenced that
      // neither the table had before the write nor an accepted winner wrote. The commit's own merged deletion vectors
      // and the accepted Puffin files they superseded are one finding, judged by delete-files.accepted-not-superseded.
      SortedSet<String> addedNotWinner = FileSets.minus(audit.addedNotWinner(), merged.writtenByCommit());
      SortedSet<String> winnerNotAdded = FileSets.minus(audit.winnerNotAdded(), merged.superseded());
      SortedSet<String> referencedNotWinner = FileSets.minus(audit.referencedNotWinner(), merged.writtenByCommit());
      SortedSet<String> winnerNotReferenced = FileSets.minus(audit.winnerNotReferenced(), merged.superseded());
      checks.add(check("manifest.equals-accepted-winners",
          addedNotWinner.isEmpty() && winnerNotAdded.isEmpty() && referencedNotWinner.isEmpty()
              && winnerNotReferenced.isEmpty() && !audit.winner().isEmpty(),
          "added by the new snapshot but not an accepted winner: " + addedNotWinner
              + "; accepted winner but not added: " + winnerNotAdded
              + "; referenced but neither prior nor an accepted winner: " + referencedNotWinner
              + "; winner files: " + audit.winner().size() + ", prior files: " + audit.prior().size()
              + (merged.isEmpty() ? "" : "; the commit's merged deletion vectors and the "
                  + merged.superseded().size() + " accepted Puffin file(s) they superseded are judged by"
                  + " delete-files.accepted-not-superseded")));
      checks.add(merged.check());
      checks.add(check("manifest.no-rejected-files", audit.referencedRejected().isEmpty(),
          "files of rejected attempts referenced: " + audit.referencedRejected()));
    }
    checks.add(check("files.referenced-exist",
        audit.missing().isEmpty() && audit.referencedOutsideDataLocation().isEmpty(),
        "missing = referenced - physical: " + audit.missing() + "; referenced outside the data location "
            + audit.dataLocation() + ": " + audit.referencedOutsideDataLocation()));
    OrphanCauses causes = new OrphanCauses(audit, withAttribution, whyRejected);
    if (policy == OrphanPolicy.NONE) {
      SortedSet<String> orphans = FileSets.minus(audit.orphan(), merged.superseded());
      checks.add(new Check(STORAGE, "files.no-orphans", orphans.isEmpty() ? Verdict.Passed : Verdict.Failed,
          "orphan = physical - referenced" + (orphans.isEmpty() ? ": []" : ", " + causes.describe(orphans))
              + (merged.isEmpty() ? "" : "; besides the " + merged.superseded().size() + " accepted Puffin file(s)"
                  + " the commit's merged deletion vectors superseded (delete-files.accepted-not-superseded)"),
          causes.of(orphans)));
    } else {
      SortedSet<String> untolerated = FileSets.minus(audit.unknownOrphans(), merged.superseded());
      checks.add(new Check(STORAGE, "files.orphans-known-rejected",
          untolerated.isEmpty() ? Verdict.Passed : Verdict.Failed,
          (untolerated.isEmpty()
              ? "every orphan is a file of an attempt the harness's kill caught (running in the executor it killed"
                  + " when the kill began, or lost with it): "
                  + audit.knownRejectedOrphans().size()
              : "orphans not of an attempt the harness's kill caught, " + causes.describe(untolerated)
                  + "; orphans of killed attempts: " + audit.knownRejectedOrphans().size())
              + (merged.isEmpty() ? "" : "; besides the " + merged.superseded().size() + " accepted Puffin file(s)"
                  + " the commit's merged deletion vectors superseded (delete-files.accepted-not-superseded)"),
          causes.of(untolerated)));
    }
    return checks;
  }

  /** The prefix of the Puffin files Iceberg's commit writes when it merges several deletion vectors of one file. */
  public static final String COMMIT_MERGED_DVS_PREFIX = "merged-dvs-";

  /**
   * Format v3 allows one deletion vector per data file. When several writer tasks wrote one for the same data file
   * (a MERGE's join spreads a file's rows over tasks), Iceberg's commit merges them into a Puffin file of its own
   * ({@value #COMMIT_MERGED_DVS_PREFIX}*.puffin, written by the driver) and the tasks' accepted Puffin files it
   * superseded stay on storage unreferenced: accepted files left as orphans. A real Iceberg behaviour, judged by one
   * rule with one cause in every cell, {@code delete-files.accepted-not-superseded}; the manifest and orphan rules
   * leave exactly these files to it.
   *
   * @param writtenByCommit the commit's own {@value #COMMIT_MERGED_DVS_PREFIX} files the new snapshot added
   * @param superseded accepted Puffin files left unreferenced on storage, when the commit merged deletion vectors
   * @param strayAccepted other accepted files left unreferenced on storage (not explained by a merge)
   */
  private record MergedDeletionVectors(List<String> writtenByCommit, List<String> superseded,
      List<String> strayAccepted) {
    static final MergedDeletionVectors NONE = new MergedDeletionVectors(List.of(), List.of(), List.of());

    static MergedDeletionVectors of(AuditResult audit) {
      List<String> byCommit = audit.addedNotWinner().stream()
          .filter(f -> java.nio.file.Path.of(f).getFileName().toString().startsWith(COMMIT_MERGED_DVS_PREFIX))
          .toList();
      List<String> acceptedOrphans = audit.winnerNotReferenced().stream().filter(audit.orphan()::contains).toList();
      List<String> superseded = byCommit.isEmpty() ? List.of()
          : acceptedOrphans.stream().filter(f -> f.endsWith(".puffin")).toList();
      return new MergedDeletionVectors(byCommit, superseded, List.copyOf(FileSets.minus(acceptedOrphans, superseded)));
    }

    boolean isEmpty() {
      return writtenByCommit.isEmpty();
    }

    Check check() {
      boolean clean = writtenByCommit.isEmpty() && superseded.isEmpty() && strayAccepted.isEmpty();
      List<String> causes = new ArrayList<>();
      if (!writtenByCommit.isEmpty()) {
        causes.add(Cause.MERGED_DELETION_VECTORS);
      }
      if (!strayAccepted.isEmpty()) {
        causes.add(Cause.WINNER_FILE_UNREFERENCED);
      }
      List<String> found = new ArrayList<>();
      if (!writtenByCommit.isEmpty()) {
        found.add("the commit merged deletion vectors of several tasks into " + writtenByCommit + " (Iceberg format"
            + " v3: one deletion vector per data file), superseding the tasks' accepted Puffin files " + superseded
            + ", which it does not delete");
      }
      if (!strayAccepted.isEmpty()) {
        found.add("accepted files left on storage unreferenced (orphans), no merge explains them: " + strayAccepted);
      }
      return new Check(STORAGE, "delete-files.accepted-not-superseded", clean ? Verdict.Passed : Verdict.Failed,
          clean ? "no accepted file is left unreferenced and the commit wrote no delete file of its own"
              : String.join("; ", found),
          clean ? null : causes);
    }
  }

  /**
   * Why each orphan is on storage, as a {@link Cause}: a file of a rejected attempt by why the driver rejected it, a
   * stray file of an accepted attempt, or a file no attempt of the write wrote.
   */
  private static final class OrphanCauses {
    private final AuditResult audit;
    private final boolean withAttribution;
    private final java.util.function.LongFunction<Rejection> whyRejected;

    OrphanCauses(AuditResult audit, boolean withAttribution,
        java.util.function.LongFunction<Rejection> whyRejected) {
      this.audit = audit;
      this.withAttribution = withAttribution;
      this.whyRejected = whyRejected;
    }

    Rejection of(String orphan) {
      if (!withAttribution) {
        return Rejection.unknown();
      }
      AttemptIdentity attempt = WriterFiles.attemptOf(List.of(orphan));
      if (audit.winner().contains(orphan)) {
        return new Rejection(Cause.WINNER_FILE_UNREFERENCED, "an accepted attempt's file the commit did not add");
      }
      if (!audit.rejected().contains(orphan) || attempt == null) {
        return new Rejection(Rejection.NO_REJECTED_ATTEMPT, "no rejected attempt of this write wrote it");
      }
      return whyRejected.apply(attempt.taskAttemptId());
    }

    List<String> of(Collection<String> orphans) {
      return orphans.stream().map(o -> of(o).cause()).distinct().sorted().toList();
    }

    /**
     * The orphans tallied by cause first ({@code by cause {duplicate-result=13}}), so a reader sees at once whether
     * one cause explains them all, then each with its attempt and why.
     */
    String describe(Collection<String> orphans) {
      java.util.Map<String, Integer> byCause = new java.util.TreeMap<>();
      List<String> described = new ArrayList<>();
      for (String orphan : orphans) {
        AttemptIdentity attempt = WriterFiles.attemptOf(List.of(orphan));
        Rejection why = of(orphan);
        byCause.merge(why.cause(), 1, Integer::sum);
        described.add(orphan + " (" + (attempt == null ? "no attempt in its name"
            : "partition " + attempt.partition() + " TID " + attempt.taskAttemptId()) + ": " + why.words() + ")");
      }
      return "by cause " + byCause + ": " + described;
    }
  }

  private static Check check(String rule, boolean passed, String detail) {
    return new Check(STORAGE, rule, passed ? Verdict.Passed : Verdict.Failed, detail);
  }
}
