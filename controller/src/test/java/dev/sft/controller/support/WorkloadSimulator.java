package dev.sft.controller.support;

import static org.awaitility.Awaitility.await;

import dev.sft.contract.Report;
import dev.sft.contract.TerminationMessage;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.Names;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Plays, openly and only in tests, the parts of Kubernetes the mock server lacks: the StatefulSet and Job controllers
 * and the kubelet (pods become ready, a harness container exits with a termination message), and the Spark master
 * answering the readiness probe.
 */
public final class WorkloadSimulator {
  private final KubernetesClient client;
  private final FakeMasterProbe masters;

  public WorkloadSimulator(KubernetesClient client, FakeMasterProbe masters) {
    this.client = client;
    this.masters = masters;
  }

  /**
   * Every pod of both StatefulSets is of the latest template and ready; the worker pods exist with their IPs; the
   * current run's storage check found the volume writable.
   */
  public void statefulSetsReady(SchedulerFailureTest test, int workers) {
    storageChecked(test, 0, "uid 185 gid 185 can create and rename files in /shared/sft");
    rolledOut(test, Names.master(test), 1);
    String revision = rolledOut(test, Names.worker(test), workers);
    for (int i = 0; i < workers; i++) {
      Pod pod = new PodBuilder()
          .withNewMetadata()
            .withNamespace(test.getMetadata().getNamespace())
            .withName(Names.worker(test) + "-" + i)
            .withLabels(Names.componentLabels(test, Names.WORKER))
            .addToLabels("controller-revision-hash", revision)
          .endMetadata()
          .withNewStatus().withPhase("Running").withPodIP(workerIp(i)).endStatus()
          .build();
      client.resource(pod).createOr(NonDeletingOperation::update);
    }
  }

  /**
   * The StatefulSet controller has rolled every pod to the current generation's template and they are ready.
   *
   * @return the revision the pods carry
   */
  public String rolledOut(SchedulerFailureTest test, String statefulSet, int ready) {
    var sets = client.apps().statefulSets().inNamespace(test.getMetadata().getNamespace()).withName(statefulSet);
    String revision = statefulSet + "-" + sets.get().getMetadata().getGeneration();
    sets.editStatus(s -> {
      s.setStatus(new StatefulSetStatusBuilder().withObservedGeneration(s.getMetadata().getGeneration())
          .withReplicas(ready).withReadyReplicas(ready).withUpdatedReplicas(ready).withAvailableReplicas(ready)
          .withCurrentRevision(revision).withUpdateRevision(revision).build());
      return s;
    });
    return revision;
  }

  /**
   * The current run's storage-check Job ran its check, which exited {@code exitCode} with {@code message}; then the
   * Job controller marks it finished. Waits for the run and its Job to exist.
   */
  public void storageChecked(SchedulerFailureTest test, int exitCode, String message) {
    String namespace = test.getMetadata().getNamespace();
    var resources = client.resources(SchedulerFailureTest.class).inNamespace(namespace)
        .withName(test.getMetadata().getName());
    int runNumber = await("a run of " + test.getMetadata().getName()).atMost(TestCluster.TIMEOUT)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> resources.get().getStatus() == null ? null : resources.get().getStatus().runNumber,
            n -> n != null);
    String jobName = Names.storageCheckJob(test, runNumber);
    Job job = await("storage-check Job " + jobName).atMost(TestCluster.TIMEOUT).pollInterval(Duration.ofMillis(100))
        .until(() -> client.batch().v1().jobs().inNamespace(namespace).withName(jobName).get(), j -> j != null);
    if (job.getStatus() != null && (job.getStatus().getSucceeded() != null || job.getStatus().getFailed() != null)) {
      return;
    }
    finishPod(namespace, jobName, Names.STORAGE_CHECK_CONTAINER, message, exitCode);
  }

  /**
   * The StatefulSet controller created pod {@code ordinal} of a StatefulSet of the test, and its container waits, as
   * the kubelet reports it (e.g. {@code ImagePullBackOff} with the registry's answer).
   */
  public void containerWaiting(SchedulerFailureTest test, String component, int ordinal, String reason,
      String message) {
    String statefulSet = test.getMetadata().getName() + "-" + component;
    Pod pod = new PodBuilder()
        .withNewMetadata()
          .withNamespace(test.getMetadata().getNamespace())
          .withName(statefulSet + "-" + ordinal)
          .withLabels(Names.componentLabels(test, component))
        .endMetadata()
        .withNewStatus().withPhase("Pending")
          .addNewContainerStatus().withName(Names.SPARK_CONTAINER).withReady(false)
            .withNewState().withNewWaiting().withReason(reason).withMessage(message).endWaiting().endState()
          .endContainerStatus()
        .endStatus()
        .build();
    client.resource(pod).createOr(NonDeletingOperation::update);
  }

  /** The scheduler cannot place pod {@code ordinal} of a StatefulSet of the test: it stays Pending, unscheduled. */
  public void unschedulable(SchedulerFailureTest test, String component, int ordinal, String message) {
    String statefulSet = test.getMetadata().getName() + "-" + component;
    Pod pod = new PodBuilder()
        .withNewMetadata()
          .withNamespace(test.getMetadata().getNamespace())
          .withName(statefulSet + "-" + ordinal)
          .withLabels(Names.componentLabels(test, component))
        .endMetadata()
        .withNewStatus().withPhase("Pending")
          .addNewCondition().withType("PodScheduled").withStatus("False").withReason("Unschedulable")
            .withMessage(message).endCondition()
        .endStatus()
        .build();
    client.resource(pod).createOr(NonDeletingOperation::update);
  }

  /** The Job controller created the harness Job's pod, whose container waits (e.g. on a missing Secret). */
  public void harnessWaiting(String namespace, String jobName, String reason, String message) {
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(jobName).get();
    Pod pod = new PodBuilder()
        .withNewMetadata()
          .withNamespace(namespace)
          .withName(jobName + "-x7k2p")
          .withLabels(job.getSpec().getTemplate().getMetadata().getLabels())
          .addToLabels("job-name", jobName)
        .endMetadata()
        .withSpec(job.getSpec().getTemplate().getSpec())
        .withNewStatus().withPhase("Pending")
          .addNewContainerStatus().withName(Names.HARNESS_CONTAINER).withReady(false)
            .withNewState().withNewWaiting().withReason(reason).withMessage(message).endWaiting().endState()
          .endContainerStatus()
        .endStatus()
        .build();
    client.resource(pod).create();
    client.batch().v1().jobs().inNamespace(namespace).withName(jobName).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withStartTime(Instant.now().toString()).withActive(1).build());
      return j;
    });
  }

  /** The master's {@code /json/} lists this many workers ALIVE, on the worker pods' IPs. */
  public void masterReportsAlive(SchedulerFailureTest test, int workers) {
    masters.reportAlive(Names.masterJsonUrl(test, Names.IN_CLUSTER_MASTER_JSON_URL),
        IntStream.range(0, workers).mapToObj(WorkloadSimulator::workerIp).toList());
  }

  /** The pod IP {@link #statefulSetsReady} gives worker pod {@code ordinal}. */
  public static String workerIp(int ordinal) {
    return "10.244.0." + (10 + ordinal);
  }

  /**
   * Spark cluster {@code cluster} of a test with {@code spec.parallelism} above 1 is up: its StatefulSets rolled out,
   * its worker pods (labelled with their cluster) on IPs of their own, every one ALIVE in its master. The run's
   * storage check is left as it is ({@link #storageChecked}).
   */
  public void clusterOfSeveralUp(SchedulerFailureTest test, int cluster, int workers) {
    List<String> ips = IntStream.range(0, workers).mapToObj(i -> "10.244." + (1 + cluster) + "." + (10 + i)).toList();
    masters.reportAlive(Names.masterJsonUrl(test, cluster, Names.IN_CLUSTER_MASTER_JSON_URL), ips);
    rolledOut(test, Names.master(test, cluster), 1);
    String revision = rolledOut(test, Names.worker(test, cluster), workers);
    for (int i = 0; i < workers; i++) {
      Pod pod = new PodBuilder()
          .withNewMetadata()
            .withNamespace(test.getMetadata().getNamespace())
            .withName(Names.worker(test, cluster) + "-" + i)
            .withLabels(Names.clusterLabels(test, Names.WORKER, cluster, true))
            .addToLabels("controller-revision-hash", revision)
          .endMetadata()
          .withNewStatus().withPhase("Running").withPodIP(ips.get(i)).endStatus()
          .build();
      client.resource(pod).createOr(NonDeletingOperation::update);
    }
  }

  /** The whole cluster is up: pods ready and every worker registered with the master. */
  public void clusterUp(SchedulerFailureTest test, int workers) {
    masterReportsAlive(test, workers);
    statefulSetsReady(test, workers);
  }

  /**
   * The Job's pod ran the harness, which exited with {@code exitCode} after writing {@code report} to its
   * termination log; then the Job controller marks the Job finished.
   */
  public void finishJob(String namespace, String jobName, Report report, int exitCode) {
    finishJobWithMessage(namespace, jobName, report == null ? null : TerminationMessage.encode(report), exitCode);
  }

  public void finishJobWithMessage(String namespace, String jobName, String terminationMessage, int exitCode) {
    finishPod(namespace, jobName, Names.HARNESS_CONTAINER, terminationMessage, exitCode);
  }

  /** The kernel killed the harness container at its memory limit; it left only its last log lines. */
  public void harnessOomKilled(String namespace, String jobName, String logTail) {
    // One write, as the kubelet does: a controller that reads the pod in between must never see "Error" first.
    finishPod(namespace, jobName, Names.HARNESS_CONTAINER, logTail, 137, "OOMKilled");
  }

  /** The Job's pod runs, {@code ready} or not yet: the Job controller counts it active. */
  public void jobRunning(String namespace, String jobName, boolean ready) {
    client.batch().v1().jobs().inNamespace(namespace).withName(jobName).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withStartTime(Instant.now().toString()).withActive(1)
          .withReady(ready ? 1 : 0).build());
      return j;
    });
  }

  /** The Job ran past its activeDeadlineSeconds: the Job controller failed it and deleted its pod. */
  public void jobDeadlineExceeded(String namespace, String jobName) {
    client.batch().v1().jobs().inNamespace(namespace).withName(jobName).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withStartTime(Instant.now().toString()).withActive(0).withFailed(1)
          .withConditions(new JobConditionBuilder().withType("Failed").withStatus("True")
              .withReason("DeadlineExceeded").withMessage("Job was active longer than specified deadline").build())
          .build());
      return j;
    });
  }

  private void finishPod(String namespace, String jobName, String container, String terminationMessage,
      int exitCode) {
    finishPod(namespace, jobName, container, terminationMessage, exitCode, exitCode == 0 ? "Completed" : "Error");
  }

  private void finishPod(String namespace, String jobName, String container, String terminationMessage,
      int exitCode, String terminatedReason) {
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(jobName).get();
    String now = Instant.now().toString();
    Pod pod = new PodBuilder()
        .withNewMetadata()
          .withNamespace(namespace)
          .withName(jobName + "-x7k2p")
          .withLabels(job.getSpec().getTemplate().getMetadata().getLabels())
          .addToLabels("job-name", jobName)
        .endMetadata()
        .withSpec(job.getSpec().getTemplate().getSpec())
        .withNewStatus()
          .withPhase(exitCode == 0 ? "Succeeded" : "Failed")
          .addNewContainerStatus()
            .withName(container)
            .withNewState().withNewTerminated().withExitCode(exitCode).withMessage(terminationMessage)
            .withFinishedAt(now).withReason(terminatedReason).endTerminated().endState()
          .endContainerStatus()
        .endStatus()
        .build();
    client.resource(pod).create();
    JobStatusBuilder status = new JobStatusBuilder().withStartTime(now).withActive(0);
    if (exitCode == 0) {
      status.withSucceeded(1).withCompletionTime(now)
          .withConditions(new JobConditionBuilder().withType("Complete").withStatus("True").build());
    } else {
      status.withFailed(1).withConditions(new JobConditionBuilder().withType("Failed").withStatus("True")
          .withReason("BackoffLimitExceeded").withMessage("Job has reached the specified backoff limit").build());
    }
    client.batch().v1().jobs().inNamespace(namespace).withName(jobName).editStatus(j -> {
      j.setStatus(status.build());
      return j;
    });
  }
}
