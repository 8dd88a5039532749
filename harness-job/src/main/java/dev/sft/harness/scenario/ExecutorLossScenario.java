package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.driver.SchedulerEvent;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.probe.AttemptIdentity;
import dev.sft.harness.probe.AttemptMarker;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.probe.WriterFiles;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Executor process loss in the middle of a write, as in the reference suite: initial writer attempts pause after
 * being supplied 4,000 rows by the JVM input iterator ({@link dev.sft.harness.probe.PausingInput}; one-byte target
 * files and 1,000-row pages, so files roll early). Before the
 * kill the scenario independently requires physical bytes at a path the target attempt owns, no handoff and no
 * terminal event for the target, and progress on another writer partition in another executor process. Then it
 * SIGKILLs the target's executor through the kill command and requires Spark to recover. Subclasses choose the
 * input and the target, and add their own scheduler evidence.
 */
abstract class ExecutorLossScenario extends MonitoredWriteScenario<ExecutorLossScenario.Target> {
  static final int PAUSE_AFTER_ROWS = 4_000;
  static final Map<String, String> TABLE_PROPERTIES = Map.of(
      "write.distribution-mode", "none",
      "write.target-file-size-bytes", "1",
      "write.parquet.page-row-limit", "1000");

  ExecutorLossScenario(ScenarioName name) {
    super(name);
  }

  /** The chosen victim and the other partition whose progress proves the write was really under way. */
  record Target(AttemptMarker victim, AttemptMarker other) {
    AttemptIdentity attempt() {
      return victim.attempt();
    }
  }

  /** The monitored write's input, fed through {@link dev.sft.harness.probe.PausingInput}. */
  abstract Dataset<Row> input(ScenarioContext context, ProbeSpec spec);

  /** Partitions whose initial attempts are held before their input iterator is built. */
  abstract List<Integer> holdBeforeInput();

  /** The target, once the scenario's preconditions can be met; empty while they cannot yet. */
  abstract Optional<Target> chooseTarget(ScenarioRun run, WriteEvidence evidence);

  /** Scheduler evidence specific to the scenario, judged after the write. */
  abstract void judgeSpecific(ScenarioRun run, Target target, WriteEvidence evidence);

  @Override
  Map<String, String> tableProperties() {
    return TABLE_PROPERTIES;
  }

  @Override
  String tableDescription() {
    return "one-byte target files, 1,000-row pages";
  }

  @Override
  AuditRules.OrphanPolicy orphanPolicy() {
    return AuditRules.OrphanPolicy.KNOWN_REJECTED_ONLY;
  }

  @Override
  void judge(ScenarioRun run, Target target, WriteEvidence evidence, String failure) {
    if (target == null) {
      run.check(SCHEDULER, "target.selected", false, "no target was killed; " + failure);
      return;
    }
    judgeRecovery(run, target);
    judgeSpecific(run, target, evidence);
  }

  @Override
  Target drive(ScenarioRun run, ScenarioContext context, String table, String location) {
    ProbeSpec spec = new ProbeSpec(run.dir().toString(), Fixture.dataLocation(location), List.of(), PAUSE_AFTER_ROWS,
        holdBeforeInput(), context.timeout().toMillis());
    try (BoundedJob<Void> write = BoundedJob.startWrite(context.spark(), run.jobGroup(), context.interruptOnCancel(), () -> {
      MonitoredWrite.append(context, input(context, spec), table, spec);
      return null;
    })) {
      run.phase("write started; initial writer attempts pause after " + PAUSE_AFTER_ROWS + " rows"
          + (holdBeforeInput().isEmpty() ? "" : ", partitions " + holdBeforeInput() + " held before their input"));
      Target target = BoundedWait.until(
          "a paused target attempt with physical bytes, and progress on another partition in another process",
          context.timeout(),
          () -> {
            if (write.isDone()) {
              write.await(context.timeout());
              throw new IllegalStateException("the write ended before a target could be chosen");
            }
            return chooseTarget(run, WriteEvidence.read(run.gates()));
          },
          () -> describe(run));
      AttemptIdentity victim = target.attempt();
      Markers.publish(run.dir().resolve(EvidenceLayout.KILL_TARGET), target);
      if (!preconditionsHold(run, target)) {
        throw new IllegalStateException("the pre-kill evidence does not hold; nothing was killed");
      }

      run.phase("killing executor " + victim.executorId() + " (PID " + victim.pid() + " on " + victim.host()
          + ") which runs writer partition " + victim.partition() + " TID " + victim.taskAttemptId());
      KillInvoker.Outcome kill = KillInvoker.kill(context.killCommand(), victim, run.dir(), context.killTimeout());
      run.check(SCHEDULER, "kill.command-succeeded", kill.succeeded(), kill.describe());
      if (kill.record().isPresent()) {
        var record = kill.record().get();
        run.check(SCHEDULER, "kill.identity-and-exit-proven", record.killed() && record.exitObservedMs() != null,
            "kill record: " + record.result() + ", cmdline seen '" + record.cmdline() + "', exit "
                + record.exitState() + (record.reason() == null ? "" : ", " + record.reason()));
      } else {
        run.unknown(SCHEDULER, "kill.identity-and-exit-proven",
            "the kill command wrote no sft kill record under " + run.dir().resolve("kills")
                + "; identity and exit are not proven by it");
      }
      if (!kill.succeeded()) {
        throw new IllegalStateException("the kill command refused, failed or timed out: " + kill.describe());
      }
      BoundedWait.untilTrue(
          "executor " + victim.executorId() + " removal and ExecutorLostFailure for TID " + victim.taskAttemptId(),
          context.timeout(),
          () -> executorRemoved(run, victim).isPresent() && run.taskEnd(victim.taskAttemptId()).isPresent(),
          () -> "executor-removed " + executorRemoved(run, victim).isPresent() + ", task-end "
              + run.taskEnd(victim.taskAttemptId()).map(SchedulerEvent::reason).orElse("none"));
      run.phase("executor " + victim.executorId() + " removed; releasing every held attempt");
      Markers.publishText(run.gates().releaseAll(), "released by the driver after the kill");
      write.await(context.timeout());
      run.phase("write committed after recovery");
      return target;
    }
  }

  /** The reference suite's independent pre-kill requirements, each recorded as a scheduler check. */
  private static boolean preconditionsHold(ScenarioRun run, Target target) {
    AttemptIdentity victim = target.attempt();
    List<AttemptMarker.FileState> victimBytes = WriterFiles.states(target.victim().paths());
    boolean physical = victimBytes.stream().anyMatch(f -> f.bytes() > 0);
    run.check(SCHEDULER, "pre-kill.target-physical-bytes", physical,
        "files owned by TID " + victim.taskAttemptId() + " (prefix "
            + WriterFiles.attemptPrefixes(victim.partition(), victim.taskAttemptId()) + "): " + victimBytes);
    boolean handedOff = WriteEvidence.read(run.gates()).handedOff(victim.taskAttemptId());
    Optional<SchedulerEvent> ended = run.taskEnd(victim.taskAttemptId());
    run.check(SCHEDULER, "pre-kill.target-not-handed-off-or-ended", !handedOff && ended.isEmpty(),
        "handoff " + handedOff + ", task-end " + ended.map(SchedulerEvent::reason).orElse("none"));
    AttemptIdentity other = target.other().attempt();
    boolean otherBytes = WriterFiles.states(target.other().paths()).stream().anyMatch(f -> f.bytes() > 0);
    run.check(SCHEDULER, "pre-kill.progress-in-another-process",
        otherBytes && other.partition() != victim.partition()
            && (other.pid() != victim.pid() || !other.host().equals(victim.host())),
        "partition " + other.partition() + " TID " + other.taskAttemptId() + " in executor " + other.executorId()
            + " (PID " + other.pid() + " on " + other.host() + ") has physical bytes: " + otherBytes);
    return physical && !handedOff && ended.isEmpty() && otherBytes;
  }

  /** Evidence of recovery common to both loss scenarios. */
  private static void judgeRecovery(ScenarioRun run, Target target) {
    AttemptIdentity victim = target.attempt();
    run.check(SCHEDULER, "executor.removed", executorRemoved(run, victim).isPresent(),
        "executor-removed for executor " + victim.executorId() + ": "
            + executorRemoved(run, victim).map(SchedulerEvent::reason).orElse("none"));
    Optional<SchedulerEvent> end = run.taskEnd(victim.taskAttemptId());
    run.check(SCHEDULER, "target.executor-lost-failure",
        end.map(e -> "ExecutorLostFailure".equals(e.reason())).orElse(false),
        "TID " + victim.taskAttemptId() + " ended with "
            + end.map(e -> e.reason() + " (" + e.detail() + ")").orElse("no task-end event"));
    Optional<SchedulerEvent> replacement = run.events().stream()
        .filter(e -> e.isTaskEnd() && SchedulerEvent.SUCCESS.equals(e.reason()))
        .filter(e -> e.stageId() != null && e.stageId() == victim.stageId())
        .filter(e -> e.partition() != null && e.partition() == victim.partition())
        .filter(e -> !victim.executorId().equals(e.executorId()))
        .findFirst();
    run.check(SCHEDULER, "replacement.succeeded-on-another-executor", replacement.isPresent(),
        replacement.map(e -> "partition " + victim.partition() + " succeeded as TID " + e.taskId() + " (stage "
            + e.stageId() + "." + e.stageAttempt() + ", attempt " + e.attemptNumber() + ") on executor "
            + e.executorId() + "@" + e.host()).orElse("no successful replacement of partition "
            + victim.partition() + " on another executor"));
  }

  static Optional<SchedulerEvent> executorRemoved(ScenarioRun run, AttemptIdentity victim) {
    return run.events().stream()
        .filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type()) && victim.executorId().equals(e.executorId()))
        .findFirst();
  }

  /** Paused initial attempts, with the physical bytes they own right now (re-read by the driver, not trusted). */
  static List<AttemptMarker> pausedWithBytes(WriteEvidence evidence) {
    return evidence.paused().stream()
        .filter(m -> WriterFiles.states(m.paths()).stream().anyMatch(f -> f.bytes() > 0))
        .toList();
  }

  static Optional<AttemptMarker> otherProcess(List<AttemptMarker> candidates, AttemptMarker victim) {
    return candidates.stream()
        .filter(m -> m.attempt().partition() != victim.attempt().partition())
        .filter(m -> m.attempt().pid() != victim.attempt().pid() || !m.attempt().host().equals(victim.attempt().host()))
        .findFirst();
  }

  private static String describe(ScenarioRun run) {
    WriteEvidence evidence = WriteEvidence.read(run.gates());
    return "paused attempts " + evidence.paused().stream()
        .map(m -> "p" + m.attempt().partition() + "/TID " + m.attempt().taskAttemptId() + "@executor "
            + m.attempt().executorId() + " files " + WriterFiles.states(m.paths()))
        .toList()
        + ", held before input " + evidence.heldBeforeInput().stream()
        .map(m -> "p" + m.attempt().partition()).toList()
        + ", started " + evidence.started().size();
  }
}
