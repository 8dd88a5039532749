package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AbortObservation;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SpeculationJudgeTest {
  AttemptIdentity original = attempt(0, 10, 0, "1");
  AttemptIdentity speculative = attempt(0, 15, 1, "2");
  AttemptMarker originalHandoff = Evidence.marker("handoff", original, List.of(Evidence.file(original, 1)));
  AttemptMarker speculativeHandoff = Evidence.marker("handoff", speculative, List.of(Evidence.file(speculative, 1)));
  final Evidence evidence = new Evidence();
  final Events events = new Events();

  /** The recorded shape of a passing race, for the given winner. */
  void race(SpeculationJudge.Winner winner) {
    AttemptIdentity selected = winner == SpeculationJudge.Winner.ORIGINAL ? original : speculative;
    AttemptIdentity loser = selected == original ? speculative : original;
    evidence.handoffs.add(originalHandoff);
    evidence.handoffs.add(speculativeHandoff);
    evidence.accepted.add(new AcceptedMessage(selected, List.of(Evidence.file(selected, 1)), 5));
    evidence.aborted.add(new AttemptMarker("aborted", loser,
        List.of(new AttemptMarker.FileState(Evidence.file(loser, 1), AttemptMarker.FileState.ABSENT)), 6,
        "another attempt succeeded"));
    events.start(10, 3, 0, 0, 0, "1", false).start(15, 3, 0, 0, 1, "2", true);
    // another partition's accepted message is not the target partition's
    evidence.accepted.add(new AcceptedMessage(attempt(1, 11, 0, "1"), List.of("/data/00001-11-a"), 4));
    events.end(selected.taskAttemptId(), 3, 0, 0, selected.attemptNumber(), selected.executorId(),
        selected == speculative, SchedulerEvent.SUCCESS);
    events.end(loser.taskAttemptId(), 3, 0, 0, loser.attemptNumber(), loser.executorId(), loser == speculative,
        "TaskKilled");
  }

  Checks judge(SpeculationJudge.Winner winner) {
    Checks checks = new Checks();
    SpeculationJudge.judge(checks, winner, 0, new SpeculationRace(originalHandoff, speculativeHandoff),
        evidence.build(), events.history(), null);
    return checks;
  }

  @ParameterizedTest
  @EnumSource(SpeculationJudge.Winner.class)
  void theRecordedRacePassesEveryRule(SpeculationJudge.Winner winner) {
    race(winner);
    Checks checks = judge(winner);
    assertThat(checks.verdict("scheduler")).as(checks.all().toString()).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).hasSize(9);
  }

  @ParameterizedTest
  @EnumSource(SpeculationJudge.Winner.class)
  void theWrongWinnerFailsTheWinnerRules(SpeculationJudge.Winner winner) {
    race(winner);
    SpeculationJudge.Winner other = winner == SpeculationJudge.Winner.ORIGINAL
        ? SpeculationJudge.Winner.SPECULATIVE : SpeculationJudge.Winner.ORIGINAL;
    Checks checks = judge(other);
    assertThat(Verdicts.of(checks, "winner.scheduler-success")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "winner.message-accepted")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "loser.cancelled")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, "loser.cancelled")).contains("ended with Success (");
    assertThat(Verdicts.of(checks, "loser.abort-ran")).as("the loser's abort marker is the selected attempt's")
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void twoAttemptsNumberedZeroAreNotAnOriginalAndASpeculativeCopy() {
    race(SpeculationJudge.Winner.ORIGINAL);
    speculative = attempt(0, 15, 0, "2");
    speculativeHandoff = Evidence.marker("handoff", speculative, speculativeHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.two-attempts"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void noRaceFailsHandoffTwoAttemptsWithTheDrivesFailure() {
    evidence.handoffs.add(originalHandoff);
    Checks checks = new Checks();
    SpeculationJudge.judge(checks, SpeculationJudge.Winner.ORIGINAL, 0, null, evidence.build(), events.history(),
        "timed out waiting for two attempts");
    assertThat(checks.all()).singleElement().satisfies(c -> {
      assertThat(c.rule()).isEqualTo("handoff.two-attempts");
      assertThat(c.verdict()).isEqualTo(Verdict.Failed);
      assertThat(c.detail()).contains("[10]").contains("timed out waiting");
    });
  }

  @Test
  void aThirdAttemptAtHandoffFailsTwoAttempts() {
    race(SpeculationJudge.Winner.ORIGINAL);
    evidence.handoffs.add(Evidence.marker("handoff", attempt(0, 16, 2, "3"), List.of("/data/00000-16-x")));
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.two-attempts"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void aRaceWhoseOriginalIsNotAttemptZeroFailsTwoAttempts() {
    race(SpeculationJudge.Winner.ORIGINAL);
    original = attempt(0, 10, 2, "1");
    originalHandoff = Evidence.marker("handoff", original, originalHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.two-attempts"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void sameHostFails() {
    race(SpeculationJudge.Winner.ORIGINAL);
    speculative = new AttemptIdentity(3, 0, 0, 15, 1, "2", original.host(), 7);
    speculativeHandoff = Evidence.marker("handoff", speculative, speculativeHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.distinct-hosts"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void anotherStageAttemptOrPartitionFails() {
    race(SpeculationJudge.Winner.ORIGINAL);
    speculative = new AttemptIdentity(3, 1, 0, 15, 1, "2", "host-2", 7);
    speculativeHandoff = Evidence.marker("handoff", speculative, speculativeHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.same-stage-attempt-partition"))
        .isEqualTo(Verdict.Failed);
    speculative = new AttemptIdentity(4, 0, 0, 15, 1, "2", "host-2", 7);
    speculativeHandoff = Evidence.marker("handoff", speculative, speculativeHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.same-stage-attempt-partition"))
        .isEqualTo(Verdict.Failed);
    speculative = new AttemptIdentity(3, 0, 1, 15, 1, "2", "host-2", 7);
    speculativeHandoff = Evidence.marker("handoff", speculative, speculativeHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.same-stage-attempt-partition"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void emptyOrSharedFilesFail() {
    race(SpeculationJudge.Winner.ORIGINAL);
    speculativeHandoff = Evidence.marker("handoff", speculative, originalHandoff.paths());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.nonempty-disjoint-files"))
        .isEqualTo(Verdict.Failed);
    speculativeHandoff = Evidence.marker("handoff", speculative, List.of());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.nonempty-disjoint-files"))
        .isEqualTo(Verdict.Failed);
    speculativeHandoff = Evidence.marker("handoff", speculative, List.of("/data/s"));
    originalHandoff = Evidence.marker("handoff", original, List.of());
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "handoff.nonempty-disjoint-files"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void schedulerKindsMustBeOriginalThenSpeculative() {
    race(SpeculationJudge.Winner.ORIGINAL);
    Events swapped = new Events();
    swapped.task(10, 3, 0, 0, 0, "1", true, SchedulerEvent.SUCCESS).task(15, 3, 0, 0, 1, "2", true, "TaskKilled");
    Checks checks = new Checks();
    SpeculationJudge.judge(checks, SpeculationJudge.Winner.ORIGINAL, 0,
        new SpeculationRace(originalHandoff, speculativeHandoff), evidence.build(), swapped.history(), null);
    assertThat(Verdicts.of(checks, "attempts.scheduler-kinds")).isEqualTo(Verdict.Failed);
    Events neither = new Events();
    checks = new Checks();
    SpeculationJudge.judge(checks, SpeculationJudge.Winner.ORIGINAL, 0,
        new SpeculationRace(originalHandoff, speculativeHandoff), evidence.build(), neither.history(), null);
    assertThat(Verdicts.of(checks, "attempts.scheduler-kinds")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, "winner.scheduler-success")).isEqualTo(Verdict.Failed);
  }

  @Test
  void bothMessagesAcceptedFailsWinnerMessageAccepted() {
    race(SpeculationJudge.Winner.ORIGINAL);
    evidence.accepted.add(new AcceptedMessage(speculative, speculativeHandoff.paths(), 7));
    assertThat(Verdicts.of(judge(SpeculationJudge.Winner.ORIGINAL), "winner.message-accepted"))
        .isEqualTo(Verdict.Failed);
  }

  @Test
  void theLosersAbortMustHaveRunAndItsInterruptStateIsReported() {
    race(SpeculationJudge.Winner.ORIGINAL);
    evidence.aborted.set(0, new AttemptMarker("aborted", speculative, List.of(), 6, "another attempt succeeded",
        null, new AbortObservation(true, true, null, 0)));
    Checks checks = judge(SpeculationJudge.Winner.ORIGINAL);
    assertThat(Verdicts.of(checks, "loser.abort-ran")).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.detail(checks, "loser.abort-ran")).contains("interrupted when abort() began");

    evidence.aborted.clear();
    checks = judge(SpeculationJudge.Winner.ORIGINAL);
    assertThat(Verdicts.of(checks, "loser.abort-ran")).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, "loser.abort-ran")).contains("never ran its abort path");
  }
}
