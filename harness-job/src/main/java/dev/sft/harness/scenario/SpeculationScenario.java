package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.evidence.CleanupWait;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.WriterFiles;
import dev.sft.harness.judge.RecordedDrive;
import dev.sft.harness.judge.SpeculationJudge;
import dev.sft.harness.judge.SpeculationRace;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.table.Fixture;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Speculative attempts race: the original attempt of writer partition 0 is held after handoff while the other
 * partitions finish, so Spark launches a speculative copy on another host; that copy is held after handoff too.
 * Only the selected attempt is released. It must win in the scheduler and be the accepted message, and the other
 * must be cancelled and cleaned up by the writer's own abort path.
 */
final class SpeculationScenario extends MonitoredWriteScenario<SpeculationScenario.Learned> {
  static final int TARGET_PARTITION = SpeculationJudge.TARGET_PARTITION;
  /**
   * One-byte target files, as in the reference suite: each attempt rolls many files, so the file-set rules and the
   * loser's abort are about whole sets, not one file each.
   */
  static final Map<String, String> TABLE_PROPERTIES =
      Map.of("write.distribution-mode", "none", "write.target-file-size-bytes", "1");

  private final SpeculationJudge.Winner winner;

  SpeculationScenario(ScenarioName name, SpeculationJudge.Winner winner) {
    super(name);
    this.winner = winner;
  }

  /** What the drive learned: the race, once both attempts reached handoff; then the wait for the loser's cleanup. */
  static final class Learned {
    SpeculationRace race;
    CleanupWait.Outcome loserCleanup;
  }

  @Override
  Learned newLearned() {
    return new Learned();
  }

  @Override
  Map<String, String> tableProperties() {
    return TABLE_PROPERTIES;
  }

  @Override
  String tableDescription() {
    return "one-byte target files, no write distribution";
  }


  @Override
  void drive(ScenarioRepetition repetition, ScenarioContext context, String table, String location, Learned learned) {
    GatePaths gates = repetition.gates();
    ProbeSpec spec = new ProbeSpec(repetition.dir().toString(), Fixture.dataLocation(location),
        List.of(TARGET_PARTITION), 0, List.of(), context.timeout().toMillis())
        .withPins(context.pinsOf(name()));
    try (BoundedJob<Void> write = BoundedJob.startWrite(context.spark(), repetition.jobGroup(),
        context.interruptOnCancel(), () -> {
      MonitoredWrite.write(context, repetition.operation(), context.fixture().source(), table, spec);
      return null;
    })) {
      repetition.phase("write started; partition " + TARGET_PARTITION
          + " is held after handoff until a speculative copy reaches handoff too");
      List<AttemptMarker> held = BoundedWait.until(
          "two attempts of writer partition " + TARGET_PARTITION + " to reach handoff",
          context.timeout(),
          () -> {
            if (write.isDone()) {
              write.await(context.timeout());
              throw new IllegalStateException("the write ended before two attempts of partition "
                  + TARGET_PARTITION + " reached handoff");
            }
            List<AttemptMarker> handoffs = WriteEvidence.read(gates).handoffsOf(TARGET_PARTITION);
            return handoffs.size() >= 2 ? Optional.of(handoffs) : Optional.empty();
          },
          () -> describeTarget(repetition, gates));
      SpeculationRace race = identify(held);
      learned.race = race;
      AttemptMarker selected = winner.selected(race);
      AttemptMarker loser = winner.loser(race);
      repetition.phase("both attempts at handoff: original TID " + race.original().attempt().taskAttemptId() + " on "
          + race.original().attempt().host() + ", speculative TID " + race.speculative().attempt().taskAttemptId()
          + " on " + race.speculative().attempt().host() + "; releasing the " + winner.name().toLowerCase()
          + " attempt only");
      Markers.publishText(
          gates.release(TARGET_PARTITION, selected.attempt().taskAttemptId()), "released by the driver");
      write.await(context.timeout());
      long loserTid = loser.attempt().taskAttemptId();
      repetition.phase("write committed; waiting for the losing attempt TID " + loserTid
          + " to be cancelled and abort");
      BoundedWait.untilTrue(
          "the losing attempt TID " + loserTid + " to end in the scheduler and run its abort path",
          context.timeout(),
          () -> repetition.taskEnd(loserTid).isPresent() && WriteEvidence.read(gates).abortOf(loserTid).isPresent(),
          () -> "task-end " + repetition.taskEnd(loserTid).map(SchedulerEvent::reason).orElse("none")
              + ", abort marker " + WriteEvidence.read(gates).abortOf(loserTid).isPresent());
    }
  }

  @Override
  RecordedDrive.Fault fault(Learned learned) {
    return new RecordedDrive.Fault(learned.race, null, null, false, learned.loserCleanup);
  }

  /**
   * As the reference suite does before its audit, waits (bounded by {@link CleanupWait#BOUND}) for the loser's files
   * to go, counted from when its abort returned (its marker's time), or from when the write came to rest if it never
   * aborted: an abort may leave its deletes running after it returns.
   */
  @Override
  void beforeAudit(ScenarioRepetition repetition, Learned learned, String location, long restedAtMs) {
    if (learned.race == null) {
      return;
    }
    AttemptIdentity loser = winner.loser(learned.race).attempt();
    Optional<AttemptMarker> abort = WriteEvidence.read(repetition.gates()).abortOf(loser.taskAttemptId());
    repetition.phase("waiting up to " + CleanupWait.BOUND.toSeconds()
        + " s after the losing attempt's abort for its files to go");
    learned.loserCleanup = CleanupWait.await(() -> WriterFiles.ownedBy(Fixture.dataLocation(location), loser),
        abort.map(AttemptMarker::timeMillis).orElse(restedAtMs),
        abort.isPresent() ? "its abort returned" : "the write came to rest", CleanupWait.BOUND);
  }

  /** Original is attempt number 0; the speculative copy is the other one. */
  private static SpeculationRace identify(List<AttemptMarker> held) {
    AttemptMarker original = held.stream().filter(m -> m.attempt().attemptNumber() == 0).findFirst()
        .orElseThrow(() -> new IllegalStateException("no original (attempt 0) among handoffs " + tids(held)));
    AttemptMarker speculative = held.stream().filter(m -> m != original).findFirst().orElseThrow();
    return new SpeculationRace(original, speculative);
  }

  private static String describeTarget(ScenarioRepetition repetition, GatePaths gates) {
    WriteEvidence evidence = WriteEvidence.read(gates);
    List<String> started = evidence.started().stream().filter(m -> m.attempt().partition() == TARGET_PARTITION)
        .map(m -> "TID " + m.attempt().taskAttemptId() + "@" + m.attempt().host()).toList();
    List<String> tasks = repetition.events().stream()
        .filter(e -> e.partition() != null && e.partition() == TARGET_PARTITION && e.stageId() != null)
        .map(e -> e.type() + " TID " + e.taskId() + "@" + e.host() + (e.reason() == null ? "" : " " + e.reason())
            + (Boolean.TRUE.equals(e.speculative()) ? " (speculative)" : ""))
        .toList();
    return "partition " + TARGET_PARTITION + " attempts started " + started + ", at handoff "
        + tids(evidence.handoffsOf(TARGET_PARTITION)) + ", scheduler events " + tasks
        + " (is spark.speculation enabled, and is a free core on another host?)";
  }

  private static List<Long> tids(List<AttemptMarker> markers) {
    return markers.stream().map(m -> m.attempt().taskAttemptId()).toList();
  }
}
