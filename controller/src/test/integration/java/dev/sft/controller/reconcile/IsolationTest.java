package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Three tests in one namespace at once: each gets its own objects, permissions and verdicts. */
@QuarkusTest
@WithStrictKubernetesServer
class IsolationTest {
  @Inject KubernetesClient client;
  @Inject FakeMasterProbe masters;

  @Test
  void threeTestsInOneNamespaceDoNotShareObjectsPermissionsOrVerdicts() {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    List<String> names = List.of("red", "green", "blue");
    List<SchedulerFailureTest> tests = names.stream().map(n -> {
      SchedulerFailureTest t = TestResources.valid("shared-ns", n);
      t.getSpec().scenarios = List.of("executor-loss-task-replacement");
      t.getSpec().cleanup = new dev.sft.api.SchedulerFailureTestSpec.Cleanup();
      t.getSpec().cleanup.onSuccess = CleanupPolicy.Retain;
      return t;
    }).toList();
    tests.get(2).getSpec().spark.workers = 3;
    tests.forEach(cluster::create);
    for (SchedulerFailureTest t : tests) {
      cluster.awaitStatus(t, t.getMetadata().getName() + " applied", s -> s.step == Step.AwaitingCluster);
    }

    for (SchedulerFailureTest t : tests) {
      String name = t.getMetadata().getName();
      int workers = t.getSpec().spark.workers == null ? 2 : t.getSpec().spark.workers;
      assertThat(cluster.children(t)).hasSize(12)
          .filteredOn(child -> !(child instanceof PersistentVolumeClaim)) // the evidence outlives its test
          .allSatisfy(child -> assertThat(child.getMetadata().getOwnerReferences().get(0).getName()).isEqualTo(name));
      Role role = cluster.child(t, Role.class, name + "-harness");
      assertThat(role.getRules().get(1).getResourceNames()).isEqualTo(Names.workerPods(t, workers));
      NetworkPolicy policy = cluster.child(t, NetworkPolicy.class, name + "-spark");
      assertThat(policy.getSpec().getPodSelector().getMatchLabels()).containsEntry(Names.TEST_LABEL, name);
      assertThat(policy.getSpec().getIngress().get(0).getFrom().get(0).getPodSelector().getMatchLabels())
          .containsExactlyEntriesOf(java.util.Map.of(Names.TEST_LABEL, name));
      assertThat(cluster.child(t, StatefulSet.class, name + "-worker").getSpec().getSelector().getMatchLabels())
          .containsEntry(Names.TEST_LABEL, name);
    }

    // Only green's cluster comes up: only green gets a Job.
    workloads.clusterUp(tests.get(1), 2);
    cluster.awaitJob(tests.get(1), "green-r1-loss");
    assertThat(cluster.jobs(tests.get(0))).isEmpty();
    assertThat(cluster.jobs(tests.get(2))).isEmpty();

    workloads.clusterUp(tests.get(0), 2);
    workloads.clusterUp(tests.get(2), 3);
    for (SchedulerFailureTest t : tests) {
      cluster.awaitJob(t, t.getMetadata().getName() + "-r1-loss");
    }
    // Green fails, red and blue pass; each status shows only its own Job's report.
    for (SchedulerFailureTest t : tests) {
      String name = t.getMetadata().getName();
      Verdict storage = name.equals("green") ? Verdict.Failed : Verdict.Passed;
      String runId = cluster.get(t).getStatus().runId;
      workloads.finishJob("shared-ns", name + "-r1-loss",
          Reports.of(runId, List.of("executor-loss-task-replacement"), 1, Verdict.Passed, storage),
          storage == Verdict.Passed ? 0 : 1);
    }
    for (SchedulerFailureTest t : tests) {
      String name = t.getMetadata().getName();
      var done = cluster.awaitStatus(t, name + " finished", s -> s.phase != null && s.phase.finished());
      var status = done.getStatus();
      assertThat(status.phase).isEqualTo(name.equals("green") ? Phase.Failed : Phase.Succeeded);
      assertThat(status.cells).singleElement().satisfies(c -> {
        assertThat(c.job).isEqualTo(name + "-r1-loss");
        if (c.latestFailure != null) {
          assertThat(c.latestFailure.evidence).startsWith("/shared/sft/" + status.runId + "/");
        }
      });
      assertThat(status.runId).startsWith(name + "-r1-");
      assertThat(cluster.jobs(t)).hasSize(1);
    }
  }
}
