package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.HistoryLimits;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.ControllerReads;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** GitOps re-runs: a new generation after a run starts a new run; one during a run waits for it. */
@QuarkusTest
@WithStrictKubernetesServer
class RerunTest {
  @Inject KubernetesClient client;
  @KubernetesTestServer ControllerReads reads;
  @Inject FakeMasterProbe masters;

  @Test
  void aChangeDuringARunIsQueuedAndThenRunsWithANewRunIdKeepingHistory() throws Exception {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = TestResources.valid("rerun", "gitops");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    cluster.create(test);
    var first = cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    String firstRunId = first.getStatus().runId;
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "gitops-r1-spec");

    // A new image tag arrives from Git while the Job runs.
    // A merge patch without a resourceVersion, as kubectl apply sends it: edit() sends the version it read, which a
    // status write in between makes stale (409).
    client.resources(SchedulerFailureTest.class).inNamespace("rerun").withName("gitops").patch(
        io.fabric8.kubernetes.client.dsl.base.PatchContext.of(io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
        "{\"spec\":{\"harness\":{\"image\":\"registry.example/sft-harness:0.2.0\"},"
            + "\"spark\":{\"image\":\"registry.example/spark:4.1.4\"}}}");
    var queued = cluster.awaitStatus(test, "queued", s -> Conditions.find(s, Conditions.RECONCILING) != null
        && Reason.RunQueued.name().equals(Conditions.find(s, Conditions.RECONCILING).getReason()));
    assertThat(queued.getStatus().runId).isEqualTo(firstRunId);
    assertThat(queued.getStatus().observedGeneration).isEqualTo(2L);
    assertThat(queued.getStatus().runGeneration).isEqualTo(1L);
    // The Event follows the status write.
    assertThat(cluster.awaitEventReason(test, Reason.RunQueued.name())).contains(Reason.RunQueued.name());
    // Never mixed into the running run: same Job, and the cluster keeps the old image, also once the Job's pod runs.
    reads.awaitLookAfter(test, new Runnable() {
      private boolean ready;

      @Override
      public void run() {
        workloads.jobRunning("rerun", "gitops-r1-spec", ready);
        ready = true;
      }
    });
    assertThat(cluster.jobs(test)).extracting(j -> j.getMetadata().getName()).containsExactly("gitops-r1-spec");
    assertThat(image(cluster.child(test, StatefulSet.class, "gitops-worker"))).isEqualTo("registry.example/spark:4.1.3");

    workloads.finishJob("rerun", "gitops-r1-spec", Reports.of(firstRunId, List.of("speculation-original-wins"), 1,
        Verdict.Passed, Verdict.Passed), 0);

    // The finished run goes to history and a second run starts for generation 2 on the new images.
    var second = cluster.awaitStatus(test, "second run", s -> s.runNumber != null && s.runNumber == 2
        && s.step == Step.AwaitingCluster);
    var status = second.getStatus();
    assertThat(status.runId).startsWith("gitops-r2-").isNotEqualTo(firstRunId);
    assertThat(status.runGeneration).isEqualTo(2L);
    assertThat(status.phase).isEqualTo(Phase.Provisioning);
    assertThat(status.cells).isEmpty();
    assertThat(status.history).singleElement().satisfies(h -> {
      assertThat(h.runId).isEqualTo(firstRunId);
      assertThat(h.generation).isEqualTo(1L);
      assertThat(h.outcome).isEqualTo(Phase.Succeeded);
      assertThat(h.passed).isEqualTo(1);
      assertThat(h.total).isEqualTo(1);
      assertThat(h.completionTime).isNotNull();
    });
    assertThat(image(cluster.child(test, StatefulSet.class, "gitops-worker"))).isEqualTo("registry.example/spark:4.1.4");

    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Passed);
    // Cleanup follows the Succeeded write: wait for its end, not for the phase.
    cluster.awaitStatus(test, "second cleaned up", s -> s.runNumber == 2 && s.phase == Phase.Succeeded
        && s.cleanup == Cleanup.Done);
    assertThat(cluster.jobs(test)).as("default cleanup deleted the second run's Job").isEmpty();
  }

  @Test
  void historyIsBounded() {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = TestResources.valid("rerun", "bounded");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    cluster.create(test);
    Runs runs = new Runs(cluster, workloads);
    int runsToDo = HistoryLimits.DEFAULTS.succeeded() + 2;
    for (int run = 1; run <= runsToDo; run++) {
      final int number = run;
      cluster.awaitStatus(test, "run " + run, s -> s.runNumber != null && s.runNumber == number);
      runs.runToEnd(test, Verdict.Passed, Verdict.Passed);
      cluster.awaitStatus(test, "run " + run + " done", s -> s.runNumber == number && s.cleanup == Cleanup.Done);
      if (run < runsToDo) {
        SchedulerFailureTest current = cluster.get(test);
        current.getSpec().repeat = run + 1;
        client.resource(current).update();
      }
    }
    var status = cluster.get(test).getStatus();
    assertThat(status.history).as("spec.history.succeeded defaults to 3").hasSize(HistoryLimits.DEFAULTS.succeeded()).hasSize(3);
    assertThat(status.history.get(0).runId).startsWith("bounded-r" + (runsToDo - 1) + "-");
    assertThat(status.history).extracting(h -> h.generation).isSortedAccordingTo((a, b) -> Long.compare(b, a));
  }

  private static String image(StatefulSet set) {
    return set.getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
  }
}
