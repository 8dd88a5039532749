package dev.sft.harness.scenario;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.driver.SchedulerEvent;
import dev.sft.harness.evidence.BoundedWait;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.probe.AcceptedMessage;
import dev.sft.harness.probe.AttemptMarker;
import dev.sft.harness.probe.GatePaths;
import dev.sft.harness.probe.ProbeSpec;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Speculative attempts race: the original attempt of writer partition 0 is held after handoff while the other
 * partitions finish, so Spark launches a speculative copy on another host; that copy is held after handoff too.
 * Only the selected attempt is released. It must win in the scheduler and be the accepted message, and the other
 * must be cancelled and cleaned up by the writer's own abort path.
 */
final class SpeculationScenario extends MonitoredWriteScenario<SpeculationScenario.Race> {
  enum Winner {
    ORIGINAL,
    SPECULATIVE
  }

  static final int TARGET_PARTITION = 0;

  private final Winner winner;

  SpeculationScenario(ScenarioName name, Winner winner) {
    super(name);
    this.winner = winner;
  }

  /** The two attempts of the target partition that reached handoff. */
  record Race(AttemptMarker original, AttemptMarker speculative) {}

  @Override
  Map<String, String> tableProperties() {
    // One-byte target files, as in the reference suite: each attempt rolls many files, so the file-set rules and
    // the loser's abort are about whole sets, not one file each.
    return Map.of("write.distribution-mode", "none", "write.target-file-size-bytes", "1");
  }

  @Override
  String tableDescription() {
    return "one-byte target files, no write distribution";
  }

  @Override
  AuditRules.OrphanPolicy orphanPolicy() {
    return AuditRules.OrphanPolicy.NONE;
  }

  @Override
  Race drive(ScenarioRun run, ScenarioContext context, String table, String location) {
    GatePaths gates = run.gates();
    ProbeSpec spec = new ProbeSpec(run.dir().toString(), Fixture.dataLocation(location), List.of(TARGET_PARTITION), 0,
        List.of(), context.timeout().toMillis());
    try (BoundedJob<Void> write = BoundedJob.startWrite(context.spark(), run.jobGroup(), context.interruptOnCancel(), () -> {
      MonitoredWrite.append(context, context.fixture().source(), table, spec);
      return null;
    })) {
      run.phase("write started; partition " + TARGET_PARTITION
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
          () -> describeTarget(run, gates));
      Race race = identify(run, held);
      AttemptMarker selected = winner == Winner.ORIGINAL ? race.original() : race.speculative();
      AttemptMarker loser = winner == Winner.ORIGINAL ? race.speculative() : race.original();
      run.phase("both attempts at handoff: original TID " + race.original().attempt().taskAttemptId() + " on "
          + race.original().attempt().host() + ", speculative TID " + race.speculative().attempt().taskAttemptId()
          + " on " + race.speculative().attempt().host() + "; releasing the " + winner.name().toLowerCase()
          + " attempt only");
      Markers.publishText(
          gates.release(TARGET_PARTITION, selected.attempt().taskAttemptId()), "released by the driver");
      write.await(context.timeout());
      long loserTid = loser.attempt().taskAttemptId();
      run.phase("write committed; waiting for the losing attempt TID " + loserTid + " to be cancelled and abort");
      BoundedWait.untilTrue(
          "the losing attempt TID " + loserTid + " to end in the scheduler and run its abort path",
          context.timeout(),
          () -> run.taskEnd(loserTid).isPresent() && WriteEvidence.read(gates).abortOf(loserTid).isPresent(),
          () -> "task-end " + run.taskEnd(loserTid).map(SchedulerEvent::reason).orElse("none")
              + ", abort marker " + WriteEvidence.read(gates).abortOf(loserTid).isPresent());
      return race;
    }
  }

  /** Original is attempt number 0; the speculative copy is the other one. */
  private static Race identify(ScenarioRun run, List<AttemptMarker> held) {
    AttemptMarker original = held.stream().filter(m -> m.attempt().attemptNumber() == 0).findFirst()
        .orElseThrow(() -> new IllegalStateException("no original (attempt 0) among handoffs " + tids(held)));
    AttemptMarker speculative = held.stream().filter(m -> m != original).findFirst().orElseThrow();
    return new Race(original, speculative);
  }

  @Override
  void judge(ScenarioRun run, Race race, WriteEvidence evidence, String failure) {
    if (race == null) {
      List<AttemptMarker> handoffs = evidence.handoffsOf(TARGET_PARTITION);
      run.check(SCHEDULER, "handoff.two-attempts", false,
          handoffs.size() + " attempt(s) of partition " + TARGET_PARTITION + " reached handoff: " + tids(handoffs));
      return;
    }
    var original = race.original().attempt();
    var speculative = race.speculative().attempt();
    run.check(SCHEDULER, "handoff.two-attempts", true,
        "original TID " + original.taskAttemptId() + ", speculative TID " + speculative.taskAttemptId());
    run.check(SCHEDULER, "handoff.distinct-hosts", !original.host().equals(speculative.host()),
        "original on " + original.host() + " (executor " + original.executorId() + "), speculative on "
            + speculative.host() + " (executor " + speculative.executorId() + ")");
    run.check(SCHEDULER, "handoff.same-stage-attempt-partition",
        original.stageId() == speculative.stageId() && original.stageAttempt() == speculative.stageAttempt()
            && original.partition() == speculative.partition(),
        "original stage " + original.stageId() + "." + original.stageAttempt() + " partition "
            + original.partition() + ", speculative stage " + speculative.stageId() + "."
            + speculative.stageAttempt() + " partition " + speculative.partition());
    Set<String> originalFiles = new HashSet<>(race.original().paths());
    Set<String> speculativeFiles = new HashSet<>(race.speculative().paths());
    run.check(SCHEDULER, "handoff.nonempty-disjoint-files",
        !originalFiles.isEmpty() && !speculativeFiles.isEmpty()
            && Collections.disjoint(originalFiles, speculativeFiles),
        "original files " + originalFiles.size() + ", speculative files " + speculativeFiles.size()
            + ", shared " + originalFiles.stream().filter(speculativeFiles::contains).count());

    Optional<Boolean> originalFlag = run.taskStart(original.taskAttemptId()).map(SchedulerEvent::speculative);
    Optional<Boolean> speculativeFlag = run.taskStart(speculative.taskAttemptId()).map(SchedulerEvent::speculative);
    run.check(SCHEDULER, "attempts.scheduler-kinds",
        originalFlag.equals(Optional.of(false)) && speculativeFlag.equals(Optional.of(true)),
        "scheduler's speculative flag: original " + originalFlag.orElse(null) + ", speculative "
            + speculativeFlag.orElse(null));

    var selected = winner == Winner.ORIGINAL ? original : speculative;
    var loser = winner == Winner.ORIGINAL ? speculative : original;
    Optional<SchedulerEvent> selectedEnd = run.taskEnd(selected.taskAttemptId());
    run.check(SCHEDULER, "winner.scheduler-success",
        selectedEnd.map(e -> SchedulerEvent.SUCCESS.equals(e.reason())).orElse(false),
        "selected " + winner.name().toLowerCase() + " TID " + selected.taskAttemptId() + " ended with "
            + selectedEnd.map(SchedulerEvent::reason).orElse("no task-end event"));
    List<Long> acceptedTids = evidence.accepted().stream()
        .filter(a -> a.attempt().partition() == TARGET_PARTITION)
        .map(AcceptedMessage::attempt).map(a -> a.taskAttemptId()).toList();
    run.check(SCHEDULER, "winner.message-accepted", acceptedTids.equals(List.of(selected.taskAttemptId())),
        "accepted message(s) for partition " + TARGET_PARTITION + " from TIDs " + acceptedTids
            + "; expected only TID " + selected.taskAttemptId());
    Optional<SchedulerEvent> loserEnd = run.taskEnd(loser.taskAttemptId());
    run.check(SCHEDULER, "loser.cancelled",
        loserEnd.map(e -> "TaskKilled".equals(e.reason())).orElse(false),
        "losing TID " + loser.taskAttemptId() + " ended with "
            + loserEnd.map(e -> e.reason() + " (" + e.detail() + ")").orElse("no task-end event"));
    Optional<AttemptMarker> abort = evidence.abortOf(loser.taskAttemptId());
    List<String> leftBehind = abort.map(a -> a.files().stream().filter(f -> f.bytes() >= 0)
        .map(AttemptMarker.FileState::path).collect(Collectors.toList())).orElse(List.of());
    run.check(SCHEDULER, "loser.abort-cleaned-files", abort.isPresent() && leftBehind.isEmpty(),
        abort.isEmpty()
            ? "the losing attempt never ran its abort path"
            : "abort ran (" + abort.get().detail() + "); files still present after abort: " + leftBehind);
  }

  private static String describeTarget(ScenarioRun run, GatePaths gates) {
    WriteEvidence evidence = WriteEvidence.read(gates);
    List<String> started = evidence.started().stream().filter(m -> m.attempt().partition() == TARGET_PARTITION)
        .map(m -> "TID " + m.attempt().taskAttemptId() + "@" + m.attempt().host()).toList();
    List<String> tasks = run.events().stream()
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
