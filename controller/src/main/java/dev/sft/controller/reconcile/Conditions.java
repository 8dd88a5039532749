package dev.sft.controller.reconcile;

import dev.sft.controller.api.SchedulerFailureTestStatus;
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
  public static boolean set(SchedulerFailureTestStatus status, String type, boolean value, String reason,
      String message, long generation) {
    return set(status, type, value ? "True" : "False", reason, message, generation);
  }

  public static boolean set(SchedulerFailureTestStatus status, String type, String value, String reason,
      String message, long generation) {
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

  public static boolean isTrue(SchedulerFailureTestStatus status, String type) {
    Condition condition = find(status, type);
    return condition != null && "True".equals(condition.getStatus());
  }

  /** The kstatus triple for a phase: in progress, succeeded, or stopped until someone acts. */
  public static void forPhase(SchedulerFailureTestStatus status, String reason, String message, long generation) {
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

  /** An invalid spec: nothing will happen until the spec is fixed. */
  public static void invalidSpec(SchedulerFailureTestStatus status, String message, long generation) {
    set(status, READY, false, EventRecorder.INVALID_SPEC, message, generation);
    set(status, RECONCILING, false, EventRecorder.INVALID_SPEC, message, generation);
    set(status, STALLED, true, EventRecorder.INVALID_SPEC, message, generation);
  }
}
