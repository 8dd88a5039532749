package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.UnattributedMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

class AcceptedMessagesJudgeTest {
  static final String ONE_PER_PARTITION = "accepted.one-per-partition";
  static final String ONCE = "accepted.each-once-attributed";
  static final String HANDOFF = "accepted.identifies-one-successful-handoff";

  final Evidence evidence = new Evidence();
  final Events events = new Events();

  /** Two partitions of writer stage 3, each with one accepted winner that the scheduler saw succeed. */
  void twoWinners() {
    winners(2);
  }

  void winners(int partitions) {
    events.submitted(3, 0, partitions);
    for (int p = 0; p < partitions; p++) {
      AttemptIdentity a = attempt(p, 10 + p, 0, "1");
      evidence.winner(a);
      events.task(a.taskAttemptId(), 3, 0, p, 0, "1", false, SchedulerEvent.SUCCESS);
    }
  }

  Checks judge() {
    Checks checks = new Checks();
    AcceptedMessagesJudge.judge(checks, evidence.build(), events.history());
    return checks;
  }

  @Test
  void oneSuccessfulHandoffPerPartitionPasses() {
    twoWinners();
    Checks checks = judge();
    assertThat(checks.verdict("scheduler")).isEqualTo(Verdict.Passed);
    assertThat(checks.all()).hasSize(3);
  }

  @Test
  void thePartitionCountIsTheWriterStages() {
    // A row-level command on the partitioned layout: one writer task per prior data file, eight of them.
    winners(8);
    Checks checks = judge();
    assertThat(Verdicts.of(checks, ONE_PER_PARTITION)).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.detail(checks, ONE_PER_PARTITION)).contains("8 partitions of writer stage 3");
  }

  @Test
  void aWriterStageWithoutItsTaskCountFails() {
    for (int p = 0; p < 2; p++) {
      AttemptIdentity a = attempt(p, 10 + p, 0, "1");
      evidence.winner(a);
      events.task(a.taskAttemptId(), 3, 0, p, 0, "1", false, SchedulerEvent.SUCCESS);
    }
    Checks checks = judge();
    assertThat(Verdicts.of(checks, ONE_PER_PARTITION)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, ONE_PER_PARTITION)).contains("task count is not in the scheduler history");
  }

  @Test
  void aResubmittedAttemptsTaskCountIsNotTheStages() {
    // A resubmitted attempt runs only the missing partitions; its count must not stand for the stage's.
    assertThat(new Events().submitted(3, 0).submitted(3, 1, 1).history().partitionsOf(3)).isEmpty();
    twoWinners();
    events.submitted(3, 1, 1);
    assertThat(Verdicts.of(judge(), ONE_PER_PARTITION)).isEqualTo(Verdict.Passed);
  }

  @Test
  void aMissingPartitionFails() {
    twoWinners();
    evidence.accepted.remove(1);
    assertThat(Verdicts.of(judge(), ONE_PER_PARTITION)).isEqualTo(Verdict.Failed);
  }

  @Test
  void twoMessagesForOnePartitionFail() {
    twoWinners();
    AttemptIdentity second = attempt(1, 20, 1, "2");
    evidence.winner(second);
    events.task(20, 3, 0, 1, 1, "2", false, SchedulerEvent.SUCCESS);
    assertThat(Verdicts.of(judge(), ONE_PER_PARTITION)).isEqualTo(Verdict.Failed);
  }

  @Test
  void aDuplicateAcceptedMessageFails() {
    twoWinners();
    evidence.duplicateAccepted.add(evidence.accepted.get(0));
    Checks checks = judge();
    assertThat(Verdicts.of(checks, ONCE)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, ONCE)).contains("p0 TID 10");
    assertThat(Verdicts.of(checks, ONE_PER_PARTITION)).isEqualTo(Verdict.Passed);
  }

  @Test
  void anUnattributableAcceptedMessageFails() {
    twoWinners();
    evidence.unattributed.add(new UnattributedMessage("SomeMessage", List.of("/data/x.parquet"), 1, "no name"));
    Checks checks = judge();
    assertThat(Verdicts.of(checks, ONCE)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, ONCE)).contains("SomeMessage");
  }

  @Test
  void aMessageWithoutSchedulerSuccessFails() {
    AttemptIdentity a = attempt(0, 10, 0, "1");
    AttemptIdentity b = attempt(1, 11, 0, "1");
    evidence.winner(a).winner(b);
    events.task(10, 3, 0, 0, 0, "1", false, SchedulerEvent.SUCCESS);
    events.task(11, 3, 0, 1, 0, "1", false, "TaskKilled");
    Checks checks = judge();
    assertThat(Verdicts.of(checks, HANDOFF)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, HANDOFF)).contains("TID 11").doesNotContain("TID 10");
  }

  @Test
  void aFileSetMatchingTwoHandoffsFails() {
    twoWinners();
    AttemptIdentity twin = attempt(0, 30, 1, "2");
    evidence.handoffs.add(Evidence.marker("handoff", twin, evidence.accepted.get(0).files()));
    Checks checks = judge();
    assertThat(Verdicts.of(checks, HANDOFF)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, HANDOFF)).contains("matching handoffs [10, 30]");
  }

  @Test
  void aFileSetMatchingAnotherAttemptsHandoffFails() {
    twoWinners();
    AttemptIdentity other = attempt(0, 30, 1, "2");
    List<String> files = evidence.accepted.get(0).files();
    evidence.handoffs.remove(0);
    evidence.handoffs.add(Evidence.marker("handoff", other, files));
    assertThat(Verdicts.of(judge(), HANDOFF)).isEqualTo(Verdict.Failed);
  }

  @Test
  void aMessageWhoseFilesMatchNoHandoffOrAreEmptyFails() {
    twoWinners();
    AcceptedMessage first = evidence.accepted.get(0);
    evidence.accepted.set(0, new AcceptedMessage(first.attempt(), List.of("/data/other.parquet"), 2));
    assertThat(Verdicts.of(judge(), HANDOFF)).isEqualTo(Verdict.Failed);
    evidence.accepted.set(0, new AcceptedMessage(first.attempt(), List.of(), 2));
    evidence.handoffs.set(0, Evidence.marker("handoff", first.attempt(), List.of()));
    assertThat(Verdicts.of(judge(), HANDOFF)).isEqualTo(Verdict.Failed);
  }

  @Test
  void noAcceptedMessageAtAllFails() {
    Checks checks = judge();
    assertThat(Verdicts.of(checks, HANDOFF)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.of(checks, ONE_PER_PARTITION)).isEqualTo(Verdict.Failed);
  }
}
