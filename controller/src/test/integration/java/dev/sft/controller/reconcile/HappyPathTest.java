package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Report;
import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A test resource goes from creation through both harness Jobs to Succeeded, with the verdicts copied. */
@QuarkusTest
@WithStrictKubernetesServer
class HappyPathTest extends ReconcilerTestBase {
  @Test
  void runsBothJobsInOrderOnceTheMasterSeesEveryWorkerAndCopiesTheVerdicts() throws Exception {
    SchedulerFailureTest test = TestResources.valid("happy", "alpha");
    test.getSpec().repeat = 2;
    cluster.create(test);

    SchedulerFailureTest provisioning = cluster.awaitStatus(test, "cluster applied",
        s -> s.step == Step.AwaitingCluster);
    assertThat(provisioning.getStatus().phase).isEqualTo(Phase.Provisioning);
    assertThat(provisioning.getStatus().runId).startsWith("alpha-r1-");
    assertThat(provisioning.getStatus().total).isEqualTo(8);
    assertThat(provisioning.getStatus().harnessJobs).extracting(j -> j.name)
        .containsExactly("alpha-r1-spec", "alpha-r1-loss");
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "alpha-shared")).isNotNull();
    assertThat(cluster.child(test, Service.class, "alpha-master").getSpec().getClusterIP()).isEqualTo("None");
    assertThat(cluster.child(test, Service.class, "alpha-worker")).isNotNull();
    assertThat(cluster.child(test, StatefulSet.class, "alpha-master").getSpec().getReplicas()).isEqualTo(1);
    assertThat(cluster.child(test, StatefulSet.class, "alpha-worker").getSpec().getReplicas()).isEqualTo(2);
    assertThat(cluster.child(test, ServiceAccount.class, "alpha-harness")).isNotNull();
    assertThat(cluster.child(test, Role.class, "alpha-harness")).isNotNull();
    assertThat(cluster.child(test, RoleBinding.class, "alpha-harness")).isNotNull();
    assertThat(cluster.child(test, NetworkPolicy.class, "alpha-spark")).isNotNull();
    // During the run no drain or consolidation may take a master or worker pod.
    assertThat(cluster.child(test, PodDisruptionBudget.class, "alpha-spark").getSpec().getMaxUnavailable().getIntVal())
        .isZero();
    // Deleting the test deletes the cluster with it; the claim with the evidence stays (cleanup DeleteCluster/Retain).
    PersistentVolumeClaim claim = cluster.child(test, PersistentVolumeClaim.class, "alpha-shared");
    assertThat(claim.getMetadata().getOwnerReferences()).isEmpty();
    assertThat(claim.getMetadata().getLabels()).containsEntry("sft.dev/evidence", "true")
        .containsEntry("sft.dev/test", "alpha");
    assertThat(cluster.children(test)).filteredOn(child -> !(child instanceof PersistentVolumeClaim))
        .isNotEmpty().allSatisfy(child -> {
      assertThat(child.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
        assertThat(owner.getKind()).isEqualTo("SchedulerFailureTest");
        assertThat(owner.getName()).isEqualTo("alpha");
        assertThat(owner.getController()).isTrue();
      });
    });

    // Pods ready is not enough for ClusterReady: the master sees only one of two workers. The first harness Job
    // starts already (its driver waits for its executors), as the master knows no worker but the current pods'.
    workloads.masterReportsAlive(test, 1);
    workloads.statefulSetsReady(test, 2);
    cluster.awaitStatus(test, "workers counted", s -> s.conditions.stream().anyMatch(
        c -> c.getType().equals(Conditions.CLUSTER_READY) && c.getMessage().contains("1/2 workers ALIVE")));
    cluster.awaitJob(test, "alpha-r1-spec");
    looks.awaitLooks(test, 2); // the controller probed the master again (it polls) and still waits
    assertThat(cluster.jobs(test)).extracting(j -> j.getMetadata().getName()).containsExactly("alpha-r1-spec");
    assertThat(cluster.get(test).getStatus().phase).isEqualTo(Phase.Provisioning);

    workloads.masterReportsAlive(test, 2);
    cluster.awaitStatus(test, "running", s -> s.phase == Phase.Running);
    Job speculationJob = cluster.awaitJob(test, "alpha-r1-spec");
    SchedulerFailureTest running = cluster.get(test);
    assertThat(running.getStatus().phase).isEqualTo(Phase.Running);
    assertThat(ConditionChecks.isTrue(running.getStatus(), Conditions.CLUSTER_READY)).isTrue();
    assertThat(running.getStatus().clusterReadyTime).isNotNull();
    assertThat(speculationJob.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
        .containsSubsequence("--speculation", "true")
        .containsSubsequence("--scenarios", "speculation-original-wins,speculation-speculative-wins")
        .containsSubsequence("--repeat", "2")
        .containsSubsequence("--run-id", running.getStatus().runId)
        // Each driver run has its own report; the harness merges them into the run's report.json.
        .containsSubsequence("--report", "/shared/sft/" + running.getStatus().runId + "/driver-spec/report.json");
    // The loss Job waits for the speculation Job: its pod starting, then ready, wakes the controller, which creates
    // nothing.
    looks.awaitLookAfter(test, new Runnable() {
      private boolean ready;

      @Override
      public void run() {
        workloads.jobRunning("happy", "alpha-r1-spec", ready);
        ready = true;
      }
    });
    assertThat(cluster.jobs(test)).extracting(j -> j.getMetadata().getName()).containsExactly("alpha-r1-spec");

    String runId = running.getStatus().runId;
    List<String> speculation = List.of("speculation-original-wins", "speculation-speculative-wins");
    List<String> loss = List.of("executor-loss-task-replacement", "executor-loss-shuffle-loss");
    Report specReport = Reports.of(runId, speculation, 2, Verdict.Passed, Verdict.Passed);
    workloads.finishJob("happy", "alpha-r1-spec", specReport, 0);
    Job lossJob = cluster.awaitJob(test, "alpha-r1-loss");
    assertThat(lossJob.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
        .containsSubsequence("--speculation", "false")
        .containsSubsequence("--scenarios", "executor-loss-task-replacement,executor-loss-shuffle-loss")
        .containsSubsequence("--report", "/shared/sft/" + runId + "/driver-loss/report.json");
    SchedulerFailureTest between = cluster.awaitStatus(test, "first results", s -> s.cells.size() == 2);
    assertThat(between.getStatus().harnessJobs.get(0).state).isEqualTo(JobState.Succeeded);
    assertThat(between.getStatus().summary).isEqualTo("4/8");

    workloads.finishJob("happy", "alpha-r1-loss", Reports.of(runId, loss, 2, Verdict.Passed, Verdict.Passed), 0);
    SchedulerFailureTest done = cluster.awaitStatus(test, "succeeded and cleaned up",
        s -> s.phase == Phase.Succeeded && s.cleanup == Cleanup.Done);

    var status = done.getStatus();
    assertThat(status.summary).isEqualTo("8/8");
    assertThat(status.passed).isEqualTo(8);
    assertThat(status.completionTime).isNotNull();
    assertThat(status.observedGeneration).isEqualTo(done.getMetadata().getGeneration());
    assertThat(ConditionChecks.isTrue(status, Conditions.READY)).isTrue();
    assertThat(ConditionChecks.isTrue(status, Conditions.RECONCILING)).isFalse();
    assertThat(ConditionChecks.isTrue(status, Conditions.STALLED)).isFalse();
    assertThat(ConditionChecks.isTrue(status, Conditions.HARNESS_COMPLETE)).isTrue();
    assertThat(status.conditions).allSatisfy(c ->
        assertThat(c.getObservedGeneration()).isEqualTo(done.getMetadata().getGeneration()));
    // One summary per cell, copied from the harness's.
    assertThat(status.cells).hasSize(4);
    for (var expected : specReport.stats()) {
      CellStatus copied = status.cells.stream().filter(c -> c.name.equals(expected.name())).findFirst().orElseThrow();
      assertThat(copied.operation).isEqualTo(expected.writeOperation().id());
      assertThat(copied.repetitions).isEqualTo(expected.runs()).isEqualTo(2);
      assertThat(copied.passed).isEqualTo(expected.passed()).isEqualTo(2);
      assertThat(copied.verdicts).isEqualTo(expected.verdicts());
      assertThat(copied.failureRate.text).isEqualTo("0.0 % [0.0 %, 65.8 %]");
      assertThat(copied.latestFailure).isNull();
      assertThat(copied.durationMedianMs).isEqualTo(expected.durationMedianMs());
      assertThat(copied.job).isEqualTo("alpha-r1-spec");
    }

    // Default cleanup on success: the cluster and fixtures go, the claim with the evidence stays.
    assertThat(cluster.child(test, StatefulSet.class, "alpha-master")).isNull();
    assertThat(cluster.child(test, StatefulSet.class, "alpha-worker")).isNull();
    assertThat(cluster.child(test, Service.class, "alpha-master")).isNull();
    assertThat(cluster.child(test, Role.class, "alpha-harness")).isNull();
    assertThat(cluster.child(test, NetworkPolicy.class, "alpha-spark")).isNull();
    assertThat(cluster.child(test, PodDisruptionBudget.class, "alpha-spark")).isNull();
    assertThat(cluster.jobs(test)).isEmpty();
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "alpha-shared")).isNotNull();

    cluster.awaitEventReason(test, Reason.RunStarted.name(), Reason.ClusterReady.name(),
        Reason.HarnessJobCreated.name(), Reason.HarnessJobSucceeded.name(), Reason.RunSucceeded.name(),
        Reason.CleanedUp.name());
    cluster.awaitEventReasonCount(test, Reason.HarnessJobSucceeded.name(), 2);

    // Nothing further happens to a finished test. Nothing the controller watches changes any more (its Jobs are gone),
    // so there is no look to wait for: CleanedUp is the last act of the reconcile that finished the run.
    assertThat(cluster.get(test).getStatus().runId).isEqualTo(runId);
    assertThat(Names.harnessJob(test, 1, true)).isEqualTo("alpha-r1-spec");
  }
}
