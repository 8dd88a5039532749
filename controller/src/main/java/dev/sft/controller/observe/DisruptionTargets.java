package dev.sft.controller.observe;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.Optional;

/**
 * Who is taking a pod away, read from its {@code DisruptionTarget} condition (Kubernetes 1.26+ sets it True before a
 * disruption deletes the pod), in words a user acts on. The reasons are Kubernetes' own (core/v1 {@code PodReason*}
 * and the Eviction API's {@code EvictionByEvictionAPI}); an unknown one is quoted.
 */
public final class DisruptionTargets {
  public static final String CONDITION = "DisruptionTarget";
  /** The kubelet's own disruption (node pressure, node shutdown): its pod also says {@code Evicted} or why. */
  public static final String BY_KUBELET = "TerminationByKubelet";

  private DisruptionTargets() {}

  /** The True {@code DisruptionTarget} condition of {@code pod}, if it has one. */
  public static Optional<PodCondition> of(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getConditions().stream()
        .filter(c -> CONDITION.equals(c.getType()) && "True".equals(c.getStatus())).findFirst();
  }

  /** What happened, after "was": e.g. "evicted through the Eviction API (...) [DisruptionTarget: ...]". */
  public static String describe(PodCondition target) {
    String reason = target.getReason() == null ? "" : target.getReason();
    String what = switch (reason) {
      case "EvictionByEvictionAPI" -> "evicted through the Eviction API (a node drain, a cluster-autoscaler or "
          + "Karpenter consolidation, the descheduler, or a user)";
      case "PreemptionByScheduler" -> "preempted by the scheduler for a pod of higher priority";
      case "DeletionByTaintManager" -> "deleted by the taint manager for a NoExecute taint on its node";
      case "DeletionByPodGC" -> "deleted by the pod garbage collector (its node is gone)";
      case BY_KUBELET -> "terminated by the kubelet (node pressure or a node shutdown)";
      default -> "marked a disruption target";
    };
    return what + " [" + CONDITION + ": " + reason + "]";
  }
}
