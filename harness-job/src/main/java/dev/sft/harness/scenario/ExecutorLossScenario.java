package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.contract.ScenarioName;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.judge.ExecutorLossJudge;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.judge.PartlyWrittenAttempts;
import dev.sft.harness.judge.RecordedDrive;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.evidence.WriterFiles;
import dev.sft.harness.table.Fixture;
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
 * SIGKILLs the target's executor through the kill command and requires Spark to recover. When the evidence shows
 * that no such target can appear (a writer that buffers its output, {@link PartlyWrittenAttempts}), nothing is
 * killed: the held attempts are released, the write commits, the scheduler side is Unknown and storage is audited
 * as usual. The rules are
 * {@link ExecutorLossJudge}'s. Subclasses choose the input and the target, and add their own scheduler evidence;
 * {@link LossAfterHandoffScenario} also replaces the pause by a hold after commit, with pre-kill rules of its own.
 */
abstract class ExecutorLossScenario extends MonitoredWriteScenario<ExecutorLossScenario.Learned> {
  static final int PAUSE_AFTER_ROWS = 4_000;
  static final Map<String, String> TABLE_PROPERTIES = Map.of(
      "write.distribution-mode", "none",
      "write.target-file-size-bytes", "1",
      "write.parquet.page-row-limit", "1000");

  ExecutorLossScenario(ScenarioName name) {
    super(name);
  }

  /**
   * What the drive learned: the target once chosen, and whether its executor was killed; or, instead of a target,
   * why none can appear ({@link PartlyWrittenAttempts}).
   */
  static final class Learned {
    KillTarget target;
    boolean killed;
    String unreachable;
    /** The kill command's call, once it ran; its proof is judged from the whole scheduler history. */
    KillInvoker.Outcome kill;
  }

  @Override
  Learned newLearned() {
    return new Learned();
  }

  /** The monitored write's input, fed through {@link dev.sft.harness.probe.PausingInput}. */
  abstract Dataset<Row> input(ScenarioContext context, ProbeSpec spec);

  /** Partitions whose initial attempts are held before their input iterator is built. */
  abstract List<Integer> holdBeforeInput();

  /** The target, once the scenario's preconditions can be met; empty while they cannot yet. */
  abstract Optional<KillTarget> chooseTarget(ScenarioRepetition repetition, WriteEvidence evidence);


  @Override
  Map<String, String> tableProperties() {
    return TABLE_PROPERTIES;
  }

  @Override
  String tableDescription() {
    return "one-byte target files, 1,000-row pages";
  }


  @Override
  RecordedDrive.Fault fault(Learned learned) {
    return new RecordedDrive.Fault(null, learned.unreachable, learned.kill == null ? null : learned.kill.command(),
        learned.killed);
  }

  /** The probe's settings: by default initial writer attempts pause after {@link #PAUSE_AFTER_ROWS} rows. */
  ProbeSpec probeSpec(ScenarioRepetition repetition, ScenarioContext context, String location) {
    return new ProbeSpec(repetition.dir().toString(), Fixture.dataLocation(location), List.of(), PAUSE_AFTER_ROWS,
        holdBeforeInput(), context.timeout().toMillis()).withPins(context.pinsOf(name()));
  }

  /** What the write's attempts do until the kill, for the progress line. */
  String heldDescription() {
    return "initial writer attempts pause after " + PAUSE_AFTER_ROWS + " rows"
        + (holdBeforeInput().isEmpty() ? "" : ", partitions " + holdBeforeInput() + " held before their input");
  }

  /** What {@link #chooseTarget} waits for, for the time-out message. */
  String targetWanted() {
    return "a paused target attempt with physical bytes, and progress on another partition in another process";
  }

  /**
   * The pre-kill requirements, judged on what the driver re-reads just before the kill (by default the reference
   * suite's: bytes, rows supplied, no handoff or end, progress elsewhere).
   *
   * @return whether all hold, so the kill may proceed
   */
  boolean preKill(ScenarioRepetition repetition, KillTarget target) {
    return ExecutorLossJudge.preKill(repetition.checks(), target,
        WriterFiles.states(target.victim().paths()), WriterFiles.states(target.other().paths()),
        WriteEvidence.read(repetition.gates()).handedOff(target.attempt().taskAttemptId()), repetition.history());
  }

  @Override
  void drive(ScenarioRepetition repetition, ScenarioContext context, String table, String location, Learned learned) {
    ProbeSpec spec = probeSpec(repetition, context, location);
    try (BoundedJob<Void> write = BoundedJob.startWrite(context.spark(), repetition.jobGroup(),
        context.interruptOnCancel(), () -> {
      MonitoredWrite.write(context, repetition.operation(), input(context, spec), table, spec);
      return null;
    })) {
      repetition.phase("write started; " + heldDescription());
      Reach reach = BoundedWait.until(
          targetWanted(),
          context.timeout(),
          () -> {
            if (write.isDone()) {
              write.await(context.timeout());
              throw new IllegalStateException("the write ended before a target could be chosen");
            }
            WriteEvidence evidence = WriteEvidence.read(repetition.gates());
            Optional<KillTarget> chosen = chooseTarget(repetition, evidence);
            return chosen.isPresent() ? chosen.map(Reach::target)
                : unreachable(repetition, evidence, spec).map(Reach::unreachable);
          },
          () -> describe(repetition));
      if (reach.unreachable() != null) {
        learned.unreachable = reach.unreachable();
        repetition.phase("UNKNOWN, nothing killed: " + reach.unreachable() + "; releasing every held attempt");
        Markers.publishText(repetition.gates().releaseAll(),
            "released by the driver: no partly written attempt to kill");
        write.await(context.timeout());
        repetition.phase("write committed without a kill; storage is audited as usual");
        return;
      }
      KillTarget target = reach.target();
      learned.target = target;
      AttemptIdentity victim = target.attempt();
      Markers.publish(repetition.dir().resolve(EvidenceLayout.KILL_TARGET), target);
      if (!preKill(repetition, target)) {
        throw new IllegalStateException("the pre-kill evidence does not hold; nothing was killed");
      }

      repetition.phase("killing executor " + victim.executorId() + " (PID " + victim.pid() + " on " + victim.host()
          + ") which runs writer partition " + victim.partition() + " TID " + victim.taskAttemptId());
      repetition.killing(victim.executorId());
      KillInvoker.Outcome kill =
          KillInvoker.kill(context.killCommand(), victim, repetition.dir(), context.killTimeout());
      learned.kill = kill;
      ExecutorLossJudge.kill(repetition.checks(), kill.succeeded(), kill.describe());
      if (!kill.succeeded()) {
        throw new IllegalStateException("the kill command refused, failed or timed out: " + kill.describe());
      }
      learned.killed = true;
      BoundedWait.untilTrue(
          "executor " + victim.executorId() + " removal and ExecutorLostFailure for TID " + victim.taskAttemptId(),
          context.timeout(),
          () -> repetition.history().executorRemoved(victim.executorId()).isPresent()
              && repetition.taskEnd(victim.taskAttemptId()).isPresent(),
          () -> "executor-removed " + repetition.history().executorRemoved(victim.executorId()).isPresent()
              + ", task-end " + repetition.taskEnd(victim.taskAttemptId()).map(SchedulerEvent::reason).orElse("none"));
      repetition.phase("executor " + victim.executorId() + " removed; releasing every held attempt");
      Markers.publishText(repetition.gates().releaseAll(), "released by the driver after the kill");
      write.await(context.timeout());
      repetition.phase("write committed after recovery");
    }
  }

  /** What the target wait found: a target, or the evidence that none can appear. */
  record Reach(KillTarget target, String unreachable) {
    static Reach target(KillTarget target) {
      return new Reach(target, null);
    }

    static Reach unreachable(String why) {
      return new Reach(null, why);
    }
  }

  /**
   * Why no target can appear, when the evidence proves it: by default, every initial attempt is at its pause (or
   * hold, or finished) and no paused one owns a byte on storage ({@link PartlyWrittenAttempts}), re-listed now by
   * the attempts' file name prefixes under the data location.
   */
  Optional<String> unreachable(ScenarioRepetition repetition, WriteEvidence evidence, ProbeSpec spec) {
    // The application's task slots: spark.cores.max at one core per task (SparkSettings), all registered by preflight.
    return PartlyWrittenAttempts.unreachable(evidence, repetition.history(),
        dev.sft.harness.driver.SparkSettings.MAX_CORES,
        attempt -> WriterFiles.states(WriterFiles.ownedBy(spec.dataLocation(), attempt)));
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

  /** What the probe has seen so far, for the time-out message of the target wait. */
  String describe(ScenarioRepetition repetition) {
    WriteEvidence evidence = WriteEvidence.read(repetition.gates());
    return "paused attempts " + evidence.paused().stream()
        .map(m -> "p" + m.attempt().partition() + "/TID " + m.attempt().taskAttemptId() + "@executor "
            + m.attempt().executorId() + " files " + WriterFiles.states(m.paths()))
        .toList()
        + ", held before input " + evidence.heldBeforeInput().stream()
        .map(m -> "p" + m.attempt().partition()).toList()
        + ", started " + evidence.started().size();
  }
}
