package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.audit.Rejection;
import dev.sft.harness.driver.SchedulerEvent;
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
  void anAttemptWithoutATaskEndSaysSo() {
    assertThat(RejectionReason.of(7, new Events().start(7, 3, 0, 0, 0, "1", false).history(), evidence))
        .isEqualTo(new Rejection(Rejection.NO_TASK_END, "no task end in the scheduler's events"));
    assertThat(RejectionReason.of(368, new Events().task(368, 3, 1, 1, 0, "3", false, SchedulerEvent.SUCCESS)
        .history(), evidence).cause()).isEqualTo(Rejection.DUPLICATE_RESULT);
    assertThat(RejectionReason.of(14, new Events().task(14, 3, 0, 0, 0, "1", false, "FetchFailed").history(),
        evidence).cause()).isEqualTo(Rejection.ATTEMPT_FAILED);
  }
}
