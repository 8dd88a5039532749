package dev.sft.harness.scenario;

import dev.sft.harness.judge.RejectionReason;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.judge.AcceptedMessagesJudge;
import dev.sft.harness.judge.CommitJudge;
import dev.sft.harness.judge.GateJudge;
import dev.sft.harness.judge.RowsJudge;
import dev.sft.harness.judge.StorageJudge;
import dev.sft.harness.judge.WriterSpreadJudge;
import dev.sft.harness.judge.WriteEvidence;
import java.util.List;
import java.util.function.Consumer;

/**
 * The reference suite's common assertions, applied after every monitored write: the judges decide, this class only
 * gathers their evidence (rows from Spark, the audit from storage) and keeps the audit as evidence.
 */
final class CommonAssertions {
  private CommonAssertions() {}

  /**
   * {@code stillLive} is what the quiescence wait left running; the storage audit is Unknown unless it is empty.
   * {@code onAudit} gets the audit when one was taken, for the scenario's own storage rules.
   */
  static ScenarioRepetition.Counts apply(
      ScenarioRepetition run, ScenarioContext context, String table, String tableLocation, PriorState prior,
      WriteEvidence evidence, AuditRules.OrphanPolicy policy, List<String> stillLive, Consumer<AuditResult> onAudit) {
    ScenarioRepetition.Counts counts = new ScenarioRepetition.Counts();
    counts.acceptedMessages = evidence.accepted().size();
    AcceptedMessagesJudge.judge(run.checks(), evidence, run.history());
    WriterSpreadJudge.judge(run.checks(), evidence);
    GateJudge.judge(run.checks(), evidence.gateTimeouts());

    run.phase("verifying rows against the expected multiset after " + run.operation().id()
        + " (count, distinct IDs, EXCEPT ALL both ways)");
    RowsJudge.judge(run.checks(),
        () -> context.fixture().verifyRows(table, run.operation().expectedRows(context.fixture()))
    ).ifPresent(rows -> {
      counts.rows = rows.rows();
      counts.distinctIds = rows.distinctIds();
    });

    CommitJudge.judge(run.checks(), evidence.commits(), evidence.accepted().size());

    run.phase("auditing storage");
    StorageJudge.judge(run.checks(), stillLive,
        () -> StorageAudit.audit(tableLocation, prior.snapshotIds(), evidence.winnerFiles(), evidence::rejectedFiles,
            physical -> evidence.killedAttemptFiles(physical, run.kills(), run.history())),
        policy, tid -> RejectionReason.of(tid, run.history(), evidence))
        .ifPresent(audit -> {
          record(run, audit, counts);
          onAudit.accept(audit);
        });
    return counts;
  }

  private static void record(ScenarioRepetition run, AuditResult audit, ScenarioRepetition.Counts counts) {
    Markers.publish(run.dir().resolve(EvidenceLayout.STORAGE_AUDIT), audit);
    counts.newSnapshots = audit.newSnapshots();
    counts.orphanFiles = audit.orphan().size();
    counts.knownRejectedOrphans = audit.knownRejectedOrphans().size();
    counts.missingFiles = audit.missing().size();
  }
}
