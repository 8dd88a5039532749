package dev.sft.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Each failing storage rule names the causes of what it found, and the merged-deletion-vector finding is one rule. */
class AuditRulesCausesTest {
  private static final String D = "/t/data/";
  private static final String WINNER = D + "00000-5-op-00001.parquet";
  private static final String LOSER = D + "00001-9-op-00001.parquet";
  private static final String STRAY = D + "stray.parquet";

  private static AuditResult audit(List<String> physical, List<String> prior, List<String> added,
      List<String> winner, List<String> rejected) {
    TreeSet<String> referenced = new TreeSet<>(prior);
    referenced.addAll(added);
    TableFiles table = new TableFiles(7L, 2, 1, true, referenced, new TreeSet<>(prior), new TreeSet<>(added),
        new TreeSet<>());
    return FileSets.derive("/t", "/t/data", table, physical, winner, rejected, List.of());
  }

  private static Check rule(List<Check> checks, String rule) {
    return checks.stream().filter(c -> c.rule().equals(rule)).findFirst().orElseThrow();
  }

  @Test
  void eachOrphanIsNamedByWhyItIsThere() {
    AuditResult result = audit(List.of(WINNER, LOSER, STRAY), List.of(), List.of(WINNER), List.of(WINNER),
        List.of(LOSER));
    List<Check> checks = AuditRules.evaluate(result, true, AuditRules.OrphanPolicy.NONE,
        tid -> new Rejection(Cause.LOSER_INTERRUPTED_ABORT, "ended TaskKilled and ran an interrupted abort"));
    Check orphans = rule(checks, "files.no-orphans");
    assertThat(orphans.verdict()).isEqualTo(Verdict.Failed);
    assertThat(orphans.causes()).containsExactly(Cause.LOSER_INTERRUPTED_ABORT, Cause.NO_ATTEMPT_WROTE_IT);
    assertThat(orphans.detail()).contains("by cause {loser-interrupted-abort=1, no-attempt-wrote-it=1}");
  }

  @Test
  void aStrayFileOfTheWinnerIsItsOwnCauseNotTheLosers() {
    String strayOfWinner = D + "00000-5-op-00002.parquet";
    AuditResult result = audit(List.of(WINNER, strayOfWinner), List.of(), List.of(WINNER),
        List.of(WINNER, strayOfWinner), List.of());
    List<Check> checks = AuditRules.evaluate(result, true, AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY,
        tid -> new Rejection(Cause.DUPLICATE_RESULT, "a duplicate"));
    assertThat(rule(checks, "files.orphans-known-rejected").causes()).containsExactly(Cause.WINNER_FILE_UNREFERENCED);
    assertThat(rule(checks, "delete-files.accepted-not-superseded").causes())
        .containsExactly(Cause.WINNER_FILE_UNREFERENCED);
  }

  @Test
  void mergedDeletionVectorsAreOneRuleWithOneCauseWhateverThePolicy() {
    String seed = D + "seed.parquet";
    String taskDv1 = D + "00000-5-op-00001-deletes.puffin";
    String taskDv2 = D + "00001-6-op-00001-deletes.puffin";
    String merged = D + "merged-dvs-abc.puffin";
    for (AuditRules.OrphanPolicy policy : AuditRules.OrphanPolicy.values()) {
      AuditResult result = audit(List.of(seed, taskDv1, taskDv2, merged), List.of(seed), List.of(merged),
          List.of(taskDv1, taskDv2), List.of());
      List<Check> checks = AuditRules.evaluate(result, true, policy, tid -> Rejection.unknown());
      assertThat(checks.stream().filter(c -> c.verdict() == Verdict.Failed).map(Check::rule))
          .as(policy.name()).containsExactly("delete-files.accepted-not-superseded");
      Check dv = rule(checks, "delete-files.accepted-not-superseded");
      assertThat(dv.causes()).containsExactly(Cause.MERGED_DELETION_VECTORS);
      assertThat(dv.detail()).contains(merged).contains(taskDv1).contains(taskDv2);
    }
  }

  @Test
  void aMergeDoesNotExcuseAnythingElse() {
    String seed = D + "seed.parquet";
    String taskDv = D + "00000-5-op-00001-deletes.puffin";
    String merged = D + "merged-dvs-abc.puffin";
    String other = D + "00003-8-op-00001.parquet";
    AuditResult result = audit(List.of(seed, taskDv, merged, other), List.of(seed), List.of(merged, other),
        List.of(taskDv), List.of());
    List<Check> checks = AuditRules.evaluate(result, true, AuditRules.OrphanPolicy.NONE, tid -> Rejection.unknown());
    Check manifest = rule(checks, "manifest.equals-accepted-winners");
    assertThat(manifest.verdict()).isEqualTo(Verdict.Failed);
    assertThat(manifest.detail()).contains(other).doesNotContain("added by the new snapshot but not an accepted"
        + " winner: [" + merged);
  }

  @Test
  void withoutEvidenceAnOrphanIsUnexplained() {
    AuditResult result = audit(List.of(WINNER, STRAY), List.of(), List.of(WINNER), List.of(), List.of());
    Check orphans = rule(AuditRules.evaluate(result, false, AuditRules.OrphanPolicy.NONE), "files.no-orphans");
    assertThat(orphans.causes()).isEqualTo(List.copyOf(Set.of(Cause.UNEXPLAINED)));
  }
}
