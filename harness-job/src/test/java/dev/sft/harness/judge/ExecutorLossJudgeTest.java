package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExecutorLossJudgeTest {
  final AttemptIdentity victim = attempt(0, 10, 0, "5");
  final AttemptIdentity other = attempt(1, 11, 0, "1");
  static final List<AttemptMarker.FileState> BYTES = List.of(new AttemptMarker.FileState("/data/f", 120));
  static final List<AttemptMarker.FileState> EMPTY = List.of(new AttemptMarker.FileState("/data/f", 0));

  static AttemptMarker paused(AttemptIdentity attempt, Long rows) {
    return new AttemptMarker("paused", attempt, BYTES, 1, "paused", rows);
  }

  KillTarget target(Long rows) {
    return new KillTarget(paused(victim, rows), paused(other, 4_000L));
  }

  static boolean preKill(Checks checks, KillTarget target, List<AttemptMarker.FileState> victimFiles,
      List<AttemptMarker.FileState> otherFiles, boolean handedOff, SchedulerHistory history) {
    return ExecutorLossJudge.preKill(checks, target, victimFiles, otherFiles, handedOff, history);
  }

  @Test
  void thePreKillEvidenceOfARealRunPasses() {
    Checks checks = new Checks();
    assertThat(preKill(checks, target(4_000L), BYTES, BYTES, false, new Events().history())).isTrue();
    assertThat(checks.verdict("scheduler")).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).hasSize(4);
  }

  @Test
  void eachPreKillRequirementFailsOnItsOwn() {
    Checks noBytes = new Checks();
    assertThat(preKill(noBytes, target(4_000L), EMPTY, BYTES, false, new Events().history())).isFalse();
    assertThat(Verdicts.of(noBytes, "pre-kill.target-physical-bytes")).isEqualTo(Verdict.Failed);

    for (Long rows : new Long[] {null, 999L}) {
      Checks fewRows = new Checks();
      assertThat(preKill(fewRows, target(rows), BYTES, BYTES, false, new Events().history())).isFalse();
      assertThat(Verdicts.of(fewRows, "pre-kill.target-supplied-rows")).isEqualTo(Verdict.Failed);
      assertThat(Verdicts.detail(fewRows, "pre-kill.target-supplied-rows"))
          .contains(rows == null ? "an unrecorded number of rows" : "supplied 999 rows");
    }
    Checks exactly = new Checks();
    assertThat(preKill(exactly, target(1_000L), BYTES, BYTES, false, new Events().history())).isTrue();

    Checks handedOff = new Checks();
    assertThat(preKill(handedOff, target(4_000L), BYTES, BYTES, true, new Events().history())).isFalse();
    assertThat(Verdicts.of(handedOff, "pre-kill.target-not-handed-off-or-ended")).isEqualTo(Verdict.Failed);

    Checks ended = new Checks();
    Events events = new Events().task(10, 3, 0, 0, 0, "5", false, SchedulerEvent.SUCCESS);
    assertThat(preKill(ended, target(4_000L), BYTES, BYTES, false, events.history())).isFalse();
    assertThat(Verdicts.of(ended, "pre-kill.target-not-handed-off-or-ended")).isEqualTo(Verdict.Failed);

    Checks otherIdle = new Checks();
    assertThat(preKill(otherIdle, target(4_000L), BYTES, EMPTY, false, new Events().history())).isFalse();
    assertThat(Verdicts.of(otherIdle, "pre-kill.progress-in-another-process")).isEqualTo(Verdict.Failed);

    Checks sameProcess = new Checks();
    AttemptIdentity sibling = new AttemptIdentity(3, 0, 1, 11, 0, "5", victim.host(), victim.pid());
    KillTarget samePid = new KillTarget(paused(victim, 4_000L), paused(sibling, 4_000L));
    assertThat(preKill(sameProcess, samePid, BYTES, BYTES, false, new Events().history())).isFalse();
    assertThat(Verdicts.of(sameProcess, "pre-kill.progress-in-another-process")).isEqualTo(Verdict.Failed);

    Checks samePartition = new Checks();
    KillTarget twin = new KillTarget(paused(victim, 4_000L), paused(attempt(0, 12, 0, "1"), 4_000L));
    assertThat(preKill(samePartition, twin, BYTES, BYTES, false, new Events().history())).isFalse();
    assertThat(Verdicts.of(samePartition, "pre-kill.progress-in-another-process")).isEqualTo(Verdict.Failed);

    Checks samePidOtherHost = new Checks();
    AttemptIdentity elsewhere = new AttemptIdentity(3, 0, 1, 11, 0, "1", "host-9", victim.pid());
    assertThat(preKill(samePidOtherHost, new KillTarget(paused(victim, 4_000L), paused(elsewhere, 1L)), BYTES, BYTES,
        false, new Events().history())).isTrue();
  }

  @Test
  void aKillCommandThatFailedOrTimedOutFailsItsRule() {
    Checks ok = new Checks();
    ExecutorLossJudge.kill(ok, true, "kill command exited 0");
    assertThat(Verdicts.of(ok, "kill.command-succeeded")).isEqualTo(Verdict.Passed);

    Checks timedOut = new Checks();
    ExecutorLossJudge.kill(timedOut, false, "kill command timed out after 30 s and was ended");
    assertThat(Verdicts.of(timedOut, "kill.command-succeeded")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(timedOut, "kill.command-succeeded")).contains("timed out");
  }

  /** The loss as Spark reports it: the victim lost, its executor removed, the partition re-run elsewhere. */
  Events recovered() {
    return new Events()
        .start(10, 3, 0, 0, 0, "5", false)
        .removed("5")
        .end(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE)
        .task(20, 3, 0, 0, 1, "1", false, SchedulerEvent.SUCCESS);
  }

  Checks judge(Events events) {
    Checks checks = new Checks();
    ExecutorLossJudge.judge(checks, target(4_000L), true, null, events.history(), null);
    return checks;
  }

  @Test
  void aRecoveredLossPasses() {
    Checks checks = judge(recovered());
    assertThat(checks.verdict("scheduler")).as(checks.all().toString()).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).extracting(c -> c.rule()).containsExactly("kill.performed", "executor.removed",
        "target.executor-lost-failure", "replacement.succeeded-on-another-executor");
    assertThat(Verdicts.detail(checks, "target.executor-lost-failure")).contains("ExecutorLostFailure (");
    assertThat(Verdicts.detail(checks, "replacement.succeeded-on-another-executor"))
        .contains("succeeded as TID 20 (stage 3.0, attempt 1) on executor 1@host-1");
  }

  @Test
  void noRemovalOrAnotherEndFailsTheirRules() {
    Events noRemoval = new Events().task(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE)
        .task(20, 3, 0, 0, 1, "1", false, SchedulerEvent.SUCCESS);
    assertThat(Verdicts.of(judge(noRemoval), "executor.removed")).isEqualTo(Verdict.Failed);
    Events otherRemoved = new Events().removed("4").task(10, 3, 0, 0, 0, "5", false, "TaskKilled");
    Checks checks = judge(otherRemoved);
    assertThat(Verdicts.of(checks, "executor.removed")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "target.executor-lost-failure")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(judge(new Events()), "target.executor-lost-failure")).isEqualTo(Verdict.Failed);
  }

  @Test
  void aReplacementMustBeARealReplacement() {
    Events base = new Events().removed("5").task(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE);
    String rule = "replacement.succeeded-on-another-executor";
    // same executor (impossible after removal, but the rule must still say no)
    assertThat(Verdicts.of(judge(copy(base).task(20, 3, 0, 0, 1, "5", false, SchedulerEvent.SUCCESS)), rule))
        .isEqualTo(Verdict.Failed);
    // speculative
    assertThat(Verdicts.of(judge(copy(base).task(20, 3, 0, 0, 1, "1", true, SchedulerEvent.SUCCESS)), rule))
        .isEqualTo(Verdict.Failed);
    // not a higher attempt: another task with the same attempt numbers
    assertThat(Verdicts.of(judge(copy(base).task(20, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS)), rule))
        .isEqualTo(Verdict.Failed);
    // another partition, another stage, not a Success
    assertThat(Verdicts.of(judge(copy(base).task(20, 3, 0, 1, 1, "1", false, SchedulerEvent.SUCCESS)), rule))
        .isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(judge(copy(base).task(20, 4, 0, 0, 1, "1", false, SchedulerEvent.SUCCESS)), rule))
        .isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(judge(copy(base).task(20, 3, 0, 0, 1, "1", false, "TaskKilled")), rule))
        .isEqualTo(Verdict.Failed);
    // a higher stage attempt with task attempt 0 is a replacement
    assertThat(Verdicts.of(judge(copy(base).task(20, 3, 1, 0, 0, "1", false, SchedulerEvent.SUCCESS)), rule))
        .isEqualTo(Verdict.Passed);
  }

  private Events copy(Events base) {
    Events copy = new Events();
    for (SchedulerEvent e : base.history().events()) {
      if (SchedulerEvent.EXECUTOR_REMOVED.equals(e.type())) {
        copy.removed(e.executorId());
      } else if (e.isTaskEnd()) {
        copy.task(e.taskId(), e.stageId(), e.stageAttempt(), e.partition(), e.attemptNumber(), e.executorId(),
            e.speculative(), e.reason());
      }
    }
    return copy;
  }

  @Test
  void aFailureBeforeOrAfterTheKillNamesWhereTheDriveStopped() {
    Checks none = new Checks();
    assertThat(ExecutorLossJudge.judge(none, null, false, null, new Events().history(), "timed out")).isFalse();
    assertThat(none.all()).singleElement().satisfies(c -> {
      assertThat(c.rule()).isEqualTo("target.selected");
      assertThat(c.verdict()).isEqualTo(Verdict.Failed);
      assertThat(c.detail()).contains("timed out");
    });

    Checks notKilled = new Checks();
    assertThat(ExecutorLossJudge.judge(notKilled, target(4_000L), false, null, recovered().history(), "refused"))
        .isFalse();
    assertThat(notKilled.all()).singleElement().satisfies(c -> {
      assertThat(c.rule()).isEqualTo("kill.performed");
      assertThat(c.verdict()).isEqualTo(Verdict.Failed);
      assertThat(c.detail()).contains("refused");
    });

    // Killed, then the write timed out: the recovery rules say what really failed, nothing claims "no target".
    Checks afterKill = new Checks();
    Events lost = new Events().removed("5").task(10, 3, 0, 0, 0, "5", false, SchedulerHistory.EXECUTOR_LOST_FAILURE);
    assertThat(ExecutorLossJudge.judge(afterKill, target(4_000L), true, null, lost.history(), "write timed out"))
        .isTrue();
    assertThat(Verdicts.of(afterKill, "kill.performed")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.of(afterKill, "replacement.succeeded-on-another-executor")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.judged(afterKill, "target.selected")).isFalse();
  }
}
