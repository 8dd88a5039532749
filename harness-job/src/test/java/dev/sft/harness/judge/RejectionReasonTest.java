package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.audit.Rejection;
import dev.sft.harness.evidence.SchedulerEvent;
import org.junit.jupiter.api.Test;

/** Why an attempt's message was not accepted, in the words an untolerated orphan is named with. */
class RejectionReasonTest {
  final WriteEvidence evidence = new Evidence().winner(attempt(1, 300, 0, "2")).build();

  @Test
  void aFailedAttemptSaysHowItEnded() {
    Events events = new Events().task(14, 3, 0, 0, 0, "1", false, "FetchFailed");
    assertThat(RejectionReason.of(14, events.history(), evidence).words()).isEqualTo("ended FetchFailed in stage 3.0");
  }

  @Test
  void aSuccessfulDuplicateNamesTheAttemptTheDriverAcceptedInstead() {
    Events events = new Events().task(368, 3, 1, 1, 0, "3", false, SchedulerEvent.SUCCESS);
    assertThat(RejectionReason.of(368, events.history(), evidence).words()).isEqualTo("ended Success in stage 3.1, but the"
        + " driver had accepted partition 1 from TID [300]: a duplicate result the scheduler drops, for which no"
        + " abort runs");
    Events otherPartition = new Events().task(369, 3, 1, 2, 0, "3", false, SchedulerEvent.SUCCESS);
    assertThat(RejectionReason.of(369, otherPartition.history(), evidence).words())
        .isEqualTo("ended Success in stage 3.1, but the driver accepted no message of partition 2");
  }

  @Test
  void aKilledAttemptWhoseAbortRanInterruptedSaysSo() {
    Evidence withAbort = new Evidence().winner(attempt(1, 300, 0, "2"));
    withAbort.aborted.add(new dev.sft.harness.evidence.AttemptMarker("aborted", attempt(1, 377, 1, "3"),
        java.util.List.of(), 1, null, null, new dev.sft.harness.evidence.AbortObservation(true, false, null, 0)));
    Rejection why = RejectionReason.of(377, new Events().task(377, 3, 1, 1, 1, "3", false, "TaskKilled").history(),
        withAbort.build());
    assertThat(why.cause()).isEqualTo(Rejection.INTERRUPTED_ABORT);
    assertThat(why.words()).isEqualTo("ended TaskKilled in stage 3.1 and ran an interrupted abort (thread"
        + " interrupted when abort() began: yes, when it returned: no)");
    Evidence calmAbort = new Evidence();
    calmAbort.aborted.add(new dev.sft.harness.evidence.AttemptMarker("aborted", attempt(1, 378, 1, "3"),
        java.util.List.of(), 1, null, null, new dev.sft.harness.evidence.AbortObservation(false, false, null, 0)));
    assertThat(RejectionReason.of(378, new Events().task(378, 3, 1, 1, 1, "3", false, "TaskKilled").history(),
        calmAbort.build()).cause()).isEqualTo(Rejection.ABORT_LEFT_FILES);
    assertThat(RejectionReason.of(379, new Events().task(379, 3, 1, 1, 1, "3", false, "TaskKilled").history(),
        new Evidence().build())).isEqualTo(new Rejection(Rejection.NEVER_ABORTED,
        "ended TaskKilled in stage 3.1 and never ran its abort"));
  }

  @Test
  void anAttemptWithoutATaskEndSaysSo() {
    assertThat(RejectionReason.of(7, new Events().start(7, 3, 0, 0, 0, "1", false).history(), evidence))
        .isEqualTo(new Rejection(Rejection.NO_TASK_END, "no task end in the scheduler's events"));
    assertThat(RejectionReason.of(368, new Events().task(368, 3, 1, 1, 0, "3", false, SchedulerEvent.SUCCESS)
        .history(), evidence).cause()).isEqualTo(Rejection.DUPLICATE_RESULT);
    assertThat(RejectionReason.of(14, new Events().task(14, 3, 0, 0, 0, "1", false, "FetchFailed").history(),
        evidence).cause()).isEqualTo(Rejection.ATTEMPT_FAILED);
  }
}
