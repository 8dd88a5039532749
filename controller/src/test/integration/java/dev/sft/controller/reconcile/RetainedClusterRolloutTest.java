package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A re-run on a kept cluster: after a spec change the StatefulSets update in place, and the harness must wait for
 * each clause of the rollout rule on both StatefulSets, then for ALIVE workers on the new pods.
 */
@QuarkusTest
@WithStrictKubernetesServer
class RetainedClusterRolloutTest {
  static final String NS = "kept";
  @Inject KubernetesClient client;
  @Inject FakeMasterProbe masters;

  @Test
  void theSecondRunWaitsForBothStatefulSetsToRollAndForWorkersOnTheNewPods() {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = TestResources.valid(NS, "kept");
    test.getSpec().scenarios = List.of("speculation-original-wins");
    test.getSpec().cleanup = new SchedulerFailureTestSpec.Cleanup();
    test.getSpec().cleanup.onSuccess = CleanupPolicy.Retain;
    cluster.create(test);
    new Runs(cluster, workloads).runToEnd(test, Verdict.Passed, Verdict.Passed);
    cluster.awaitStatus(test, "first run done", s -> s.phase == Phase.Succeeded && s.step == Step.Done);

    // GitOps changes the Spark image: both StatefulSets get a new template (generation 2), pods still the old ones.
    SchedulerFailureTest current = cluster.get(test);
    current.getSpec().spark.image = "registry.example/spark:4.1.4";
    client.resource(current).update();
    cluster.awaitStatus(test, "second run waiting", s -> s.runNumber == 2 && s.step == Step.AwaitingCluster);
    workloads.storageChecked(test, 0, "writable");
    assertThat(client.apps().statefulSets().inNamespace(NS).withName("kept-worker").get().getMetadata()
        .getGeneration()).isEqualTo(2L);

    // 1. Not yet observed: the status the StatefulSet controller wrote for generation 1 still says every pod ready
    // (the mock server drops status on update; a real API server keeps it, so it is put back here).
    setStatus("kept-master", 1L, 1, 1, 1, "kept-master-1", "kept-master-1");
    setStatus("kept-worker", 1L, 2, 2, 2, "kept-worker-1", "kept-worker-1");
    awaitWaiting(cluster, test, "kept-master: generation 2 not yet observed by its controller");
    // 2. The master rolled; the workers' controller observed generation 2 but has updated one pod of two.
    workloads.rolledOut(test, "kept-master", 1);
    awaitWaiting(cluster, test, "kept-worker: generation 2 not yet observed by its controller");
    setWorkerStatus(2, 2, 1, "kept-worker-1", "kept-worker-2");
    awaitWaiting(cluster, test, "kept-worker: 2/2 ready, 1/2 of the latest template");
    // 3. Every pod updated and ready, but the revisions not yet swapped.
    setWorkerStatus(2, 2, 2, "kept-worker-1", "kept-worker-2");
    awaitWaiting(cluster, test, "kept-worker: rolling from revision kept-worker-1 to kept-worker-2");
    // 4. Rolled out, with new pods on new IPs; the master still lists the old workers ALIVE.
    setWorkerStatus(2, 2, 2, "kept-worker-2", "kept-worker-2");
    for (int i = 0; i < 2; i++) {
      client.resource(new PodBuilder().withNewMetadata().withNamespace(NS).withName("kept-worker-" + i)
          .withLabels(Names.componentLabels(test, Names.WORKER)).addToLabels("controller-revision-hash",
              "kept-worker-2").endMetadata()
          .withNewStatus().withPhase("Running").withPodIP("10.244.1." + (20 + i)).endStatus().build())
          .createOr(NonDeletingOperation::update);
    }
    awaitWaiting(cluster, test, "0/2 workers ALIVE in the master (2 more ALIVE on pods that are gone or replaced)");
    assertThat(cluster.jobs(test)).as("no harness Job while any clause is open").isEmpty();

    // 5. The new workers register: only now the harness starts.
    masters.reportAlive(Names.masterJsonUrl(test, Names.IN_CLUSTER_MASTER_JSON_URL),
        List.of("10.244.1.20", "10.244.1.21"));
    cluster.awaitJob(test, "kept-r2-spec");
    assertThat(Conditions.find(cluster.get(test).getStatus(), Conditions.CLUSTER_READY).getMessage())
        .isEqualTo("2/2 workers ALIVE in the master");
  }

  private void awaitWaiting(TestCluster cluster, SchedulerFailureTest test, String pending) {
    String[] last = {null};
    try {
      cluster.awaitStatus(test, "ClusterReady saying " + pending, s -> {
        var c = Conditions.find(s, Conditions.CLUSTER_READY);
        last[0] = c == null ? null : c.getStatus() + " " + c.getMessage();
        return c != null && "False".equals(c.getStatus()) && c.getMessage().contains(pending);
      });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("ClusterReady never said '" + pending + "'; last: " + last[0], e);
    }
    assertThat(cluster.jobs(test)).as("no harness Job while: " + pending).isEmpty();
  }

  private void setWorkerStatus(int replicas, int ready, int updated, String current, String update) {
    setStatus("kept-worker", null, replicas, ready, updated, current, update);
  }

  /** @param observed the generation the StatefulSet controller has seen; null for the current one */
  private void setStatus(String name, Long observed, int replicas, int ready, int updated, String current,
      String update) {
    var sets = client.apps().statefulSets().inNamespace(NS).withName(name);
    sets.editStatus(s -> {
      s.setStatus(new StatefulSetStatusBuilder()
          .withObservedGeneration(observed != null ? observed : s.getMetadata().getGeneration())
          .withReplicas(replicas).withReadyReplicas(ready).withUpdatedReplicas(updated)
          .withCurrentRevision(current).withUpdateRevision(update).build());
      return s;
    });
  }
}
