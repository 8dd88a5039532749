package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A harness pod that Kubernetes killed says so in the status: out of memory, or past the Job's deadline. */
@QuarkusTest
@WithStrictKubernetesServer
class HarnessDeathTest {
  @Inject KubernetesClient client;
  @Inject FakeMasterProbe masters;

  @Test
  void anOomKilledHarnessIsReportedWithItsLimitAndItsRepetitionsUnknown() {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = TestResources.valid("deaths", "oom");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    test.getSpec().harness.resources = new ResourceRequirementsBuilder()
        .addToLimits("memory", new Quantity("1536Mi")).build();
    cluster.create(test);
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "oom-r1-spec");
    workloads.harnessOomKilled("deaths", "oom-r1-spec", "sft: scenario speculation-original-wins #1 started");

    var failed = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed);
    var job = failed.getStatus().harnessJobs.get(0);
    assertThat(job.state).isEqualTo(JobState.Failed);
    assertThat(job.exitCode).isEqualTo(137);
    assertThat(job.message).startsWith("the harness container of pod oom-r1-spec-x7k2p was OOMKilled (exit 137) at "
        + "its memory limit 1536Mi; raise spec.harness.resources.limits.memory");
    assertThat(failed.getStatus().cells).singleElement()
        .satisfies(c -> assertThat(c.unknown).isEqualTo(c.repetitions).isEqualTo(1));
  }

  @Test
  void aJobPastItsDeadlineIsReportedAsSuchThoughItsPodIsGone() {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = TestResources.valid("deaths", "late");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    cluster.create(test);
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "late-r1-spec");
    workloads.jobDeadlineExceeded("deaths", "late-r1-spec");

    var failed = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed);
    assertThat(failed.getStatus().harnessJobs.get(0).message).startsWith("the Job ran past its "
        + "activeDeadlineSeconds (1020 s, DeadlineExceeded) and Kubernetes ended its pod before the harness reported")
        .contains("Job failed: DeadlineExceeded (Job was active longer than specified deadline)");
  }
}
