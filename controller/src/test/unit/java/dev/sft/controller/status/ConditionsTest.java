package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.support.ConditionChecks;
import org.junit.jupiter.api.Test;

/** Which conditions a phase, an invalid spec and a failed reconcile choose (kstatus). */
class ConditionsTest {
  private static String triple(SchedulerFailureTestStatus status) {
    return Conditions.find(status, Conditions.READY).getStatus() + "/"
        + Conditions.find(status, Conditions.RECONCILING).getStatus() + "/"
        + Conditions.find(status, Conditions.STALLED).getStatus();
  }

  @Test
  void eachPhaseSetsReadyReconcilingAndStalled() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.phase = Phase.Running;
    Conditions.forPhase(status, Reason.Running, "running", 1);
    assertThat(triple(status)).isEqualTo("False/True/False");
    status.phase = Phase.Succeeded;
    Conditions.forPhase(status, Reason.RunSucceeded, "done", 1);
    assertThat(triple(status)).isEqualTo("True/False/False");
    status.phase = Phase.Failed;
    Conditions.forPhase(status, Reason.RunFailed, "failed", 1);
    assertThat(triple(status)).isEqualTo("False/False/True");
    assertThat(Conditions.find(status, Conditions.STALLED).getReason()).isEqualTo("RunFailed");
  }

  @Test
  void onlyAChangeOfStatusMovesTheTransitionTime() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    assertThat(Conditions.set(status, Conditions.CLUSTER_READY, false, Reason.WaitingForWorkers, "0/2", 1)).isTrue();
    String first = Conditions.find(status, Conditions.CLUSTER_READY).getLastTransitionTime();
    assertThat(Conditions.set(status, Conditions.CLUSTER_READY, false, Reason.WaitingForWorkers, "0/2", 2)).isFalse();
    assertThat(Conditions.set(status, Conditions.CLUSTER_READY, false, Reason.WaitingForWorkers, "1/2", 2)).isTrue();
    assertThat(Conditions.find(status, Conditions.CLUSTER_READY).getLastTransitionTime()).isEqualTo(first);
  }

  @Test
  void aReconcileErrorIsReconcilingNotStalledUntilTheNextReconcileButAnInvalidSpecStays() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.phase = Phase.Running;
    status.message = "running harness Job t1-r1-spec";
    Conditions.forPhase(status, Reason.Running, status.message, 1);
    assertThat(Conditions.reconcileError(status, "KubernetesClientException: boom (retrying)", 1)).isTrue();
    // A passing API failure heals by itself: Argo CD must not show it as Degraded, nor Flux as Failed.
    assertThat(triple(status)).isEqualTo("False/True/False");
    assertThat(Conditions.find(status, Conditions.RECONCILING).getReason()).isEqualTo("ReconcileError");
    assertThat(Conditions.find(status, Conditions.RECONCILING).getMessage())
        .isEqualTo("KubernetesClientException: boom (retrying)");
    assertThat(Conditions.reconcileError(status, "KubernetesClientException: boom (retrying)", 1)).isFalse();
    assertThat(Conditions.clearReconcileError(status, 1)).isTrue();
    assertThat(triple(status)).isEqualTo("False/True/False");
    assertThat(Conditions.find(status, Conditions.RECONCILING).getReason()).isEqualTo("Running");
    assertThat(Conditions.clearReconcileError(status, 1)).isFalse();

    // A failed run stays Stalled by its own reason through an error and after it.
    status.phase = Phase.Failed;
    Conditions.forPhase(status, Reason.RunFailed, "storage Failed", 1);
    Conditions.reconcileError(status, "KubernetesClientException: boom (retrying)", 1);
    assertThat(Conditions.find(status, Conditions.STALLED).getReason()).isEqualTo("RunFailed");
    assertThat(Conditions.clearReconcileError(status, 1)).isTrue();
    assertThat(triple(status)).isEqualTo("False/False/True");

    status.phase = Phase.Pending;
    Conditions.stalled(status, Reason.InvalidSpec, "invalid spec", 2);
    assertThat(Conditions.clearReconcileError(status, 2)).isFalse();
    assertThat(ConditionChecks.isTrue(status, Conditions.STALLED)).isTrue();
  }

  @Test
  void aStalledReconcileErrorLeftByAnOlderControllerIsCleared() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.phase = Phase.Running;
    Conditions.forPhase(status, Reason.Running, "running", 1);
    Conditions.set(status, Conditions.STALLED, true, Reason.ReconcileError, "KubernetesClientException: boom", 1);
    assertThat(Conditions.clearReconcileError(status, 1)).isTrue();
    assertThat(triple(status)).isEqualTo("False/True/False");
  }

  /** A message is kept as the writer cuts it, so the same long message again is no change (no write, no Event). */
  @Test
  void aLongMessageIsKeptCutAndTheSameOneAgainIsNoChange() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    String longMessage = "invalid spec: " + "spec.knownFindings[0].message: does not compile; ".repeat(100);
    assertThat(Conditions.set(status, Conditions.STALLED, true, Reason.InvalidSpec, longMessage, 1)).isTrue();
    assertThat((long) Conditions.find(status, Conditions.STALLED).getMessage().length())
        .isEqualTo(dev.sft.api.StatusBounds.MESSAGE);
    assertThat(Conditions.set(status, Conditions.STALLED, true, Reason.InvalidSpec, longMessage, 1)).isFalse();
  }
}
