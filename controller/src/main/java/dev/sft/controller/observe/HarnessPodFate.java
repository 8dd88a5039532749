package dev.sft.controller.observe;

import dev.sft.api.Names;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a harness pod died, in the words Kubernetes recorded it: the Job's deadline ({@code DeadlineExceeded}, after
 * which the pod is gone), the pod's eviction ({@code Evicted}, e.g. node memory pressure), a disruption that marked it
 * ({@link DisruptionTargets}: a drain's eviction, a preemption), or the container's out-of-memory kill
 * ({@code OOMKilled}). Each comes with what to change. Reads only what it is given.
 */
public final class HarnessPodFate {
  public static final String DEADLINE_EXCEEDED = "DeadlineExceeded";
  public static final String EVICTED = "Evicted";
  public static final String OOM_KILLED = "OOMKilled";

  private HarnessPodFate() {}

  /** What killed the harness, or null when Kubernetes recorded nothing beyond the container's own exit. */
  public static String describe(Job job, List<Pod> pods) {
    List<String> fates = new ArrayList<>();
    if (deadlineExceeded(job)) {
      fates.add("the Job ran past its activeDeadlineSeconds (" + job.getSpec().getActiveDeadlineSeconds()
          + " s, " + DEADLINE_EXCEEDED + ") and Kubernetes ended its pod before the harness reported (its own, "
          + "shorter deadline did not stop it in time: a wait outlived its bound); what it wrote is in the run's "
          + "folder on the shared volume");
    }
    for (Pod pod : pods) {
      var status = pod.getStatus();
      if (status != null && EVICTED.equals(status.getReason())) {
        fates.add("pod " + pod.getMetadata().getName() + " was " + EVICTED
            + (status.getMessage() == null ? "" : " (" + status.getMessage() + ")")
            + "; give the harness a memory request closer to its limit, or nodes with room");
      }
      var target = DisruptionTargets.of(pod).filter(t -> !DisruptionTargets.BY_KUBELET.equals(t.getReason()));
      if (target.isPresent()) {
        fates.add("pod " + pod.getMetadata().getName() + " was " + DisruptionTargets.describe(target.get())
            + "; the run's disruption budget covers the Spark pods, not the harness Job's: run it again once the "
            + "node is drained");
      }
      ContainerStateTerminated terminated = harnessTermination(pod);
      if (terminated != null && OOM_KILLED.equals(terminated.getReason())) {
        fates.add("the harness container of pod " + pod.getMetadata().getName() + " was " + OOM_KILLED + " (exit "
            + terminated.getExitCode() + ") at its memory limit " + memoryLimit(pod)
            + "; raise spec.harness.resources.limits.memory (the driver's heap follows it)");
      }
    }
    return fates.isEmpty() ? null : String.join("; ", fates);
  }

  private static boolean deadlineExceeded(Job job) {
    return job.getStatus() != null && job.getStatus().getConditions() != null
        && job.getStatus().getConditions().stream().anyMatch(c -> "Failed".equals(c.getType())
            && "True".equals(c.getStatus()) && DEADLINE_EXCEEDED.equals(c.getReason()));
  }

  public static ContainerStateTerminated harnessTermination(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
      return null;
    }
    return pod.getStatus().getContainerStatuses().stream()
        .filter(s -> Names.HARNESS_CONTAINER.equals(s.getName()))
        .map(ContainerStatus::getState)
        .filter(s -> s != null && s.getTerminated() != null)
        .map(s -> s.getTerminated())
        .findFirst().orElse(null);
  }

  private static String memoryLimit(Pod pod) {
    if (pod.getSpec() == null) {
      return "(unknown)";
    }
    return pod.getSpec().getContainers().stream()
        .filter(c -> Names.HARNESS_CONTAINER.equals(c.getName()))
        .map(c -> c.getResources() == null || c.getResources().getLimits() == null ? null
            : c.getResources().getLimits().get("memory"))
        .filter(q -> q != null)
        .map(Object::toString)
        .findFirst().orElse("(none set: the node's memory)");
  }
}
