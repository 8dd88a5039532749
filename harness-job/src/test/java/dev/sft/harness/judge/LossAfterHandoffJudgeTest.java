package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static dev.sft.harness.judge.Evidence.file;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.UnattributedMessage;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LossAfterHandoffJudgeTest {
  final AttemptIdentity victim = attempt(0, 10, 0, "5");
  final AttemptIdentity other = attempt(1, 11, 0, "1");
  final AttemptIdentity replacement = attempt(0, 14, 1, "2");
  final List<String> committed = List.of(file(victim, 1), file(victim, 2));

  AttemptMarker held(String event) {
    return new AttemptMarker(event, victim, committed.stream().map(f -> new AttemptMarker.FileState(f, 500)).toList(),
        1, "the data writer's commit() returned");
  }

  KillTarget target() {
    return new KillTarget(held("held-after-commit"), Evidence.marker("handoff", other, List.of(file(other, 1))));
  }

  List<AttemptMarker.FileState> now(long bytes) {
    return committed.stream().map(f -> new AttemptMarker.FileState(f, bytes)).toList();
  }

  /** Before the kill: the target committed and is held, partition 1 already delivered its result. */
  Events beforeKill() {
    return new Events().start(10, 3, 0, 0, 0, "5", false).task(11, 3, 0, 1, 0, "1", false, SchedulerEvent.SUCCESS);
  }

  /** What a correct run records: the target lost, partition 0 replaced on executor 2 and accepted there. */
  Events afterRecovery() {
    return beforeKill().removed("5").end(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE)
        .task(14, 3, 0, 0, 1, "2", false, SchedulerEvent.SUCCESS);
  }

  Evidence recovered() {
    return new Evidence().winner(other).winner(replacement).winner(attempt(2, 12, 0, "3"))
        .winner(attempt(3, 13, 0, "4")).commit(true, 4);
  }

  boolean preKill(Checks checks, KillTarget target, List<AttemptMarker.FileState> files, List<String> notComplete,
      WriteEvidence evidence, Events events) {
    return LossAfterHandoffJudge.preKill(checks, target, files, notComplete, evidence, events.history());
  }

  @Test
  void thePreKillEvidenceOfARealRunPasses() {
    Checks checks = new Checks();
    assertThat(preKill(checks, target(), now(500), List.of(), new Evidence().winner(other).build(), beforeKill()))
        .isTrue();
    assertThat(checks.all()).hasSize(3);
    assertThat(checks.verdict("scheduler")).isEqualTo(Verdict.Passed);
  }

  @Test
  void filesThatAreNotCompleteOrAMarkerBeforeCommitFailThePreKill() {
    WriteEvidence evidence = new Evidence().winner(other).build();
    Checks truncated = new Checks();
    assertThat(preKill(truncated, target(), now(500), List.of(committed.get(1)), evidence, beforeKill())).isFalse();
    assertThat(Verdicts.of(truncated, "pre-kill.target-committed-files-complete")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(truncated, "pre-kill.target-committed-files-complete")).contains(committed.get(1));

    Checks deleted = new Checks();
    assertThat(preKill(deleted, target(), now(AttemptMarker.FileState.ABSENT), List.of(), evidence, beforeKill()))
        .isFalse();
    assertThat(Verdicts.of(deleted, "pre-kill.target-committed-files-complete")).isEqualTo(Verdict.Failed);

    Checks none = new Checks();
    KillTarget noFiles = new KillTarget(new AttemptMarker("held-after-commit", victim, List.of(), 1, null),
        target().other());
    assertThat(preKill(none, noFiles, List.of(), List.of(), evidence, beforeKill())).isFalse();
    assertThat(Verdicts.of(none, "pre-kill.target-committed-files-complete")).isEqualTo(Verdict.Failed);

    // A paused attempt has not committed: its files are not what this scenario kills after.
    Checks paused = new Checks();
    KillTarget pausedTarget = new KillTarget(held("paused"), target().other());
    assertThat(preKill(paused, pausedTarget, now(500), List.of(), evidence, beforeKill())).isFalse();
    assertThat(Verdicts.of(paused, "pre-kill.target-committed-files-complete")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aResultThatAlreadyReachedTheDriverFailsThePreKill() {
    Checks ended = new Checks();
    Events endedEvents = beforeKill().end(10, 3, 0, 0, 0, "5", false, SchedulerEvent.SUCCESS);
    assertThat(preKill(ended, target(), now(500), List.of(), new Evidence().winner(other).build(), endedEvents))
        .isFalse();
    assertThat(Verdicts.of(ended, "pre-kill.target-result-not-delivered")).isEqualTo(Verdict.Failed);

    Checks accepted = new Checks();
    Evidence acceptedEvidence = new Evidence().winner(other);
    acceptedEvidence.accepted.add(new AcceptedMessage(victim, committed, 2));
    assertThat(preKill(accepted, target(), now(500), List.of(), acceptedEvidence.build(), beforeKill())).isFalse();
    assertThat(Verdicts.of(accepted, "pre-kill.target-result-not-delivered")).isEqualTo(Verdict.Failed);
  }

  @Test
  void anotherResultMustHaveReachedTheDriverFromAnotherProcess() {
    WriteEvidence evidence = new Evidence().winner(other).build();
    Checks notYet = new Checks();
    Events running = new Events().start(10, 3, 0, 0, 0, "5", false).start(11, 3, 0, 1, 0, "1", false);
    assertThat(preKill(notYet, target(), now(500), List.of(), evidence, running)).isFalse();
    assertThat(Verdicts.of(notYet, "pre-kill.other-result-delivered")).isEqualTo(Verdict.Failed);

    Checks sameProcess = new Checks();
    AttemptIdentity sibling = new AttemptIdentity(3, 0, 1, 11, 0, "5", victim.host(), victim.pid());
    KillTarget samePid = new KillTarget(held("held-after-commit"), Evidence.marker("handoff", sibling, List.of()));
    assertThat(preKill(sameProcess, samePid, now(500), List.of(), evidence, beforeKill())).isFalse();
    assertThat(Verdicts.of(sameProcess, "pre-kill.other-result-delivered")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aCorrectRecoveryPassesBothRules() {
    Checks checks = new Checks();
    LossAfterHandoffJudge.afterRecovery(checks, target(), recovered().build(), afterRecovery().history());
    assertThat(checks.all()).hasSize(2);
    assertThat(checks.verdict("scheduler")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.detail(checks, "replacement.message-accepted")).contains("TID 14");
  }

  @Test
  void theKilledAttemptsMessageAcceptedInAnyFormFails() {
    // Accepted under its own identity (e.g. a duplicate), or its files inside another attempt's message, or leaked
    // as a message that names no attempt: each would put the killed attempt's files into the table.
    Evidence byTid = recovered();
    byTid.duplicateAccepted.add(new AcceptedMessage(victim, committed, 5));
    Evidence byFiles = recovered();
    byFiles.accepted.set(1, new AcceptedMessage(replacement, List.of(file(replacement, 1), committed.get(0)), 5));
    Evidence unattributed = recovered();
    unattributed.unattributed.add(new UnattributedMessage("Leaked", committed, 5, "out of band"));
    for (Evidence leaked : List.of(byTid, byFiles, unattributed)) {
      Checks checks = new Checks();
      LossAfterHandoffJudge.afterRecovery(checks, target(), leaked.build(), afterRecovery().history());
      assertThat(Verdicts.of(checks, "target.message-never-accepted")).isEqualTo(Verdict.Failed);
      assertThat(Verdicts.detail(checks, "target.message-never-accepted")).contains(committed.get(0));
    }
  }

  @Test
  void aReplacementWhoseMessageWasNotAcceptedFails() {
    Evidence missing = new Evidence().winner(other).winner(attempt(2, 12, 0, "3")).winner(attempt(3, 13, 0, "4"));
    Checks notAccepted = new Checks();
    LossAfterHandoffJudge.afterRecovery(notAccepted, target(), missing.build(), afterRecovery().history());
    assertThat(Verdicts.of(notAccepted, "replacement.message-accepted")).isEqualTo(Verdict.Failed);

    Checks noReplacement = new Checks();
    Events lostOnly = beforeKill().removed("5").end(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE);
    LossAfterHandoffJudge.afterRecovery(noReplacement, target(), recovered().build(), lostOnly.history());
    assertThat(Verdicts.of(noReplacement, "replacement.message-accepted")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(noReplacement, "replacement.message-accepted")).contains("no replacement");
  }

  static SortedSet<String> set(List<String> files) {
    return new TreeSet<>(files);
  }

  AuditResult audit(List<String> orphan, List<String> knownRejected, List<String> referenced) {
    SortedSet<String> none = new TreeSet<>();
    return new AuditResult("/t", "/t/data", 1L, 1, 1, true, set(orphan), set(referenced), none, none, none, none,
        set(committed), set(committed), set(orphan), none, set(knownRejected), none, none, none, none, none, none,
        none);
  }

  @Test
  void theOrphansMustBeExactlyTheKilledAttemptsCommittedFiles() {
    String winnerFile = file(replacement, 1);
    Checks exact = new Checks();
    LossAfterHandoffJudge.storage(exact, target(), audit(committed, committed, List.of(winnerFile)));
    assertThat(Verdicts.of(exact, "orphans.exactly-killed-attempt-files")).isEqualTo(Verdict.Passed);

    List<String> extra = List.of(committed.get(0), committed.get(1), "/t/data/00002-99-x.parquet");
    List<AuditResult> wrong = List.of(
        // another orphan besides the killed attempt's files
        audit(extra, extra, List.of(winnerFile)),
        // a committed file referenced by the snapshot (so not an orphan)
        audit(List.of(committed.get(0)), List.of(committed.get(0)), List.of(winnerFile, committed.get(1))),
        // a committed file deleted by someone
        audit(List.of(committed.get(0)), List.of(committed.get(0)), List.of(winnerFile)),
        // orphaned but not known to be rejected
        audit(committed, List.of(committed.get(0)), List.of(winnerFile)));
    for (AuditResult audit : wrong) {
      Checks checks = new Checks();
      LossAfterHandoffJudge.storage(checks, target(), audit);
      assertThat(Verdicts.of(checks, "orphans.exactly-killed-attempt-files")).as(audit.toString())
          .isEqualTo(Verdict.Failed);
    }

    Checks nothingCommitted = new Checks();
    KillTarget empty = new KillTarget(new AttemptMarker("held-after-commit", victim, List.of(), 1, null),
        target().other());
    LossAfterHandoffJudge.storage(nothingCommitted, empty, audit(List.of(), List.of(), List.of(winnerFile)));
    assertThat(Verdicts.of(nothingCommitted, "orphans.exactly-killed-attempt-files")).isEqualTo(Verdict.Failed);
  }
}
