package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failing or missing verdict fails the run, and by default everything is kept for inspection. */
@QuarkusTest
@WithStrictKubernetesServer
class FailingVerdictTest extends ReconcilerTestBase {
  @Test
  void aFailedStorageVerdictFailsTheRunAndRetainsTheClusterAndJobs() {
    SchedulerFailureTest test = TestResources.valid("failing", "orphans");
    cluster.create(test);
    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Failed);

    SchedulerFailureTest failed = cluster.awaitStatus(test, "failed",
        s -> s.phase == Phase.Failed && s.step == Step.Done);
    var status = failed.getStatus();
    assertThat(status.summary).isEqualTo("2/4");
    assertThat(status.cleanup).isEqualTo(Cleanup.Retained);
    assertThat(status.step).isEqualTo(Step.Done);
    assertThat(status.harnessJobs).extracting(j -> j.state).containsExactly(JobState.Succeeded, JobState.Failed);
    assertThat(status.harnessJobs.get(1).exitCode).isEqualTo(1);
    assertThat(status.cells).filteredOn(c -> c.name.startsWith("executor-loss")).allSatisfy(c -> {
      assertThat(c.verdicts).containsExactly(java.util.Map.entry("Passed/Failed", 1));
      assertThat(c.failed).isEqualTo(1);
      assertThat(c.latestFailure.outcome).isEqualTo(Verdict.Failed);
      assertThat(c.latestFailure.message).startsWith("missing files: 2");
      assertThat(c.latestFailure.evidence).startsWith("/shared/sft/" + status.runId + "/" + c.name);
    });
    assertThat(ConditionChecks.isTrue(status, Conditions.READY)).isFalse();
    assertThat(ConditionChecks.isTrue(status, Conditions.STALLED)).isTrue();
    assertThat(Conditions.find(status, Conditions.STALLED).getReason()).isEqualTo(Reason.RunFailed.name());
    assertThat(ConditionChecks.isTrue(status, Conditions.RECONCILING)).isFalse();

    // Retained: the cluster, the fixtures, both Jobs and the claim.
    assertThat(cluster.child(test, StatefulSet.class, "orphans-master")).isNotNull();
    assertThat(cluster.child(test, StatefulSet.class, "orphans-worker")).isNotNull();
    assertThat(cluster.child(test, Role.class, "orphans-harness")).isNotNull();
    assertThat(cluster.child(test, NetworkPolicy.class, "orphans-spark")).isNotNull();
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "orphans-shared")).isNotNull();
    assertThat(cluster.jobs(test)).hasSize(2);
    // Not what protects the pods only during a run.
    assertThat(cluster.child(test, PodDisruptionBudget.class, "orphans-spark")).isNull();
    assertThat(cluster.awaitEventReason(test, Reason.HarnessJobFailed.name(), Reason.RunFailed.name()))
        .doesNotContain(Reason.CleanedUp.name(), Reason.RunSucceeded.name());
  }

  @Test
  void aHarnessThatLeavesNoReportCountsAsUnknownNeverAsPassed() {
    SchedulerFailureTest test = TestResources.valid("failing", "crashed");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    cluster.create(test);
    var applied = cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "crashed-r1-spec");
    // The driver died (OOM): the termination message holds the log tail, not a report.
    workloads.finishJobWithMessage("failing", "crashed-r1-spec", "java.lang.OutOfMemoryError: Java heap space", 137);

    var status = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed).getStatus();
    assertThat(status.cells).singleElement().satisfies(c -> {
      assertThat(c.name).isEqualTo("speculation-original-wins");
      assertThat(c.unknown).isEqualTo(1);
      assertThat(c.verdicts).containsExactly(java.util.Map.entry("Unknown/Unknown", 1));
      assertThat(c.latestFailure.message).contains("not an sft report").contains("OutOfMemoryError");
    });
    assertThat(status.harnessJobs.get(0).exitCode).isEqualTo(137);
    assertThat(status.summary).isEqualTo("0/1");
    assertThat(applied.getStatus().runId).isEqualTo(status.runId);
  }

  @Test
  void aReportThatPassesButOmitsARepetitionDoesNotPass() {
    SchedulerFailureTest test = TestResources.valid("failing", "partial");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    test.getSpec().repeat = 2;
    cluster.create(test);
    var applied = cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "partial-r1-spec");
    // Exit 0 and a passing report, but only repetition 1 of 2 is in it.
    workloads.finishJob("failing", "partial-r1-spec", Reports.of(applied.getStatus().runId,
        List.of("speculation-original-wins"), 1, Verdict.Passed, Verdict.Passed), 0);

    var status = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed).getStatus();
    assertThat(status.summary).isEqualTo("1/2");
    assertThat(status.cells).singleElement().satisfies(c -> {
      assertThat(c.passed).isEqualTo(1);
      assertThat(c.unknown).isEqualTo(1);
      assertThat(c.latestFailure.repetition).isEqualTo(2);
      assertThat(c.latestFailure.outcome).isEqualTo(Verdict.Unknown);
    });
  }

  @Test
  void aFailedSchedulerVerdictFailsTheRunEvenWhenTheHarnessExitsZero() {
    SchedulerFailureTest test = TestResources.valid("failing", "scheduler");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    cluster.create(test);
    var applied = cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "scheduler-r1-spec");
    // The Job's exit code says success; the report's scheduler verdict says otherwise, and the report decides.
    workloads.finishJob("failing", "scheduler-r1-spec", Reports.of(applied.getStatus().runId,
        List.of("speculation-original-wins"), 1, Verdict.Failed, Verdict.Passed), 0);

    var status = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed).getStatus();
    assertThat(status.harnessJobs.get(0).exitCode).isEqualTo(0);
    assertThat(status.summary).isEqualTo("0/1");
    assertThat(status.cells).singleElement()
        .satisfies(c -> assertThat(c.verdicts).containsExactly(java.util.Map.entry("Failed/Passed", 1)));
    assertThat(cluster.awaitEventReason(test, Reason.RunFailed.name())).doesNotContain(Reason.RunSucceeded.name());
  }
}
