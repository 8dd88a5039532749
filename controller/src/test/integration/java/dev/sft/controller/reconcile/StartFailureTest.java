package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Pods that do not start show in the conditions within seconds, in Kubernetes' words, not as "0/2 ready" at the
 * readiness time-out; what cannot heal fails the run at once, what may heal (a quota, a full cluster) is reported while
 * the run waits.
 */
@QuarkusTest
@WithStrictKubernetesServer
class StartFailureTest extends ReconcilerTestBase {
  /** Far below the readiness time-out (600 s) and the harness's poll (30 s). */
  static final Duration PROMPTLY = Duration.ofSeconds(10);

  @Test
  void aPodSecurityRefusalOfTheWorkersFailsTheRunAtOnceQuotingTheEvent() {
    SchedulerFailureTest test = applied("refused");
    workloads.storageChecked(test, 0, "uid 185 gid 185 can create and rename files in /shared/sft");
    Instant refused = Instant.now();
    events.record(statefulSet(test, "refused-worker"), "FailedCreate", "create Pod refused-worker-0 in StatefulSet "
        + "refused-worker failed error: pods \"refused-worker-0\" is forbidden: violates PodSecurity "
        + "\"restricted:latest\": seccompProfile (pod or container \"spark\" must set securityContext.seccompProfile)");

    var failed = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed);
    assertThat(Duration.between(refused, Instant.now())).isLessThan(PROMPTLY);
    var clusterReady = Conditions.find(failed.getStatus(), Conditions.CLUSTER_READY);
    assertThat(clusterReady.getReason()).isEqualTo(Reason.PodsCannotStart.name());
    assertThat(clusterReady.getMessage()).isEqualTo("pods cannot start: StatefulSet refused-worker: FailedCreate: "
        + "create Pod refused-worker-0 in StatefulSet refused-worker failed error: pods \"refused-worker-0\" is "
        + "forbidden: violates PodSecurity \"restricted:latest\": seccompProfile (pod or container \"spark\" must set "
        + "securityContext.seccompProfile)");
    assertThat(failed.getStatus().message).contains("violates PodSecurity");
    assertThat(cluster.jobs(test)).as("no harness Job").isEmpty();
    cluster.awaitEventReason(test, Reason.PodsCannotStart.name());
  }

  @Test
  void aFirstFailedPullIsReportedAndItsBackOffFailsTheRun() {
    SchedulerFailureTest test = applied("pulls");
    workloads.storageChecked(test, 0, "uid 185 gid 185 can create and rename files in /shared/sft");
    workloads.containerWaiting(test, Names.WORKER, 0, "ErrImagePull",
        "failed to pull image \"registry.example/spark:4.1.3\": 401 Unauthorized");
    var reported = cluster.awaitStatus(test, "pull error reported", s -> {
      var c = Conditions.find(s, Conditions.CLUSTER_READY);
      return c != null && c.getMessage().contains("ErrImagePull");
    });
    assertThat(reported.getStatus().phase).isEqualTo(Phase.Provisioning);
    var condition = Conditions.find(reported.getStatus(), Conditions.CLUSTER_READY);
    assertThat(condition.getReason()).isEqualTo(Reason.PodsNotStarting.name());
    assertThat(condition.getMessage()).startsWith("pod pulls-worker-0 container spark: ErrImagePull: failed to pull "
        + "image \"registry.example/spark:4.1.3\": 401 Unauthorized; ");

    Instant backOff = Instant.now();
    workloads.containerWaiting(test, Names.WORKER, 0, "ImagePullBackOff",
        "Back-off pulling image \"registry.example/spark:4.1.3\"");
    var failed = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed);
    assertThat(Duration.between(backOff, Instant.now())).isLessThan(PROMPTLY);
    assertThat(Conditions.find(failed.getStatus(), Conditions.CLUSTER_READY).getMessage())
        .isEqualTo("pods cannot start: pod pulls-worker-0 container spark: ImagePullBackOff: Back-off pulling image "
            + "\"registry.example/spark:4.1.3\"");
  }

  @Test
  void anUnschedulablePodIsReportedWhileTheRunWaits() throws InterruptedException {
    SchedulerFailureTest test = applied("full");
    workloads.storageChecked(test, 0, "uid 185 gid 185 can create and rename files in /shared/sft");
    workloads.unschedulable(test, Names.MASTER, 0, "0/3 nodes are available: 3 Insufficient memory.");
    var waiting = cluster.awaitStatus(test, "unschedulable reported", s -> {
      var c = Conditions.find(s, Conditions.CLUSTER_READY);
      return c != null && Reason.PodsNotStarting.name().equals(c.getReason());
    });
    assertThat(Conditions.find(waiting.getStatus(), Conditions.CLUSTER_READY).getMessage())
        .startsWith("pod full-master-0 Unschedulable: 0/3 nodes are available: 3 Insufficient memory.; ");
    looks.awaitLooks(test, 2); // the cluster poll looked again: a cluster autoscaler may still add a node
    assertThat(cluster.get(test).getStatus().phase).isEqualTo(Phase.Provisioning);
  }

  @Test
  void aQuotaRefusingTheHarnessIsReportedWithinSecondsAndTheRunGoesOnOnceItFits() throws InterruptedException {
    SchedulerFailureTest test = applied("quota");
    workloads.clusterUp(test, 2);
    var job = cluster.awaitJob(test, "quota-r1-spec");
    Instant refused = Instant.now();
    events.record(job, "FailedCreate", "Error creating: pods \"quota-r1-spec-x7k2p\" is forbidden: exceeded quota: "
        + "compute, requested: limits.memory=1664Mi, used: limits.memory=8Gi, limited: limits.memory=8Gi");
    var waiting = cluster.awaitStatus(test, "quota reported", s -> {
      var c = Conditions.find(s, Conditions.HARNESS_COMPLETE);
      return c != null && c.getMessage().contains("exceeded quota");
    });
    assertThat(Duration.between(refused, Instant.now())).isLessThan(PROMPTLY);
    var condition = Conditions.find(waiting.getStatus(), Conditions.HARNESS_COMPLETE);
    assertThat(condition.getReason()).isEqualTo(Reason.PodsNotStarting.name());
    assertThat(condition.getMessage()).startsWith("harness Job quota-r1-spec not started: Job quota-r1-spec: "
        + "FailedCreate: Error creating: pods \"quota-r1-spec-x7k2p\" is forbidden: exceeded quota: compute");
    assertThat(waiting.getStatus().phase).isEqualTo(Phase.Running);
    assertThat(waiting.getStatus().harnessJobs.get(0).state).isEqualTo(JobState.Running);

    // The quota frees up: the Job controller creates the pod, which runs the harness to its end.
    String runId = waiting.getStatus().runId;
    var first = waiting.getStatus().harnessJobs.get(0);
    workloads.finishJob("starts", first.name, Reports.of(runId, first.scenarios, 1, Verdict.Passed, Verdict.Passed), 0);
    var done = cluster.awaitStatus(test, "first Job done", s -> s.harnessJobs.get(0).state == JobState.Succeeded);
    assertThat(Conditions.find(done.getStatus(), Conditions.HARNESS_COMPLETE).getMessage())
        .doesNotContain("exceeded quota");
  }

  @Test
  void aHarnessContainerThatCannotBeConfiguredFailsItsJobAtOnce() {
    SchedulerFailureTest test = applied("config");
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "config-r1-spec");
    Instant stuck = Instant.now();
    workloads.harnessWaiting("starts", "config-r1-spec", "CreateContainerConfigError",
        "secret \"object-store\" not found");
    var failedJob = cluster.awaitStatus(test, "Job failed", s -> s.harnessJobs.get(0).state == JobState.Failed);
    assertThat(Duration.between(stuck, Instant.now())).isLessThan(PROMPTLY);
    assertThat(failedJob.getStatus().harnessJobs.get(0).message).contains("the harness pod cannot start: pod "
        + "config-r1-spec-x7k2p container harness: CreateContainerConfigError: secret \"object-store\" not found");
    cluster.awaitEventReason(test, Reason.PodsCannotStart.name());
  }

  private SchedulerFailureTest applied(String name) {
    SchedulerFailureTest test = TestResources.valid("starts", name);
    cluster.create(test);
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    return test;
  }

  private HasMetadata statefulSet(SchedulerFailureTest test, String name) {
    return client.apps().statefulSets().inNamespace(test.getMetadata().getNamespace()).withName(name).get();
  }
}
