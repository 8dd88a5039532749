package dev.sft.harness.judge;

import dev.sft.harness.evidence.RowCounts;
import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.ExecutorLogExcerpt;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.PinRecord;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every rule of a scenario repetition, over its recorded evidence ({@link RepetitionEvidence}): the checks the drive
 * made as it went, the scenario's scheduler rules, the common assertions (accepted messages, spread, gates, rows,
 * commit), the storage audit with the scenario's own storage rules, and the unplanned-loss rule. The one set of
 * rules: a scenario calls it on the folder it just wrote, {@code sft judge} on a stored one.
 */
public final class RepetitionJudge {
  private RepetitionJudge() {}

  /** The checks, the counts they measured, and why the drive stopped early (or null), for the result's message. */
  public record Judged(Checks checks, ScenarioResult.Counts counts, String failure, String pin) {
    /**
     * The repetition's result; {@code note} (or null) ends its message, e.g. where {@code sft judge} took the
     * audit from.
     */
    public ScenarioResult result(RepetitionEvidence rep, long durationMs, String note) {
      List<Check> all = checks.all();
      List<Check> voiding = checks.voiding();
      List<Check> causes = checks.failedCauses();
      // Causes lead the rest, so a bounded message (the termination message keeps 400 characters) keeps them.
      List<String> notPassed = Stream.concat(causes.stream(),
              all.stream().filter(c -> c.verdict() != Verdict.Passed && !voiding.contains(c) && !causes.contains(c)))
          .map(c -> c.side() + "/" + c.rule() + " " + c.verdict() + ": " + c.detail())
          .collect(Collectors.toList());
      if (failure != null) {
        notPassed.add(0, failure);
      }
      // What voided the cell leads the message, once: it says why nothing after it is the scenario's doing.
      notPassed.addAll(0, voiding.stream().map(c -> c.rule() + " Unknown: " + c.detail()).distinct().toList());
      String message = notPassed.isEmpty() ? "all " + all.size() + " checks passed" : String.join("; ", notPassed);
      if (note != null) {
        message = message + "; " + note;
      }
      return ScenarioResult.judged(rep.scenario().id(), rep.operation(), rep.drive().repetition(),
          checks.verdict(Check.SCHEDULER), checks.verdict(Check.STORAGE), counts, durationMs, rep.dir().toString(),
          message, all).withPin(pin);
    }
  }

  /**
   * Judges {@code rep}; {@code audit} gives the table's storage audit (the scenario audits the table and keeps the
   * audit, {@code sft judge} audits a kept table again or reads the recorded audit). An audit that cannot be had
   * (it throws) leaves the storage rules Unknown, naming why.
   */
  public static Judged judge(RepetitionEvidence rep, Function<RepetitionEvidence, AuditResult> audit) {
    RecordedDrive drive = rep.drive();
    Checks checks = new Checks();
    drive.driveChecks().forEach(checks::add);
    ScenarioResult.Counts counts = ScenarioResult.Counts.NOT_MEASURED;
    String failure = drive.failure();
    if (drive.started() && drive.notNative() != null) {
      // Comet ran its JVM fallback outside the probe: no evidence of the writer under test to judge or audit. The
      // probe saw no attempt, so the drive may have stopped early; the message says why first.
      NativeWriterJudge.notJudged(checks, drive.notNative());
      failure = failure == null ? null
          : "the native writer did not run, so the probe saw no attempt and the " + failure;
    } else if (drive.started()) {
      scheduler(rep, checks);
      if (drive.tableLocation() != null && rep.prior().isPresent()) {
        counts = common(rep, checks, audit);
      }
    }
    UnplannedLoss.judge(checks, rep.history(), drive.killedByHarness());
    ExecutorCrashJudge.judge(checks, rep.history(), drive.killedByHarness(),
        executor -> ExecutorLogExcerpt.tail(rep.write().executorLogOf(executor).orElse(null)));
    Optional<PinRecord> pin = PinJudge.pinOf(rep.dir());
    pin.ifPresent(p -> PinJudge.judge(checks, p, PinJudge.pinnedMarkers(new GatePaths(rep.dir()))));
    return new Judged(checks, counts, failure, pin.map(PinRecord::pin).orElse(null));
  }

  /**
   * The table's storage audit now, with the winners, rejected and killed attempts' files the evidence names: what a
   * scenario takes after its write, and {@code sft judge} of a table that was kept.
   */
  public static AuditResult auditTable(RepetitionEvidence rep) {
    WriteEvidence write = rep.write();
    return StorageAudit.audit(rep.drive().tableLocation(), rep.prior().orElseThrow().snapshotIds(),
        write.winnerFiles(), write::rejectedFiles,
        physical -> write.killedAttemptFiles(physical, rep.drive().harnessKills(), rep.history()));
  }

  private static void scheduler(RepetitionEvidence rep, Checks checks) {
    RecordedDrive drive = rep.drive();
    switch (rep.scenario()) {
      case SPECULATION_ORIGINAL_WINS, SPECULATION_SPECULATIVE_WINS -> SpeculationJudge.judge(checks,
          SpeculationJudge.Winner.of(rep.scenario()), SpeculationJudge.TARGET_PARTITION, drive.fault().race(),
          rep.write(), rep.history(), drive.failure());
      case EXECUTOR_LOSS_TASK_REPLACEMENT, EXECUTOR_LOSS_SHUFFLE_LOSS, EXECUTOR_LOSS_AFTER_HANDOFF ->
          executorLoss(rep, checks);
      case CONTROL_SPECULATION, CONTROL_EXECUTOR_LOSS, CONTROL_SHUFFLE_LOSS -> ControlJudge.judge(checks, rep.write(),
          rep.history(), drive.failure(), rep.scenario().needsSpeculation());
    }
  }

  private static void executorLoss(RepetitionEvidence rep, Checks checks) {
    RecordedDrive.Fault fault = rep.drive().fault();
    KillTarget target = rep.target().orElse(null);
    if (fault.kill() != null && target != null) {
      KillProof.judge(checks, target.attempt(),
          fault.kill().proof(RecordedKill.recordOf(rep.dir(), target.attempt())), rep.history());
    }
    if (!ExecutorLossJudge.judge(checks, target, fault.killed(), fault.unreachable(), rep.history(),
        rep.drive().failure())) {
      return;
    }
    switch (rep.scenario()) {
      case EXECUTOR_LOSS_SHUFFLE_LOSS ->
          ShuffleLossJudge.judge(checks, target, rep.write().heldBeforeInput(), rep.history());
      case EXECUTOR_LOSS_AFTER_HANDOFF ->
          LossAfterHandoffJudge.afterRecovery(checks, target, rep.write(), rep.history());
      default -> { } // Task replacement needs no evidence beyond the common recovery checks.
    }
  }

  /** The reference suite's common assertions, then the storage audit and the scenario's own storage rules. */
  private static ScenarioResult.Counts common(RepetitionEvidence rep, Checks checks,
      Function<RepetitionEvidence, AuditResult> audit) {
    WriteEvidence write = rep.write();
    RecordedDrive drive = rep.drive();
    int accepted = write.accepted().size();
    AcceptedMessagesJudge.judge(checks, write, rep.history());
    WriterSpreadJudge.judge(checks, write);
    GateJudge.judge(checks, write.gateTimeouts());
    Optional<RowCounts> rows = RowsJudge.judge(checks, () -> {
      if (drive.rows() == null) {
        throw new IllegalStateException(drive.rowsUnreadable() != null ? drive.rowsUnreadable()
            : "the drive recorded no row counts");
      }
      return drive.rows();
    });
    CommitJudge.judge(checks, write.commits(), accepted);
    Optional<AuditResult> audited = StorageJudge.judge(checks, drive.stillLive(), () -> audit.apply(rep),
        AuditRules.policyOf(rep.scenario()), tid -> RejectionReason.of(tid, rep.history(), write));
    audited.ifPresent(result -> storage(rep, checks, result));
    return new ScenarioResult.Counts(rows.map(RowCounts::rows).orElse(-1L),
        rows.map(RowCounts::distinctIds).orElse(-1L),
        audited.map(AuditResult::newSnapshots).orElse(-1), accepted,
        audited.map(a -> a.orphan().size()).orElse(-1), audited.map(a -> a.knownRejectedOrphans().size()).orElse(-1),
        audited.map(a -> a.missing().size()).orElse(-1));
  }

  /** The scenario's own storage rules over the audit. */
  private static void storage(RepetitionEvidence rep, Checks checks, AuditResult audit) {
    RecordedDrive.Fault fault = rep.drive().fault();
    if (rep.scenario().needsSpeculation() && fault.race() != null) {
      // Whatever else the audit found, none of the loser's files may be left: its own abort must delete them.
      AttemptMarker loser = SpeculationJudge.Winner.of(rep.scenario()).loser(fault.race());
      Optional<AttemptMarker> abort = rep.write().abortOf(loser.attempt().taskAttemptId());
      String executorLog = abort.map(AttemptMarker::abort)
          .map(seen -> ExecutorLogExcerpt.of(seen.executorLog(), seen.executorLogOffset()))
          .orElse(ExecutorLogExcerpt.NO_LOG);
      LoserFilesJudge.judge(checks, loser.attempt(), abort, audit.orphan(), executorLog, fault.loserCleanup());
    }
    if (rep.scenario() == ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF && fault.killed() && rep.target().isPresent()) {
      LossAfterHandoffJudge.storage(checks, rep.target().get(), audit);
    }
  }
}
