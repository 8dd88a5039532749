package dev.sft.e2e.controllers;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A simulated disruption controller: on each sync, writes every PodDisruptionBudget's status from the pods it covers
 * ({@link DisruptionBudgetStatus} holds the arithmetic), only when it changed, as {@code updatePdbStatus} does. The
 * eviction subresource of the API server stand-in reads that status. Controllers with a scale: StatefulSet,
 * Deployment and ReplicaSet ({@code spec.replicas}); a pod of another controller (a Job) makes the sync fail safe.
 * Not simulated: the {@code NoPods} and {@code UnmanagedPods} Events, and resetting a stale {@code DisruptionTarget}
 * condition (the stand-in deletes an evicted pod at once, so none goes stale).
 */
public final class DisruptionController {
  private final KubernetesClient client;
  private final Clock clock;

  public DisruptionController(KubernetesClient client) {
    this(client, Clock.systemUTC());
  }

  DisruptionController(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  public void sync() {
    for (PodDisruptionBudget pdb : client.policy().v1().podDisruptionBudget().inAnyNamespace().list().getItems()) {
      String namespace = pdb.getMetadata().getNamespace();
      List<Pod> pods = client.pods().inNamespace(namespace).list().getItems().stream()
          .filter(pod -> DisruptionBudgetStatus.covers(pdb, pod)).toList();
      PodDisruptionBudgetStatus status;
      try {
        status = DisruptionBudgetStatus.compute(pdb, pods, this::scale, clock.instant());
      } catch (DisruptionBudgetStatus.SyncFailed e) {
        status = DisruptionBudgetStatus.failSafe(pdb, e.getMessage(), clock.instant());
      }
      if (!sameCounts(pdb.getStatus(), status)) {
        write(pdb, status);
      }
    }
  }

  private void write(PodDisruptionBudget pdb, PodDisruptionBudgetStatus status) {
    pdb.setStatus(status);
    try {
      client.policy().v1().podDisruptionBudget().inNamespace(pdb.getMetadata().getNamespace()).resource(pdb)
          .updateStatus();
    } catch (KubernetesClientException e) {
      // An eviction updated it since it was read (409), or it is gone (404): the next sync reads it again.
      if (e.getCode() != 409 && e.getCode() != 404) {
        throw e;
      }
    }
  }

  /** Everything but the conditions' times, which follow from the rest. */
  private static boolean sameCounts(PodDisruptionBudgetStatus old, PodDisruptionBudgetStatus next) {
    if (old == null) {
      return false;
    }
    return Objects.equals(old.getCurrentHealthy(), next.getCurrentHealthy())
        && Objects.equals(old.getDesiredHealthy(), next.getDesiredHealthy())
        && Objects.equals(old.getExpectedPods(), next.getExpectedPods())
        && Objects.equals(old.getDisruptionsAllowed(), next.getDisruptionsAllowed())
        && Objects.equals(emptyIfNull(old.getDisruptedPods()), emptyIfNull(next.getDisruptedPods()))
        && Objects.equals(old.getObservedGeneration(), next.getObservedGeneration())
        && Objects.equals(reasons(old), reasons(next));
  }

  private static Map<String, String> emptyIfNull(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }

  private static List<String> reasons(PodDisruptionBudgetStatus status) {
    return status.getConditions() == null ? List.of() : status.getConditions().stream()
        .map(c -> c.getType() + "=" + c.getStatus() + "/" + c.getReason() + "/" + c.getMessage()).toList();
  }

  /**
   * The finders of the disruption controller: the scale of the controller a pod names, if that controller is of a kind
   * with a scale and is still the one the reference names (by uid); {@code replicas} defaults to 1.
   */
  private Optional<Integer> scale(String namespace, OwnerReference controller) {
    HasMetadata found = switch (controller.getKind()) {
      case "StatefulSet" -> client.apps().statefulSets().inNamespace(namespace).withName(controller.getName()).get();
      case "Deployment" -> client.apps().deployments().inNamespace(namespace).withName(controller.getName()).get();
      case "ReplicaSet" -> client.apps().replicaSets().inNamespace(namespace).withName(controller.getName()).get();
      default -> null;
    };
    if (found == null || !controller.getUid().equals(found.getMetadata().getUid())) {
      return Optional.empty();
    }
    Integer replicas = found instanceof StatefulSet set ? set.getSpec().getReplicas()
        : found instanceof Deployment deployment ? deployment.getSpec().getReplicas()
        : ((ReplicaSet) found).getSpec().getReplicas();
    return Optional.of(replicas == null ? 1 : replicas);
  }
}
