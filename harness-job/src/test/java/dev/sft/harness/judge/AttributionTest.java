package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.FileSets;
import dev.sft.harness.evidence.AttemptIdentity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which files belong to rejected attempts, and the audit rules over the result. */
class AttributionTest {
  final Evidence evidence = new Evidence();
  final AttemptIdentity winner = attempt(0, 140, 1, "2");
  final AttemptIdentity rejected = attempt(0, 14, 0, "1");
  /** The harness's kill of executor 1, begun at 1,005 ms (the made scheduler histories' clock starts at 1,000). */
  static final List<HarnessKill> KILL_OF_1 = List.of(new HarnessKill("1", 1_005L));

  @Test
  void aNearMissNameIsNotAttributedToTheRejectedAttempt() {
    evidence.winner(winner);
    evidence.started.add(Evidence.marker("started", rejected, List.of()));
    String nearMiss = "/data/00000-140-op-00002.parquet";
    String jvmName = "/data/00000-14-op-00001.parquet";
    String cometName = "/data/00000-00014-op-00001.parquet";
    assertThat(evidence.build().rejectedFiles(List.of(nearMiss, jvmName, cometName)))
        .containsExactlyInAnyOrder(jvmName, cometName);
  }

  @Test
  void cometsPaddedNameOfAnAcceptedAttemptIsNotRejected() {
    AttemptIdentity accepted = attempt(1, 7, 0, "1");
    evidence.winner(accepted);
    evidence.started.add(Evidence.marker("started", attempt(1, 70, 1, "2"), List.of()));
    assertThat(evidence.build().rejectedFiles(List.of("/data/00001-00007-op-1.parquet", "/data/00001-70-op-1.parquet",
        "/data/00001-00070-op-1.parquet")))
        .containsExactlyInAnyOrder("/data/00001-70-op-1.parquet", "/data/00001-00070-op-1.parquet");
  }

  @Test
  void whatARejectedAttemptHandedOffIsRejectedWhateverItsName() {
    evidence.winner(winner);
    evidence.handoffs.add(Evidence.marker("handoff", rejected, List.of("/data/renamed.parquet")));
    assertThat(evidence.build().rejectedFiles(List.of())).containsExactly("/data/renamed.parquet");
  }

  @Test
  void onlyARejectedAttemptInAKilledExecutorIsExcusedAndAnyOtherOrphanIsNamedWithItsAttempt() {
    AttemptIdentity otherRejected = attempt(1, 15, 0, "2");
    evidence.winner(winner);
    evidence.started.add(Evidence.marker("started", rejected, List.of()));
    evidence.started.add(Evidence.marker("started", otherRejected, List.of()));
    String killedFile = "/t/data/00000-14-op-00001.parquet";
    String notKilledFile = "/t/data/00001-15-op-00001.parquet";
    List<String> inventory = List.of(killedFile, notKilledFile);
    WriteEvidence built = evidence.build();
    SchedulerHistory none = new Events().history();
    assertThat(built.killedAttemptFiles(inventory, KILL_OF_1, none)).containsExactly(killedFile);
    assertThat(built.killedAttemptFiles(inventory, List.of(), none)).as("nothing killed, nothing excused")
        .isEmpty();
    Evidence handedOff = new Evidence().winner(winner);
    handedOff.handoffs.add(Evidence.marker("handoff", otherRejected, List.of("/t/data/renamed.parquet")));
    assertThat(handedOff.build().killedAttemptFiles(List.of(), KILL_OF_1, none))
        .as("a handoff of a rejected attempt in an executor nobody killed").isEmpty();

    AuditResult audit = FileSets.derive("/t", "/t/data", 1L, 1, inventory, List.of(), List.of(),
        built.rejectedFiles(inventory), built.killedAttemptFiles(inventory, KILL_OF_1, none));
    Events events = new Events().task(15, 3, 1, 1, 0, "2", false, dev.sft.harness.evidence.SchedulerEvent.SUCCESS);
    Check orphans = AuditRules.evaluate(audit, true, AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY,
            tid -> RejectionReason.of(tid, events.history(), built)).stream()
        .filter(c -> c.rule().equals("files.orphans-known-rejected")).findFirst().orElseThrow();
    assertThat(orphans.verdict()).isEqualTo(Verdict.Failed);
    assertThat(orphans.detail()).startsWith("orphans not of an attempt the harness's kill caught, by cause"
            + " {not-accepted=1}: [")
        .contains(notKilledFile + " (partition 1 TID 15: ended Success in stage 3.1, but the driver accepted no"
            + " message of partition 1)")
        .endsWith("orphans of killed attempts: 1");
  }

  /** An audit where every rejected attempt ran in the executor the harness killed. */
  static AuditResult audit(List<String> physical, List<String> referenced, List<String> winner,
      List<String> rejected) {
    return FileSets.derive("/t", "/t/data", 1L, 1, physical, referenced, winner, rejected, rejected);
  }

  static Verdict rule(AuditResult audit, AuditRules.OrphanPolicy policy, String name) {
    return AuditRules.evaluate(audit, true, policy).stream().filter(c -> c.rule().equals(name))
        .map(Check::verdict).findFirst().orElseThrow();
  }

  static final String W = "/t/data/00000-1-a.parquet";
  static final String R = "/t/data/00000-2-a.parquet";

  @Test
  void everyAuditRulePassesOnACleanAuditAndFailsOnItsOwnDefect() {
    AuditResult clean = audit(List.of(W), List.of(W), List.of(W), List.of());
    assertThat(AuditRules.evaluate(clean, true, AuditRules.OrphanPolicy.NONE))
        .extracting(Check::verdict).containsOnly(Verdict.Passed).hasSize(5);
    assertThat(AuditRules.evaluate(clean, false, AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY))
        .extracting(Check::rule).containsExactly("files.referenced-exist", "files.orphans-known-rejected");

    assertThat(rule(audit(List.of(W, R), List.of(W, R), List.of(W), List.of()), AuditRules.OrphanPolicy.NONE,
        "manifest.equals-accepted-winners")).isEqualTo(Verdict.Failed);
    assertThat(rule(audit(List.of(W), List.of(), List.of(W), List.of()), AuditRules.OrphanPolicy.NONE,
        "manifest.equals-accepted-winners")).isEqualTo(Verdict.Failed);
    assertThat(rule(audit(List.of(), List.of(), List.of(), List.of()), AuditRules.OrphanPolicy.NONE,
        "manifest.equals-accepted-winners")).isEqualTo(Verdict.Failed);
    // An accepted file left on storage unreferenced.
    assertThat(rule(audit(List.of(W, R), List.of(W), List.of(W, R), List.of()), AuditRules.OrphanPolicy.NONE,
        "delete-files.accepted-not-superseded")).isEqualTo(Verdict.Failed);
    assertThat(rule(audit(List.of(W, R), List.of(W, R), List.of(W, R), List.of(R)), AuditRules.OrphanPolicy.NONE,
        "manifest.no-rejected-files")).isEqualTo(Verdict.Failed);
    assertThat(rule(audit(List.of(), List.of(W), List.of(W), List.of()), AuditRules.OrphanPolicy.NONE,
        "files.referenced-exist")).isEqualTo(Verdict.Failed);
    String outside = "/elsewhere/00000-1-a.parquet";
    assertThat(rule(audit(List.of(outside), List.of(outside), List.of(outside), List.of()),
        AuditRules.OrphanPolicy.NONE, "files.referenced-exist")).isEqualTo(Verdict.Failed);
    assertThat(rule(audit(List.of(W, R), List.of(W), List.of(W), List.of(R)), AuditRules.OrphanPolicy.NONE,
        "files.no-orphans")).isEqualTo(Verdict.Failed);
    assertThat(rule(audit(List.of(W, R), List.of(W), List.of(W), List.of(R)),
        AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY, "files.orphans-known-rejected")).isEqualTo(Verdict.Passed);
    assertThat(rule(audit(List.of(W, R), List.of(W), List.of(W), List.of()),
        AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY, "files.orphans-known-rejected")).isEqualTo(Verdict.Failed);
  }

  @Test
  void onlyTheCommitsOwnMergedDeletionVectorsCountAsSupersedingAndTheDetailSaysWhich() {
    String merged = "/t/data/merged-dvs-1.puffin";
    String other = "/t/data/00000-9-other.puffin";
    Check mergedByCommit = AuditRules.evaluate(audit(List.of(W, merged), List.of(W, merged), List.of(W), List.of()),
        true, AuditRules.OrphanPolicy.NONE).stream()
        .filter(c -> c.rule().equals("delete-files.accepted-not-superseded")).findFirst().orElseThrow();
    assertThat(mergedByCommit.verdict()).isEqualTo(Verdict.Failed);
    assertThat(mergedByCommit.detail()).isEqualTo("the commit merged deletion vectors of several tasks into [" + merged
        + "] (Iceberg format v3: one deletion vector per data file), superseding the tasks' accepted Puffin files [],"
        + " which it does not delete");
    Check notMerged = AuditRules.evaluate(audit(List.of(W, other), List.of(W, other), List.of(W), List.of()),
        true, AuditRules.OrphanPolicy.NONE).stream()
        .filter(c -> c.rule().equals("delete-files.accepted-not-superseded")).findFirst().orElseThrow();
    assertThat(notMerged.verdict()).as("another added file is the manifest rule's, not a merge").isEqualTo(Verdict.Passed);
    assertThat(notMerged.detail())
        .isEqualTo("no accepted file is left unreferenced and the commit wrote no delete file of its own");
    Check leftOnly = AuditRules.evaluate(audit(List.of(W, R), List.of(W), List.of(W, R), List.of()), true,
        AuditRules.OrphanPolicy.NONE).stream()
        .filter(c -> c.rule().equals("delete-files.accepted-not-superseded")).findFirst().orElseThrow();
    assertThat(leftOnly.detail())
        .isEqualTo("accepted files left on storage unreferenced (orphans), no merge explains them: [" + R + "]");
  }

  @Test
  void theKillExcusesOnlyTheAttemptsItCaughtInTheKilledExecutor() {
    AttemptIdentity duplicate = attempt(1, 20, 1, "1");
    AttemptIdentity running = attempt(2, 21, 0, "1");
    AttemptIdentity lost = attempt(3, 22, 0, "1");
    AttemptIdentity abortedBefore = attempt(0, 23, 1, "1");
    evidence.winner(winner).winner(attempt(1, 30, 0, "2"));
    List.of(duplicate, running, lost, abortedBefore)
        .forEach(a -> evidence.started.add(Evidence.marker("started", a, List.of())));
    // Events at 1,000 ms + their index: the kill began at 1,005 ms, after the first four events.
    Events events = new Events()
        .task(20, 3, 0, 1, 1, "1", true, dev.sft.harness.evidence.SchedulerEvent.SUCCESS)
        .task(23, 3, 0, 0, 1, "1", true, SchedulerHistory.TASK_KILLED)
        .start(21, 3, 0, 2, 0, "1", false)
        .start(22, 3, 0, 3, 0, "1", false)
        .end(22, 3, 0, 3, 0, "1", false, SchedulerHistory.EXECUTOR_LOST_FAILURE);
    List<String> inventory = List.of(Evidence.file(duplicate, 1), Evidence.file(running, 1), Evidence.file(lost, 1),
        Evidence.file(abortedBefore, 1));
    WriteEvidence built = evidence.build();

    assertThat(built.killedAttemptFiles(inventory, KILL_OF_1, events.history()))
        .as("running at the kill, or lost with the executor; not the duplicate or the abort that ended before")
        .containsExactlyInAnyOrder(Evidence.file(running, 1), Evidence.file(lost, 1));
    assertThat(new HarnessKill("1", null).caught(running, events.history()))
        .as("without a start on record only what never ended or was lost with the executor").isTrue();
    assertThat(new HarnessKill("1", null).caught(duplicate, events.history())).isFalse();
    assertThat(new HarnessKill("2", 1_005L).caught(running, events.history())).as("another executor").isFalse();

    AuditResult audit = FileSets.derive("/t", "/data", 1L, 1, inventory, List.of(), List.of(),
        built.rejectedFiles(inventory), built.killedAttemptFiles(inventory, KILL_OF_1, events.history()));
    Check orphans = AuditRules.evaluate(audit, true, AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY,
            tid -> RejectionReason.of(tid, events.history(), built)).stream()
        .filter(c -> c.rule().equals("files.orphans-known-rejected")).findFirst().orElseThrow();
    assertThat(orphans.verdict()).isEqualTo(Verdict.Failed);
    assertThat(orphans.detail()).contains(Evidence.file(duplicate, 1) + " (partition 1 TID 20: ")
        .contains(Evidence.file(abortedBefore, 1) + " (partition 0 TID 23: ")
        .contains("orphans of killed attempts: 2")
        .doesNotContain(Evidence.file(running, 1) + " (", Evidence.file(lost, 1) + " (");
    assertThat(orphans.causes()).as("each with its own cause (RejectionReason's), the duplicate's among them")
        .hasSize(2).contains(dev.sft.contract.Cause.DUPLICATE_RESULT);
  }
}
