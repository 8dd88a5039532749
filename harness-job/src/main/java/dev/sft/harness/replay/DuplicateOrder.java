package dev.sft.harness.replay;

import dev.sft.contract.Pin;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.judge.SchedulerHistory;
import dev.sft.harness.judge.WriteEvidence;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which attempt of a duplicated partition reached the driver first after a shuffle loss, read as the judges read a
 * {@code duplicate-result}: the driver accepted one attempt of the partition ({@code gates/accepted}) while another
 * attempt of it handed off its files and ended Success. The accepted one's stage attempt against the other's says
 * whether the old stage attempt or the re-executed one won, and so which shuffle-loss pin reproduces it.
 */
final class DuplicateOrder {
  private DuplicateOrder() {}

  /** The pin of each order the evidence shows: one for a repetition whose duplicates all went one way. */
  static Set<Pin> pins(WriteEvidence write, SchedulerHistory history) {
    Set<Pin> orders = new TreeSet<>();
    for (AcceptedMessage accepted : write.accepted()) {
      for (AttemptMarker handoff : write.handoffs()) {
        boolean samePartition = handoff.attempt().partition() == accepted.attempt().partition();
        long tid = handoff.attempt().taskAttemptId();
        if (!samePartition || tid == accepted.attempt().taskAttemptId() || !history.succeeded(tid)) {
          continue;
        }
        int acceptedStageAttempt = accepted.attempt().stageAttempt();
        int droppedStageAttempt = handoff.attempt().stageAttempt();
        if (acceptedStageAttempt < droppedStageAttempt) {
          orders.add(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST);
        } else if (acceptedStageAttempt > droppedStageAttempt) {
          orders.add(Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST);
        }
      }
    }
    return orders;
  }
}
