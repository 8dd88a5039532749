package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.FileSets;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StorageJudgeTest {
  static AuditResult clean(int snapshots) {
    List<String> files = List.of("/t/data/00000-1-a.parquet");
    return FileSets.derive("/t", "/t/data", 7L, snapshots, files, files, files, List.of(), List.of());
  }

  @Test
  void aQuiescentCleanTableWithOneSnapshotPasses() {
    Checks checks = new Checks();
    assertThat(StorageJudge.judge(checks, List.of(), () -> clean(1), AuditRules.OrphanPolicy.NONE)).isPresent();
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.of(checks, "storage.quiescent")).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).extracting(c -> c.rule()).containsExactly("storage.quiescent", "snapshots.one-new",
        "manifest.equals-accepted-winners", "delete-files.accepted-not-superseded", "manifest.no-rejected-files",
        "files.referenced-exist", "files.no-orphans");
  }

  @Test
  void theAuditRulesOfThePolicyDecide() {
    List<String> physical = List.of("/t/data/00000-1-a.parquet", "/t/data/00000-2-a.parquet");
    List<String> referenced = List.of("/t/data/00000-1-a.parquet");
    AuditResult orphan = FileSets.derive("/t", "/t/data", 7L, 1, physical, referenced, referenced, List.of(), List.of());
    Checks checks = new Checks();
    StorageJudge.judge(checks, List.of(), () -> orphan, AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(checks, "files.no-orphans")).isEqualTo(Verdict.Failed);
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aWriteThatDidNotComeToRestIsUnknownAndIsNotInventoried() {
    Checks checks = new Checks();
    AtomicBoolean audited = new AtomicBoolean();
    var result = StorageJudge.judge(checks, List.of("TID 9 (partition 1 on executor 2): no completion marker"),
        () -> {
          audited.set(true);
          return clean(1);
        }, AuditRules.OrphanPolicy.NONE);
    assertThat(result).isEmpty();
    assertThat(audited).isFalse();
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Unknown);
    assertThat(Verdicts.detail(checks, "storage.quiescent")).contains("TID 9");
  }

  @Test
  void anUnreadableTableIsUnknown() {
    Checks checks = new Checks();
    StorageJudge.judge(checks, List.of(), () -> {
      throw new IllegalStateException("no metadata");
    }, AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(checks, "audit")).isEqualTo(Verdict.Unknown);
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Unknown);
  }

  @Test
  void twoSnapshotsFail() {
    Checks checks = new Checks();
    StorageJudge.judge(checks, List.of(), () -> clean(2), AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(checks, "snapshots.one-new")).isEqualTo(Verdict.Failed);
  }

  /** An overwrite: prior file p replaced by winner w; the replaced file is referenced by the prior snapshot only. */
  static AuditResult overwrite(int newSnapshots, boolean builtOnPrior, List<String> added, List<String> physical) {
    String p = "/t/data/00000-1-prior.parquet";
    java.util.TreeSet<String> referenced = new java.util.TreeSet<>(added);
    referenced.add(p);
    dev.sft.harness.audit.TableFiles table = new dev.sft.harness.audit.TableFiles(9L, 1 + newSnapshots, newSnapshots,
        builtOnPrior, referenced, new java.util.TreeSet<>(List.of(p)), new java.util.TreeSet<>(added),
        new java.util.TreeSet<>(List.of(p)));
    return FileSets.derive("/t", "/t/data", table, physical, List.of("/t/data/00000-5-w.parquet"), List.of(),
        List.of());
  }

  @Test
  void anOverwriteWhoseNewSnapshotAddsExactlyTheWinnersPassesWithTheReplacedFileKept() {
    List<String> winner = List.of("/t/data/00000-5-w.parquet");
    List<String> physical = List.of("/t/data/00000-1-prior.parquet", "/t/data/00000-5-w.parquet");
    Checks checks = new Checks();
    StorageJudge.judge(checks, List.of(), () -> overwrite(1, true, winner, physical), AuditRules.OrphanPolicy.NONE);
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Passed);
  }

  @Test
  void anOverwriteRuleFailsOnItsOwnEvidence() {
    List<String> winner = List.of("/t/data/00000-5-w.parquet");
    List<String> physical = List.of("/t/data/00000-1-prior.parquet", "/t/data/00000-5-w.parquet");
    Checks two = new Checks();
    StorageJudge.judge(two, List.of(), () -> overwrite(2, true, winner, physical), AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(two, "snapshots.one-new")).isEqualTo(Verdict.Failed);
    Checks detached = new Checks();
    StorageJudge.judge(detached, List.of(), () -> overwrite(1, false, winner, physical),
        AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(detached, "snapshots.one-new")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(detached, "snapshots.one-new")).contains("not a child");
    // A delete file no accepted winner wrote, added by the new snapshot.
    List<String> extra = List.of("/t/data/00000-5-w.parquet", "/t/data/00000-3-deletes.parquet");
    Checks unattributed = new Checks();
    StorageJudge.judge(unattributed, List.of(), () -> overwrite(1, true, extra,
        List.of("/t/data/00000-1-prior.parquet", "/t/data/00000-5-w.parquet", "/t/data/00000-3-deletes.parquet")),
        AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(unattributed, "manifest.equals-accepted-winners")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(unattributed, "manifest.equals-accepted-winners")).contains("00000-3-deletes");
    // The replaced file gone from storage: missing, since the prior snapshot still references it.
    Checks gone = new Checks();
    StorageJudge.judge(gone, List.of(), () -> overwrite(1, true, winner, List.of("/t/data/00000-5-w.parquet")),
        AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(gone, "files.referenced-exist")).isEqualTo(Verdict.Failed);
    // A winner the new snapshot did not add.
    Checks notAdded = new Checks();
    StorageJudge.judge(notAdded, List.of(), () -> overwrite(1, true, List.of(), List.of(
        "/t/data/00000-1-prior.parquet")), AuditRules.OrphanPolicy.NONE);
    assertThat(Verdicts.of(notAdded, "manifest.equals-accepted-winners")).isEqualTo(Verdict.Failed);
  }

  /**
   * A merge-on-read row-level write: the prior data file stays referenced (not removed), the new snapshot adds the
   * winners' delete and data files. {@code commitWrote}: files the commit itself added (merged deletion vectors).
   */
  static AuditResult mergeOnRead(List<String> winner, List<String> commitWrote, List<String> physical) {
    String p = "/t/data/00000-1-prior.parquet";
    java.util.TreeSet<String> added = new java.util.TreeSet<>(commitWrote);
    winner.stream().filter(f -> commitWrote.isEmpty() || !f.endsWith(".puffin")).forEach(added::add);
    java.util.TreeSet<String> referenced = new java.util.TreeSet<>(added);
    referenced.add(p);
    dev.sft.harness.audit.TableFiles table = new dev.sft.harness.audit.TableFiles(9L, 2, 1, true, referenced,
        new java.util.TreeSet<>(List.of(p)), added, new java.util.TreeSet<>());
    return FileSets.derive("/t", "/t/data", table, physical, winner, List.of(), List.of());
  }

  @Test
  void aMergeOnReadWriteWhoseDeleteFilesAreTheWinnersPasses() {
    List<String> winner = List.of("/t/data/00000-5-w-deletes.parquet", "/t/data/00001-6-w-deletes.parquet");
    List<String> physical = List.of("/t/data/00000-1-prior.parquet", "/t/data/00000-5-w-deletes.parquet",
        "/t/data/00001-6-w-deletes.parquet");
    Checks checks = new Checks();
    StorageJudge.judge(checks, List.of(), () -> mergeOnRead(winner, List.of(), physical),
        AuditRules.OrphanPolicy.NONE);
    assertThat(checks.verdict("storage")).as(checks.all().toString()).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.of(checks, "delete-files.accepted-not-superseded")).isEqualTo(Verdict.Passed);
  }

  @Test
  void deletionVectorsTheCommitMergedLeaveTheAcceptedPuffinFilesOrphanedAndTheVerdictNamesThem() {
    List<String> winner = List.of("/t/data/00000-5-w-deletes.puffin", "/t/data/00001-6-w-deletes.puffin");
    List<String> merged = List.of("/t/data/merged-dvs-abc.puffin");
    List<String> physical = List.of("/t/data/00000-1-prior.parquet", "/t/data/00000-5-w-deletes.puffin",
        "/t/data/00001-6-w-deletes.puffin", "/t/data/merged-dvs-abc.puffin");
    Checks checks = new Checks();
    StorageJudge.judge(checks, List.of(), () -> mergeOnRead(winner, merged, physical),
        AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY);
    assertThat(Verdicts.of(checks, "delete-files.accepted-not-superseded")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, "delete-files.accepted-not-superseded"))
        .contains("merged-dvs-abc.puffin").contains("00000-5-w-deletes.puffin").contains("00001-6-w-deletes.puffin")
        .contains("one deletion vector per data file");
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Failed);
  }

  @Test
  void quiescenceNeedsEveryTaskEndedAndEveryMarkedAttemptCompletedOrLost() {
    Evidence evidence = new Evidence();
    Events events = new Events();
    AttemptIdentity done = attempt(0, 10, 0, "1");
    evidence.winner(done);
    events.task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS);
    assertThat(Quiescence.live(events.history(), evidence.build())).isEmpty();

    events.start(11, 3, 0, 1, 0, "1", false);
    assertThat(Quiescence.live(events.history(), evidence.build())).singleElement().asString()
        .contains("TID 11").contains("no terminal scheduler event");
    events.end(11, 3, 0, 1, 0, "1", false, "FetchFailed");

    AttemptIdentity zombie = attempt(1, 11, 0, "1");
    evidence.aborted.add(Evidence.marker("aborted", zombie, List.of()));
    assertThat(Quiescence.live(events.history(), evidence.build())).singleElement().asString()
        .contains("TID 11").contains("no completion marker");
    evidence.completed.add(Evidence.marker("completed", zombie, List.of()));
    assertThat(Quiescence.live(events.history(), evidence.build())).isEmpty();

    AttemptIdentity killed = attempt(2, 12, 0, "5");
    evidence.paused.add(Evidence.marker("paused", killed, List.of()));
    assertThat(Quiescence.live(events.history(), evidence.build())).hasSize(1);
    events.removed("5");
    assertThat(Quiescence.live(events.history(), evidence.build())).isEmpty();
  }

  @Test
  void aWriteNoneOfWhoseTasksStartedIsNotQuiescent() {
    assertThat(Quiescence.live(new Events().history(), new Evidence().build()))
        .containsExactly(Quiescence.NO_TASK_STARTED);
    assertThat(Quiescence.live(new Events().jobStart(3).submitted(3, 0, 4).history(), new Evidence().build()))
        .as("a job and a stage are not a task").containsExactly(Quiescence.NO_TASK_STARTED);
  }

  @Test
  void everyMarkerKindMakesAnAttemptOneToWaitFor() {
    Events events = new Events();
    for (String kind : List.of("started", "held", "paused", "handoff", "aborted", "timeout")) {
      Evidence evidence = new Evidence();
      var marker = Evidence.marker(kind, attempt(0, 40, 0, "1"), List.of());
      switch (kind) {
        case "started" -> evidence.started.add(marker);
        case "held" -> evidence.heldBeforeInput.add(marker);
        case "paused" -> evidence.paused.add(marker);
        case "handoff" -> evidence.handoffs.add(marker);
        case "aborted" -> evidence.aborted.add(marker);
        default -> evidence.gateTimeouts.add(marker);
      }
      assertThat(Quiescence.live(events.history(), evidence.build())).as(kind).hasSize(1);
    }
  }

  @Test
  void aGateTimeoutFailsTheSchedulerNamingTheGate() {
    Checks none = new Checks();
    GateJudge.judge(none, List.of());
    assertThat(Verdicts.of(none, "gates.no-timeout")).isEqualTo(Verdict.Passed);

    Checks timedOut = new Checks();
    var marker = new dev.sft.harness.evidence.AttemptMarker("gate-timeout", attempt(2, 14, 0, "1"), List.of(), 1,
        "gate timed out after 180000 ms waiting for /gates/attempts/p2-t14/release");
    GateJudge.judge(timedOut, List.of(marker));
    assertThat(Verdicts.of(timedOut, "gates.no-timeout")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(timedOut, "gates.no-timeout")).contains("partition 2 TID 14")
        .contains("p2-t14/release");
  }
}
