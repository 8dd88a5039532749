package dev.sft.controller.observe;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Why the pods of a StatefulSet or Job do not start, in Kubernetes' own words, seconds after it happens rather than
 * as "0/2 ready" at the readiness time-out: the workload controller's {@code FailedCreate} Event (a quota, Pod
 * Security or an OpenShift SCC refused the pod), a container waiting on its image or its configuration, or a pod the
 * scheduler cannot place. Each problem says whether it may heal by itself (a quota freed, a node added, a pull retried)
 * or cannot (the pod spec itself is refused or broken). Reads only.
 */
@ApplicationScoped
public class StartProblems {
  public static final String FAILED_CREATE = "FailedCreate";
  /** The label the Job controller puts on its pods. */
  public static final String JOB_NAME_LABEL = "job-name";
  /** Waiting reasons no retry fixes: the image name or pull keeps failing, or the container's config is wrong. */
  public static final Set<String> FATAL_WAITING = Set.of("ImagePullBackOff", "InvalidImageName", "ErrImageNeverPull",
      "CreateContainerConfigError", "CreateContainerError");
  /** Waiting reasons worth showing while they may still clear (a first failed pull, a crash at start). */
  public static final Set<String> REPORTED_WAITING = Set.of("ErrImagePull", "CrashLoopBackOff");
  /** Admission that refuses the pod spec itself: Pod Security and OpenShift's security context constraints. */
  public static final List<String> REFUSED_SPEC = List.of("violates PodSecurity",
      "unable to validate against any security context constraint");

  /** @param heals whether it may clear without a change to the test or the cluster's policy */
  public record Problem(boolean heals, String message) {}

  private final KubernetesClient client;
  private final ObjectEvents events;

  public StartProblems(KubernetesClient client, ObjectEvents events) {
    this.client = client;
    this.events = events;
  }

  /** The cluster's start: the master and worker StatefulSets and the run's storage-check Job. */
  public Problem ofCluster(SchedulerFailureTest test, String storageCheckJob) {
    return ofCluster(test, storageCheckJob, 0, false);
  }

  /** As {@link #ofCluster(SchedulerFailureTest, String)} for Spark cluster {@code cluster} of several ({@code parallel}). */
  public Problem ofCluster(SchedulerFailureTest test, String storageCheckJob, int cluster, boolean parallel) {
    String namespace = test.getMetadata().getNamespace();
    List<Problem> problems = new ArrayList<>();
    for (String component : List.of(Names.MASTER, Names.WORKER)) {
      String name = component.equals(Names.MASTER) ? Names.master(test, cluster) : Names.worker(test, cluster);
      problems.add(of(client.apps().statefulSets().inNamespace(namespace).withName(name).get(),
          Names.clusterSelector(test, component, cluster, parallel)));
    }
    problems.add(of(client.batch().v1().jobs().inNamespace(namespace).withName(storageCheckJob).get(),
        Map.of(JOB_NAME_LABEL, storageCheckJob)));
    return first(problems.stream().filter(p -> p != null).toList());
  }

  /**
   * The first problem that cannot heal, else the first that may, else null.
   *
   * @param workload a StatefulSet or Job as read from the API server (with its uid), or null when absent
   * @param podSelector the labels of its pods
   */
  public Problem of(HasMetadata workload, Map<String, String> podSelector) {
    if (workload == null) {
      return null;
    }
    List<Problem> problems = new ArrayList<>();
    if (!allPodsCreated(workload)) {
      events.latest(workload, FAILED_CREATE).ifPresent(e -> problems.add(new Problem(
          REFUSED_SPEC.stream().noneMatch(e.getMessage()::contains),
          workload.getKind() + " " + workload.getMetadata().getName() + ": " + FAILED_CREATE + ": " + e.getMessage())));
    }
    for (Pod pod : client.pods().inNamespace(workload.getMetadata().getNamespace()).withLabels(podSelector).list()
        .getItems()) {
      if (pod.getMetadata().getDeletionTimestamp() == null) {
        problems.addAll(ofPod(pod));
      }
    }
    return first(problems);
  }

  private static Problem first(List<Problem> problems) {
    return problems.stream().filter(p -> !p.heals()).findFirst()
        .orElse(problems.stream().findFirst().orElse(null));
  }

  public static List<Problem> ofPod(Pod pod) {
    List<Problem> problems = new ArrayList<>();
    String name = "pod " + pod.getMetadata().getName();
    var status = pod.getStatus();
    if (status == null) {
      return problems;
    }
    Stream.concat(stream(status.getInitContainerStatuses()), stream(status.getContainerStatuses()))
        .filter(c -> c.getState() != null && c.getState().getWaiting() != null)
        .forEach(c -> {
          String reason = c.getState().getWaiting().getReason();
          String message = c.getState().getWaiting().getMessage();
          String text = name + " container " + c.getName() + ": " + reason + (message == null ? "" : ": " + message);
          if (FATAL_WAITING.contains(reason)) {
            problems.add(new Problem(false, text));
          } else if (REPORTED_WAITING.contains(reason)) {
            problems.add(new Problem(true, text));
          }
        });
    if (status.getConditions() != null) {
      status.getConditions().stream()
          .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus())
              && "Unschedulable".equals(c.getReason()))
          .forEach(c -> problems.add(new Problem(true, name + " Unschedulable"
              + (c.getMessage() == null ? "" : ": " + c.getMessage()))));
    }
    return problems;
  }

  /** A FailedCreate is stale once the controller has created every pod it wanted. */
  private static boolean allPodsCreated(HasMetadata workload) {
    if (workload instanceof StatefulSet set) {
      int wanted = set.getSpec() == null || set.getSpec().getReplicas() == null ? 1 : set.getSpec().getReplicas();
      return set.getStatus() != null && set.getStatus().getReplicas() != null
          && set.getStatus().getReplicas() >= wanted;
    }
    if (workload instanceof Job job) {
      var status = job.getStatus();
      return status != null && (count(status.getActive()) + count(status.getSucceeded()) + count(status.getFailed())
          > 0);
    }
    return false;
  }

  private static Stream<ContainerStatus> stream(List<ContainerStatus> statuses) {
    return statuses == null ? Stream.empty() : statuses.stream();
  }

  private static int count(Integer value) {
    return value == null ? 0 : value;
  }
}
