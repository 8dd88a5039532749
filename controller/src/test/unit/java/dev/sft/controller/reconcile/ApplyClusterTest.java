package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.BuildComparison;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ApplyCluster} alone, over a mock API server. Transitions covered:
 * <ul>
 *   <li>{@code ApplyingCluster} (a run's first apply) → {@code AwaitingCluster}: the cluster's objects and the run's
 *       storage-check Job created, Jobs of earlier runs deleted, {@code ClusterReady=False WaitingForWorkers}</li>
 *   <li>restart: a new instance over {@code ApplyingCluster} after the creates (the crash before the status write)
 *       creates nothing twice</li>
 *   <li>{@code ApplyingCluster} for a comparison's candidate (a Job already ran) → {@code AwaitingCluster}: the
 *       StatefulSets roll to the candidate's image; no new storage check, the run's Jobs kept</li>
 *   <li>failure: a create the API server refuses (403; 5xx the client retries itself) propagates, and the status still says {@code ApplyingCluster}</li>
 * </ul>
 */
class ApplyClusterTest extends StepTest {

  @Test
  void aRunsFirstApplyCreatesTheClusterAndTheStorageCheckThenAwaitsIt() {
    SchedulerFailureTest test = fixture.create("apply", spec -> {});
    fixture.newStartRun().advance(fixture.ledger(test));
    client.resource(new JobBuilder().withNewMetadata().withNamespace(StepFixture.NAMESPACE).withName("apply-r0-spec")
        .withLabels(Map.of(Names.TEST_LABEL, "apply", Names.RUN_ID_LABEL, "apply-r0-0000")).endMetadata()
        .build()).create();

    Next next = fixture.newApplyCluster().advance(fixture.ledger(test));

    assertThat(next).isEqualTo(Next.CONTINUE);
    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.step).isEqualTo(Step.AwaitingCluster);
    assertThat(status.clusterApplyTime).isNotNull();
    var ready = Conditions.find(status, Conditions.CLUSTER_READY);
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getReason()).isEqualTo("WaitingForWorkers");
    assertThat(ready.getMessage()).isEqualTo("waiting for 2 workers ALIVE in the master");
    assertThat(fixture.masterImage(test)).isEqualTo("registry.example/spark:4.1.3");
    assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).withName(Names.worker(test)).get())
        .isNotNull();
    assertThat(client.persistentVolumeClaims().inNamespace(StepFixture.NAMESPACE).list().getItems()).hasSize(1);
    assertThat(fixture.jobs()).extracting(j -> j.getMetadata().getName())
        .containsExactly(fixture.storageCheckJob(test));
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted");
  }

  @Test
  void aRestartAfterTheCreatesButBeforeTheWriteCreatesNothingTwice() {
    SchedulerFailureTest test = fixture.create("reapply", spec -> {});
    fixture.newStartRun().advance(fixture.ledger(test));
    var crashed = fixture.ledger(test);
    fixture.newApplyCluster().advance(crashed); // its status write is lost below, as in a crash before it
    fixture.editStatus(test, s -> s.step = Step.ApplyingCluster);
    List<String> uids = uidsOfChildren(test);

    fixture.newApplyCluster().advance(fixture.ledger(test));

    assertThat(fixture.get(test).getStatus().step).isEqualTo(Step.AwaitingCluster);
    assertThat(uidsOfChildren(test)).isEqualTo(uids);
    assertThat(fixture.jobs()).hasSize(1);
  }

  @Test
  void aCandidatesApplyRollsTheStatefulSetsAndKeepsTheRunsStorageCheck() {
    SchedulerFailureTest test = fixture.create("roll", StepFixture::compare);
    fixture.startAndApply(test);
    assertThat(fixture.masterImage(test)).isEqualTo("registry.example/spark:4.1.2");
    client.batch().v1().jobs().inNamespace(StepFixture.NAMESPACE).withName(fixture.storageCheckJob(test)).delete();
    fixture.editStatus(test, s -> {
      s.harnessJobs.stream().filter(j -> BuildComparison.BASELINE.equals(j.build)).forEach(j -> j.state =
          JobState.Succeeded);
      s.clusterBuild = BuildComparison.CANDIDATE;
      s.step = Step.ApplyingCluster;
    });

    assertThat(fixture.newApplyCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    assertThat(fixture.masterImage(test)).isEqualTo("registry.example/spark:4.1.3");
    assertThat(fixture.jobs()).isEmpty();
    var ready = Conditions.find(fixture.get(test).getStatus(), Conditions.CLUSTER_READY);
    assertThat(ready.getMessage()).isEqualTo("waiting for 2 workers ALIVE in the master on the candidate build's image");
  }

  @Test
  void aCreateTheApiServerRefusesLeavesTheStepToBeRepeated() {
    SchedulerFailureTest test = fixture.create("refused", spec -> {});
    fixture.newStartRun().advance(fixture.ledger(test));
    server.expect().post().withPath("/apis/apps/v1/namespaces/steps/statefulsets")
        .andReturn(403, "statefulsets.apps is forbidden: User cannot create resource").once();

    assertThatThrownBy(() -> fixture.newApplyCluster().advance(fixture.ledger(test)))
        .isInstanceOf(KubernetesClientException.class);

    assertThat(fixture.get(test).getStatus().step).isEqualTo(Step.ApplyingCluster);
    assertThat(fixture.jobs()).isEmpty();
    assertThat(fixture.newApplyCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);
    assertThat(fixture.masterImage(test)).isNotNull();
  }

  private List<String> uidsOfChildren(SchedulerFailureTest test) {
    List<HasMetadata> children = new java.util.ArrayList<>();
    children.addAll(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).list().getItems());
    children.addAll(client.services().inNamespace(StepFixture.NAMESPACE).list().getItems());
    children.addAll(client.persistentVolumeClaims().inNamespace(StepFixture.NAMESPACE).list().getItems());
    children.addAll(client.batch().v1().jobs().inNamespace(StepFixture.NAMESPACE).list().getItems());
    return children.stream().map(c -> c.getKind() + "/" + c.getMetadata().getName() + "/" + c.getMetadata().getUid())
        .sorted().toList();
  }

  @Test
  void twoClustersGetTheirOwnMastersWorkersAndServicesOnOneClaimUnderOneBudgetAndPolicy() {
    SchedulerFailureTest test = started("twice", 2);

    assertThat(fixture.newApplyCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    var sets = client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE);
    assertThat(sets.list().getItems()).extracting(s -> s.getMetadata().getName())
        .containsExactlyInAnyOrder("twice-master", "twice-worker", "twice-c1-mst", "twice-c1-wkr");
    assertThat(client.services().inNamespace(StepFixture.NAMESPACE).list().getItems())
        .extracting(s -> s.getMetadata().getName())
        .containsExactlyInAnyOrder("twice-master", "twice-worker", "twice-c1-mst", "twice-c1-wkr");
    // Cluster 0's selector is a single cluster's, so a test that ran one cluster keeps its StatefulSet.
    assertThat(sets.withName("twice-worker").get().getSpec().getSelector().getMatchLabels())
        .doesNotContainKey(Names.CLUSTER_LABEL);
    assertThat(sets.withName("twice-worker").get().getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry(Names.CLUSTER_LABEL, "0");
    var worker1 = sets.withName("twice-c1-wkr").get().getSpec();
    assertThat(worker1.getSelector().getMatchLabels()).containsEntry(Names.CLUSTER_LABEL, "1");
    assertThat(String.join(" ", worker1.getTemplate().getSpec().getContainers().get(0).getCommand()))
        .contains("spark://twice-c1-mst.steps.svc:7077").doesNotContain("twice-master");
    assertThat(worker1.getTemplate().getSpec().getVolumes()).extracting(v -> v.getPersistentVolumeClaim() == null
        ? null : v.getPersistentVolumeClaim().getClaimName()).contains(Names.generatedClaim(test));
    assertThat(client.services().inNamespace(StepFixture.NAMESPACE).withName("twice-master").get().getSpec()
        .getSelector()).containsEntry(Names.CLUSTER_LABEL, "0");
    assertThat(client.policy().v1().podDisruptionBudget().inNamespace(StepFixture.NAMESPACE).list().getItems())
        .hasSize(1);
    assertThat(client.network().v1().networkPolicies().inNamespace(StepFixture.NAMESPACE).list().getItems())
        .extracting(p -> p.getMetadata().getName()).contains(Names.networkPolicy(test));
    assertThat(client.persistentVolumeClaims().inNamespace(StepFixture.NAMESPACE).list().getItems()).hasSize(1);
    // The harness of either cluster may exec into its own workers.
    assertThat(client.rbac().roles().inNamespace(StepFixture.NAMESPACE).withName(Names.harness(test)).get()
        .getRules()).flatExtracting(r -> r.getResourceNames() == null ? List.of() : r.getResourceNames())
        .containsExactlyInAnyOrder("twice-worker-0", "twice-worker-1", "twice-c1-wkr-0", "twice-c1-wkr-1");
  }

  @Test
  void aRunWithFewerClustersDeletesTheObjectsOfTheClustersItNoLongerRuns() {
    SchedulerFailureTest test = started("shrunk", 3);
    fixture.newApplyCluster().advance(fixture.ledger(test));
    var sets = client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE);
    assertThat(sets.list().getItems()).hasSize(6);

    // The next run's spec asks for one cluster fewer.
    fixture.editStatus(test, status -> {
      assertThat(status.runSpec).contains("\"parallelism\":3");
      status.runSpec = status.runSpec.replace("\"parallelism\":3", "\"parallelism\":2");
    });
    assertThat(fixture.newApplyCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    assertThat(sets.list().getItems()).extracting(s -> s.getMetadata().getName())
        .containsExactlyInAnyOrder("shrunk-master", "shrunk-worker", "shrunk-c1-mst", "shrunk-c1-wkr");
    assertThat(client.services().inNamespace(StepFixture.NAMESPACE).list().getItems())
        .extracting(s -> s.getMetadata().getName())
        .containsExactlyInAnyOrder("shrunk-master", "shrunk-worker", "shrunk-c1-mst", "shrunk-c1-wkr");
  }

  /** A test of {@code clusters} Spark clusters whose run has started, before its cluster is applied. */
  private SchedulerFailureTest started(String name, int clusters) {
    SchedulerFailureTest test = fixture.create(name, spec -> {
      spec.repeat = 4;
      spec.parallelism = clusters;
    });
    fixture.newStartRun().advance(fixture.ledger(test));
    return test;
  }
}
