package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.StatusBounds;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;

/**
 * The status conditions, following kstatus: {@code Ready}, {@code Reconciling} and {@code Stalled}, plus the domain
 * conditions {@code ClusterReady} and {@code HarnessComplete}. {@code lastTransitionTime} changes only when the
 * condition's status does.
 */
public final class Conditions {
  public static final String READY = "Ready";
  public static final String RECONCILING = "Reconciling";
  public static final String STALLED = "Stalled";
  public static final String CLUSTER_READY = "ClusterReady";
  public static final String HARNESS_COMPLETE = "HarnessComplete";

  private Conditions() {}

  /** Sets a condition; returns whether anything but the generation changed. */
  public static boolean set(SchedulerFailureTestStatus status, String type, boolean isTrue, Reason why,
      String message, long generation) {
    String value = isTrue ? "True" : "False";
    String reason = why.name();
    // Cut as the writer will, so that an unchanged long message compares equal to the one written before.
    message = SchemaBounds.cut(message, StatusBounds.MESSAGE);
    Condition existing = find(status, type);
    if (existing == null) {
      existing = new Condition();
      existing.setType(type);
      status.conditions.add(existing);
    }
    boolean changed = !value.equals(existing.getStatus()) || !reason.equals(existing.getReason())
        || !message.equals(existing.getMessage());
    if (!value.equals(existing.getStatus())) {
      existing.setLastTransitionTime(Instant.now().toString());
    }
    existing.setStatus(value);
    existing.setReason(reason);
    existing.setMessage(message);
    existing.setObservedGeneration(generation);
    return changed;
  }

  public static Condition find(SchedulerFailureTestStatus status, String type) {
    return status.conditions.stream().filter(c -> type.equals(c.getType())).findFirst().orElse(null);
  }

  /** The kstatus triple for a phase: in progress, succeeded, or stopped until someone acts. */
  public static void forPhase(SchedulerFailureTestStatus status, Reason reason, String message, long generation) {
    switch (status.phase) {
      case Pending, Provisioning, Running -> {
        set(status, READY, false, reason, message, generation);
        set(status, RECONCILING, true, reason, message, generation);
        set(status, STALLED, false, reason, message, generation);
      }
      case Succeeded -> {
        set(status, READY, true, reason, message, generation);
        set(status, RECONCILING, false, reason, message, generation);
        set(status, STALLED, false, reason, message, generation);
      }
      case Failed -> {
        set(status, READY, false, reason, message, generation);
        set(status, RECONCILING, false, reason, message, generation);
        set(status, STALLED, true, reason, message, generation);
      }
    }
  }

  /** Stopped until someone acts: an invalid spec. */
  public static void stalled(SchedulerFailureTestStatus status, Reason reason, String message, long generation) {
    set(status, READY, false, reason, message, generation);
    set(status, RECONCILING, false, reason, message, generation);
    set(status, STALLED, true, reason, message, generation);
  }

  /** A new run: in progress, the cluster being created, the harness not started. */
  public static void runStarted(SchedulerFailureTestStatus status, String message, long generation) {
    forPhase(status, Reason.Provisioning, message, generation);
    set(status, CLUSTER_READY, false, Reason.Provisioning, "creating the Spark cluster", generation);
    set(status, HARNESS_COMPLETE, false, Reason.NotStarted, "waiting for the cluster", generation);
  }

  /**
   * A failed reconcile that may heal (an API call refused, a conflict, a timeout): {@code Reconciling=True} with
   * reason {@link Reason#ReconcileError} and the message, while JOSDK retries. It is not {@code Stalled}: Argo CD
   * would show that as Degraded and Flux as Failed for what is usually a passing API failure.
   *
   * @return whether anything changed, to be written
   */
  public static boolean reconcileError(SchedulerFailureTestStatus status, String message, long generation) {
    return set(status, RECONCILING, true, Reason.ReconcileError, message, generation);
  }

  /**
   * After a failed reconcile ({@link Reason#ReconcileError}), the next one puts back the conditions of the phase the
   * test is in. An invalid spec stalls by its own reason and stays.
   *
   * @return whether anything changed, to be written
   */
  public static boolean clearReconcileError(SchedulerFailureTestStatus status, long generation) {
    if (!hasReason(status, RECONCILING, Reason.ReconcileError)
        // A status written by an older controller, which set Stalled for the same error.
        && !hasReason(status, STALLED, Reason.ReconcileError)) {
      return false;
    }
    if (status.phase == null) {
      set(status, RECONCILING, false, Reason.NotStarted, "recovered", generation);
      set(status, STALLED, false, Reason.NotStarted, "recovered", generation);
      return true;
    }
    Reason reason = switch (status.phase) {
      case Pending, Provisioning -> Reason.Provisioning;
      case Running -> Reason.Running;
      case Succeeded -> Reason.RunSucceeded;
      case Failed -> Reason.RunFailed;
    };
    forPhase(status, reason, status.message == null ? "recovered" : status.message, generation);
    return true;
  }

  private static boolean hasReason(SchedulerFailureTestStatus status, String type, Reason reason) {
    Condition condition = find(status, type);
    return condition != null && reason.name().equals(condition.getReason());
  }
}
