package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.FileSets;
import dev.sft.harness.driver.SchedulerEvent;
import dev.sft.harness.probe.AttemptIdentity;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StorageJudgeTest {
  static AuditResult clean(int snapshots) {
    List<String> files = List.of("/t/data/00000-1-a.parquet");
    return FileSets.derive("/t", "/t/data", 7L, snapshots, files, files, files, List.of());
  }

  @Test
  void aQuiescentCleanTableWithOneSnapshotPasses() {
    Checks checks = new Checks();
    assertThat(StorageJudge.judge(checks, List.of(), () -> clean(1), AuditRules.OrphanPolicy.NONE)).isPresent();
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.of(checks, "storage.quiescent")).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).extracting(c -> c.rule()).containsExactly("storage.quiescent", "snapshots.one-new",
        "manifest.equals-accepted-winners", "manifest.no-rejected-files", "files.referenced-exist",
        "files.no-orphans");
  }

  @Test
  void theAuditRulesOfThePolicyDecide() {
    List<String> physical = List.of("/t/data/00000-1-a.parquet", "/t/data/00000-2-a.parquet");
    List<String> referenced = List.of("/t/data/00000-1-a.parquet");
    AuditResult orphan = FileSets.derive("/t", "/t/data", 7L, 1, physical, referenced, referenced, List.of());
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
    var marker = new dev.sft.harness.probe.AttemptMarker("gate-timeout", attempt(2, 14, 0, "1"), List.of(), 1,
        "gate timed out after 180000 ms waiting for /gates/attempts/p2-t14/release");
    GateJudge.judge(timedOut, List.of(marker));
    assertThat(Verdicts.of(timedOut, "gates.no-timeout")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(timedOut, "gates.no-timeout")).contains("partition 2 TID 14")
        .contains("p2-t14/release");
  }
}
