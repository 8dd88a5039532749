package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The speculation scenarios' scheduler rules: two attempts of the target partition on distinct hosts reached
 * handoff with nonempty, disjoint files for the same stage, stage attempt and partition; the scheduler calls one
 * original and one speculative; the selected one succeeds and is the only accepted message; the other is cancelled
 * and its abort runs.
 */
public final class SpeculationJudge {
  /** The writer partition whose attempts race: its original is held after handoff until a copy gets there too. */
  public static final int TARGET_PARTITION = 0;

  /** Which attempt the driver releases. */
  public enum Winner {
    ORIGINAL,
    SPECULATIVE;

    /** The winner a speculation scenario releases. */
    public static Winner of(dev.sft.contract.ScenarioName scenario) {
      return switch (scenario) {
        case SPECULATION_ORIGINAL_WINS -> ORIGINAL;
        case SPECULATION_SPECULATIVE_WINS -> SPECULATIVE;
        default -> throw new IllegalArgumentException(scenario.id() + " is not a speculation scenario");
      };
    }

    /** The attempt of {@code race} this winner releases. */
    public AttemptMarker selected(SpeculationRace race) {
      return this == ORIGINAL ? race.original() : race.speculative();
    }

    /** The other attempt of {@code race}: the one that must lose. */
    public AttemptMarker loser(SpeculationRace race) {
      return this == ORIGINAL ? race.speculative() : race.original();
    }
  }

  private SpeculationJudge() {}

  /** {@code race} is null when two attempts never reached handoff; {@code failure} says why the drive stopped. */
  public static void judge(Checks checks, Winner winner, int partition, SpeculationRace race, WriteEvidence evidence,
      SchedulerHistory history, String failure) {
    List<Long> handoffTids = evidence.handoffsOf(partition).stream().map(m -> m.attempt().taskAttemptId())
        .distinct().toList();
    if (race == null) {
      checks.check(SCHEDULER, "handoff.two-attempts", false, handoffTids.size() + " attempt(s) of partition "
          + partition + " reached handoff: " + handoffTids + (failure == null ? "" : "; " + failure));
      return;
    }
    AttemptIdentity original = race.original().attempt();
    AttemptIdentity speculative = race.speculative().attempt();
    checks.check(SCHEDULER, "handoff.two-attempts",
        handoffTids.size() == 2 && handoffTids.contains(original.taskAttemptId())
            && handoffTids.contains(speculative.taskAttemptId())
            && original.attemptNumber() == 0 && speculative.attemptNumber() > 0,
        "attempts of partition " + partition + " at handoff: " + handoffTids + "; original TID "
            + original.taskAttemptId() + " (attempt " + original.attemptNumber() + "), speculative TID "
            + speculative.taskAttemptId() + " (attempt " + speculative.attemptNumber() + ")");
    checks.check(SCHEDULER, "handoff.distinct-hosts", !original.host().equals(speculative.host()),
        "original on " + original.host() + " (executor " + original.executorId() + "), speculative on "
            + speculative.host() + " (executor " + speculative.executorId() + ")");
    checks.check(SCHEDULER, "handoff.same-stage-attempt-partition",
        original.stageId() == speculative.stageId() && original.stageAttempt() == speculative.stageAttempt()
            && original.partition() == speculative.partition() && original.partition() == partition,
        "original stage " + original.stageId() + "." + original.stageAttempt() + " partition "
            + original.partition() + ", speculative stage " + speculative.stageId() + "."
            + speculative.stageAttempt() + " partition " + speculative.partition());
    Set<String> originalFiles = new HashSet<>(race.original().paths());
    Set<String> speculativeFiles = new HashSet<>(race.speculative().paths());
    checks.check(SCHEDULER, "handoff.nonempty-disjoint-files",
        !originalFiles.isEmpty() && !speculativeFiles.isEmpty()
            && Collections.disjoint(originalFiles, speculativeFiles),
        "original files " + originalFiles.size() + ", speculative files " + speculativeFiles.size()
            + ", shared " + originalFiles.stream().filter(speculativeFiles::contains).count());

    Optional<Boolean> originalFlag = history.taskStart(original.taskAttemptId()).map(SchedulerEvent::speculative);
    Optional<Boolean> speculativeFlag =
        history.taskStart(speculative.taskAttemptId()).map(SchedulerEvent::speculative);
    checks.check(SCHEDULER, "attempts.scheduler-kinds",
        originalFlag.equals(Optional.of(false)) && speculativeFlag.equals(Optional.of(true)),
        "scheduler's speculative flag: original " + originalFlag.orElse(null) + ", speculative "
            + speculativeFlag.orElse(null));

    AttemptIdentity selected = winner == Winner.ORIGINAL ? original : speculative;
    AttemptIdentity loser = winner == Winner.ORIGINAL ? speculative : original;
    Optional<SchedulerEvent> selectedEnd = history.taskEnd(selected.taskAttemptId());
    checks.check(SCHEDULER, "winner.scheduler-success", history.succeeded(selected.taskAttemptId()),
        "selected " + winner.name().toLowerCase() + " TID " + selected.taskAttemptId() + " ended with "
            + selectedEnd.map(SchedulerEvent::reason).orElse("no task-end event"));
    List<Long> acceptedTids = evidence.accepted().stream()
        .filter(a -> a.attempt().partition() == partition)
        .map(AcceptedMessage::attempt).map(AttemptIdentity::taskAttemptId).toList();
    checks.check(SCHEDULER, "winner.message-accepted", acceptedTids.equals(List.of(selected.taskAttemptId())),
        "accepted message(s) for partition " + partition + " from TIDs " + acceptedTids
            + "; expected only TID " + selected.taskAttemptId());
    Optional<SchedulerEvent> loserEnd = history.taskEnd(loser.taskAttemptId());
    checks.check(SCHEDULER, "loser.cancelled",
        loserEnd.map(e -> SchedulerHistory.TASK_KILLED.equals(e.reason())).orElse(false),
        "losing TID " + loser.taskAttemptId() + " ended with "
            + loserEnd.map(e -> e.reason() + " (" + e.detail() + ")").orElse("no task-end event"));
    loserAbort(checks, evidence.abortOf(loser.taskAttemptId()));
  }

  /**
   * The loser's own abort path ran (Spark cancelled it and called its writer's abort). Whether that abort deleted
   * the loser's files is the writer's doing, judged on the storage side ({@link LoserFilesJudge}).
   */
  private static void loserAbort(Checks checks, Optional<AttemptMarker> abort) {
    checks.check(SCHEDULER, "loser.abort-ran", abort.isPresent(), abort
        .map(a -> "the losing attempt's abort ran (" + a.detail() + ")" + (a.abort() == null ? ""
            : a.abort().interruptedAtStart() ? ", its thread interrupted when abort() began"
                : ", its thread not interrupted when abort() began"))
        .orElse("the losing attempt never ran its abort path"));
  }
}
