package dev.sft.controller.observe;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What happened to a test's Spark pods (master and workers) while a harness Job ran that the harness did not do: a
 * pod replaced (deleted, evicted, drained or preempted, then re-created by its StatefulSet), a container restarted
 * (e.g. OOM-killed), a pod being deleted, evicted or marked a disruption target (named by who took it:
 * {@link DisruptionTargets}). The harness kills executor processes only, never a pod or a daemon, so each of these is
 * an unplanned loss. An observer: it reads pods, changes nothing.
 */
public final class SparkPodLosses {
  private SparkPodLosses() {}

  /** One line per loss seen on {@code sparkPods} since {@code since} (the Job's start). */
  public static List<String> since(List<Pod> sparkPods, Instant since) {
    List<String> losses = new ArrayList<>();
    for (Pod pod : sparkPods) {
      String name = pod.getMetadata().getName();
      String created = pod.getMetadata().getCreationTimestamp();
      if (created != null && Instant.parse(created).isAfter(since)) {
        losses.add("pod " + name + " was re-created at " + created + " (its predecessor was deleted, evicted,"
            + " drained or preempted)");
      }
      boolean evictedByKubelet = pod.getStatus() != null && "Evicted".equals(pod.getStatus().getReason());
      if (evictedByKubelet) {
        losses.add("pod " + name + " was evicted: " + pod.getStatus().getMessage());
      }
      boolean deleting = pod.getMetadata().getDeletionTimestamp() != null;
      Optional<PodCondition> target = DisruptionTargets.of(pod)
          .filter(t -> !(evictedByKubelet && DisruptionTargets.BY_KUBELET.equals(t.getReason())));
      if (target.isPresent()) {
        losses.add("pod " + name + " was " + DisruptionTargets.describe(target.get())
            + (deleting ? " and is being deleted" : ""));
      } else if (deleting) {
        losses.add("pod " + name + " is being deleted");
      }
      if (pod.getStatus() == null) {
        continue;
      }
      for (ContainerStatus container : nullSafe(pod.getStatus().getContainerStatuses())) {
        var last = container.getLastState() == null ? null : container.getLastState().getTerminated();
        if (last != null && last.getFinishedAt() != null && Instant.parse(last.getFinishedAt()).isAfter(since)) {
          losses.add("pod " + name + " container " + container.getName() + " restarted (" + last.getReason()
              + ", exit " + last.getExitCode() + " at " + last.getFinishedAt() + ")");
        }
      }
    }
    return losses;
  }

  private static <T> List<T> nullSafe(List<T> list) {
    return list == null ? List.of() : list;
  }
}
