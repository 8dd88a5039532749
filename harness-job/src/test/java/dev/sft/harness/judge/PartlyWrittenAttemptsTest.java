package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The kill precondition is Unknown only on proof that no partly written attempt can appear; every other shortfall
 * stays a wait whose time-out fails {@code target.selected}.
 */
class PartlyWrittenAttemptsTest {
  static final int STAGE = 3;
  static final int SLOTS = 4;
  /** Writer partitions 0..3 as TIDs 10..13 on executors in two processes per host, as a real run spreads them. */
  final List<AttemptIdentity> initial = List.of(
      attempt(0, 10, 0, "0"), attempt(1, 11, 0, "1"), attempt(2, 12, 0, "2"), attempt(3, 13, 0, "3"));
  final Map<Long, List<AttemptMarker.FileState>> files = new HashMap<>();

  Events started(int tasks, int startedAttempts) {
    Events events = new Events().jobStart(STAGE).submitted(STAGE, 0, tasks);
    for (AttemptIdentity a : initial.subList(0, startedAttempts)) {
      events.start(a.taskAttemptId(), STAGE, 0, a.partition(), 0, a.executorId(), false);
    }
    return events;
  }

  static AttemptMarker paused(AttemptIdentity attempt) {
    return new AttemptMarker("paused", attempt, List.of(), 1, "paused in the writer after 4000 rows", 4_000L);
  }

  /** The delete-mor evidence of the run in bench/RESULTS.md: all four paused after 4,000 deletes, owning nothing. */
  Evidence allPaused() {
    Evidence evidence = new Evidence();
    for (AttemptIdentity a : initial) {
      evidence.started.add(Evidence.marker("started", a, List.of()));
      evidence.paused.add(paused(a));
    }
    return evidence;
  }

  Optional<String> unreachable(Evidence evidence, Events events) {
    return PartlyWrittenAttempts.unreachable(evidence.build(), events.history(), SLOTS,
        a -> files.getOrDefault(a.taskAttemptId(), List.of()));
  }

  @Test
  void everyInitialAttemptPausedWithoutBytesIsUnknownNamingTheAttempts() {
    Optional<String> why = unreachable(allPaused(), started(4, 4));
    assertThat(why).isPresent();
    assertThat(why.get())
        .contains("writer stage 3 (4 tasks)")
        .contains("p0 TID 10 on executor 0 paused after 4000 rows supplied, owning no file on storage")
        .contains("p3 TID 13")
        .contains("the writer buffers its output: no partly written attempt exists to kill");

    Checks checks = new Checks();
    assertThat(ExecutorLossJudge.judge(checks, null, false, why.get(), started(4, 4).history(), null)).isFalse();
    assertThat(checks.all()).singleElement().satisfies(c -> {
      assertThat(c.rule()).isEqualTo(PartlyWrittenAttempts.RULE);
      assertThat(c.verdict()).isEqualTo(Verdict.Unknown);
    });
    assertThat(checks.verdict("scheduler")).isEqualTo(Verdict.Unknown);
  }

  @Test
  void emptyFilesFinishedAttemptsAndHeldReducersDoNotMakeATarget() {
    // A zero-byte file is not a partly written attempt; a finished attempt handed off; a held reducer cannot move.
    files.put(10L, List.of(new AttemptMarker.FileState("/data/00000-10-a.parquet", 0)));
    Evidence evidence = new Evidence();
    evidence.paused.add(paused(initial.get(0)));
    evidence.paused.add(paused(initial.get(1)));
    evidence.heldBeforeInput.add(Evidence.marker("held-before-input", initial.get(2), List.of()));
    Events events = started(4, 4).end(13, STAGE, 0, 3, 0, "3", false, SchedulerEvent.SUCCESS);
    Optional<String> why = unreachable(evidence, events);
    assertThat(why).isPresent();
    assertThat(why.get()).contains("p2 TID 12 on executor 2 held before its input by the scenario")
        .contains("p3 TID 13 on executor 3 finished (Success)")
        .contains("/data/00000-10-a.parquet");
  }

  @Test
  void anAttemptStillRunningAtTheDeadlineIsNoProof() {
    Evidence evidence = allPaused();
    evidence.paused.remove(3);
    assertThat(unreachable(evidence, started(4, 4))).isEmpty();

    Checks checks = new Checks();
    ExecutorLossJudge.judge(checks, null, false, null, started(4, 4).history(), "timed out waiting for a target");
    assertThat(Verdicts.of(checks, "target.selected")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.judged(checks, PartlyWrittenAttempts.RULE)).isFalse();
  }

  @Test
  void anAttemptNotYetStartedOrAStageOfUnknownSizeIsNoProof() {
    Evidence threePaused = allPaused();
    threePaused.paused.remove(3);
    threePaused.started.remove(3);
    assertThat(unreachable(threePaused, started(4, 3))).as("partition 3 waits for a slot").isEmpty();

    Events noSubmission = new Events().jobStart(STAGE);
    initial.forEach(a -> noSubmission.start(a.taskAttemptId(), STAGE, 0, a.partition(), 0, a.executorId(), false));
    assertThat(unreachable(allPaused(), noSubmission)).as("the stage's task count is not seen yet").isEmpty();
  }

  @Test
  void eightTasksOnFourSlotsAllHeldByBufferingAttemptsIsUnknownNamingTheWaitingPartitions() {
    // A row-level command on the partitioned layout: eight writer tasks, four slots, each held by a paused attempt
    // that owns nothing; partitions 4..7 cannot start before a release.
    Optional<String> why = unreachable(allPaused(), started(8, 4));
    assertThat(why).isPresent();
    assertThat(why.get()).contains("partitions [4, 5, 6, 7] not started", "all 4 task slots");
  }

  @Test
  void tasksWaitingWhileASlotIsFreeAreNoProof() {
    Evidence threePaused = allPaused();
    threePaused.paused.remove(3);
    threePaused.started.remove(3);
    // p3 started is not paused yet: still running, so no proof; and with p3 not started, a slot is free.
    assertThat(unreachable(threePaused, started(8, 4))).isEmpty();
    assertThat(unreachable(threePaused, started(8, 3))).isEmpty();
  }

  @Test
  void bytesOnStorageMeanATargetMayBeMissingForAnotherReasonWhichFails() {
    // Partition 1 owns bytes: the precondition is reachable in kind; a missing target is another precondition's
    // failure (partition 0 without bytes, or no progress in another process), not an Unknown.
    files.put(11L, List.of(new AttemptMarker.FileState("/data/00001-11-a.parquet", 120)));
    assertThat(unreachable(allPaused(), started(4, 4))).isEmpty();

    files.clear();
    files.put(12L, List.of(new AttemptMarker.FileState("/data/00002-12-a.parquet",
        AttemptMarker.FileState.UNREADABLE)));
    assertThat(unreachable(allPaused(), started(4, 4))).as("a size that cannot be read proves nothing").isEmpty();
  }

  @Test
  void anAttemptThatEndedOtherwiseOrNoPauseAtAllIsNoProof() {
    Evidence evidence = allPaused();
    evidence.paused.remove(2);
    Events lost = started(4, 4).end(12, STAGE, 0, 2, 0, "2", false, SchedulerHistory.EXECUTOR_LOST_FAILURE);
    assertThat(unreachable(evidence, lost)).isEmpty();

    // Every attempt finished and none paused (e.g. the after-handoff hold, which never pauses): nothing to prove.
    Events finished = started(4, 4);
    initial.forEach(a -> finished.end(a.taskAttemptId(), STAGE, 0, a.partition(), 0, a.executorId(), false,
        SchedulerEvent.SUCCESS));
    Evidence none = new Evidence();
    initial.forEach(a -> none.started.add(Evidence.marker("started", a, List.of())));
    assertThat(unreachable(none, finished)).isEmpty();
  }

  @Test
  void markersOfMoreThanOneWriterStageAreNoProof() {
    Evidence evidence = allPaused();
    evidence.started.add(Evidence.marker("started", new AttemptIdentity(7, 0, 0, 20, 0, "0", "host-0", 120),
        List.of()));
    assertThat(unreachable(evidence, started(4, 4))).isEmpty();
  }

  @Test
  void onlyInitialAttemptsCount() {
    // A retried or speculative attempt's pause, or its start ahead of the initial one, proves nothing about the
    // initial attempts the rule is about.
    Evidence retriedPause = allPaused();
    retriedPause.paused.clear();
    for (AttemptIdentity a : initial) {
      retriedPause.paused.add(paused(new AttemptIdentity(STAGE, 0, a.partition(), a.taskAttemptId(), 1,
          a.executorId(), a.host(), a.pid())));
    }
    assertThat(unreachable(retriedPause, started(4, 4))).as("paused markers of attempt number 1").isEmpty();

    Evidence inLaterStageAttempt = allPaused();
    inLaterStageAttempt.paused.clear();
    for (AttemptIdentity a : initial) {
      inLaterStageAttempt.paused.add(paused(new AttemptIdentity(STAGE, 1, a.partition(), a.taskAttemptId(), 0,
          a.executorId(), a.host(), a.pid())));
    }
    assertThat(unreachable(inLaterStageAttempt, started(4, 4))).as("paused in stage attempt 1").isEmpty();

    for (Events noise : List.of(
        new Events().jobStart(STAGE).submitted(STAGE, 0, 4).start(90, STAGE, 1, 0, 0, "3", false),
        new Events().jobStart(STAGE).submitted(STAGE, 0, 4).start(90, STAGE, 0, 0, 1, "3", false),
        new Events().jobStart(STAGE).submitted(STAGE, 0, 4).start(90, STAGE, 0, 0, 0, "3", true))) {
      for (AttemptIdentity a : initial) {
        noise.start(a.taskAttemptId(), STAGE, 0, a.partition(), 0, a.executorId(), false);
      }
      assertThat(unreachable(allPaused(), noise)).as("a non-initial start of partition 0 first").isPresent();
    }
  }

  @Test
  void aStageOfOneTaskCanBeJudged() {
    Evidence one = new Evidence();
    one.started.add(Evidence.marker("started", initial.get(0), List.of()));
    one.paused.add(paused(initial.get(0)));
    assertThat(unreachable(one, started(1, 1))).isPresent();
  }
}
