package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import static dev.sft.contract.Check.SCHEDULER;
import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.driver.SchedulerEvent;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.probe.AcceptedMessage;
import dev.sft.harness.probe.AttemptMarker;
import dev.sft.harness.probe.CommitMarker;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The reference suite's common assertions, applied after every monitored write. */
final class CommonAssertions {
  private CommonAssertions() {}

  static ScenarioRun.Counts apply(
      ScenarioRun run, ScenarioContext context, String table, String tableLocation, WriteEvidence evidence,
      AuditRules.OrphanPolicy policy) {
    ScenarioRun.Counts counts = new ScenarioRun.Counts();
    List<SchedulerEvent> events = run.events();
    counts.acceptedMessages = evidence.accepted().size();
    acceptedMessages(run, evidence, events);

    run.phase("verifying rows (count, distinct IDs, EXCEPT ALL both ways)");
    try {
      Fixture.RowCheck rows = context.fixture().verifyRows(table);
      counts.rows = rows.rows();
      counts.distinctIds = rows.distinctIds();
      run.check(STORAGE, "rows.count", rows.rows() == Fixture.TOTAL_ROWS,
          "expected " + Fixture.TOTAL_ROWS + " rows, table has " + rows.rows());
      run.check(STORAGE, "rows.distinct-ids", rows.distinctIds() == Fixture.TOTAL_ROWS,
          "expected " + Fixture.TOTAL_ROWS + " distinct IDs, table has " + rows.distinctIds());
      run.check(STORAGE, "rows.except-all", rows.expectedNotInTable() == 0 && rows.tableNotInExpected() == 0,
          "expected EXCEPT ALL table = " + rows.expectedNotInTable() + ", table EXCEPT ALL expected = "
              + rows.tableNotInExpected() + " (both must be 0)");
    } catch (RuntimeException e) {
      run.unknown(STORAGE, "rows", "cannot read the table: " + e.getMessage());
    }

    List<CommitMarker> commits = evidence.commits();
    long succeeded = commits.stream().filter(CommitMarker::succeeded).count();
    run.check(STORAGE, "commit.one-operator", commits.size() == 1,
        "the write's job commit ran " + commits.size() + " time(s); expected exactly once");
    run.check(STORAGE, "commit.one-success-marker", succeeded == 1,
        succeeded + " successful commit marker(s); expected exactly 1");

    run.phase("auditing storage");
    Set<String> winners = evidence.winnerFiles();
    AuditResult audit;
    try {
      audit = StorageAudit.audit(tableLocation, winners, evidence::rejectedFiles);
    } catch (RuntimeException e) {
      run.unknown(STORAGE, "audit", "cannot audit " + tableLocation + ": " + e.getMessage());
      return counts;
    }
    Markers.publish(run.dir().resolve(EvidenceLayout.STORAGE_AUDIT), audit);
    counts.newSnapshots = audit.snapshots();
    counts.orphanFiles = audit.orphan().size();
    counts.knownRejectedOrphans = audit.knownRejectedOrphans().size();
    counts.missingFiles = audit.missing().size();

    run.check(STORAGE, "snapshots.one-new", audit.snapshots() == 1,
        "the new table has " + audit.snapshots() + " snapshot(s) after the write; expected exactly 1");
    AuditRules.evaluate(audit, true, policy).forEach(run::add);
    return counts;
  }

  /**
   * One accepted message per writer partition, and each message's complete file set identifies exactly one handoff
   * attempt, which has a scheduler Success event.
   */
  private static void acceptedMessages(ScenarioRun run, WriteEvidence evidence, List<SchedulerEvent> events) {
    Map<Integer, List<Long>> byPartition = new TreeMap<>();
    for (AcceptedMessage accepted : evidence.accepted()) {
      byPartition.computeIfAbsent(accepted.attempt().partition(), p -> new java.util.ArrayList<>())
          .add(accepted.attempt().taskAttemptId());
    }
    boolean onePerPartition = byPartition.size() == Fixture.WRITER_PARTITIONS
        && byPartition.values().stream().allMatch(tids -> tids.size() == 1);
    run.check(SCHEDULER, "accepted.one-per-partition", onePerPartition,
        "accepted messages by partition (TIDs): " + byPartition + "; expected one for each of "
            + Fixture.WRITER_PARTITIONS + " partitions");

    StringBuilder problems = new StringBuilder();
    for (AcceptedMessage accepted : evidence.accepted()) {
      Set<String> files = new HashSet<>(accepted.files());
      List<AttemptMarker> matching = evidence.handoffs().stream()
          .filter(h -> new HashSet<>(h.paths()).equals(files))
          .toList();
      long tid = accepted.attempt().taskAttemptId();
      boolean success = events.stream()
          .anyMatch(e -> e.isTaskEndOf(tid) && SchedulerEvent.SUCCESS.equals(e.reason()));
      if (files.isEmpty() || matching.size() != 1 || matching.get(0).attempt().taskAttemptId() != tid || !success) {
        problems.append("partition ").append(accepted.attempt().partition()).append(" TID ").append(tid)
            .append(": ").append(files.size()).append(" file(s), matching handoffs ")
            .append(matching.stream().map(m -> m.attempt().taskAttemptId()).collect(Collectors.toList()))
            .append(", scheduler Success ").append(success).append("; ");
      }
    }
    run.check(SCHEDULER, "accepted.identifies-one-successful-handoff",
        problems.isEmpty() && !evidence.accepted().isEmpty(),
        problems.isEmpty()
            ? evidence.accepted().size() + " accepted message(s), each matching exactly one handoff with Success"
            : problems.toString().trim());
  }
}
