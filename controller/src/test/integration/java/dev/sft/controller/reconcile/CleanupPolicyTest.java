package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What is left after a run, per cleanup policy (the defaults are covered by HappyPathTest and FailingVerdictTest). */
@QuarkusTest
@WithStrictKubernetesServer
class CleanupPolicyTest {
  @Inject KubernetesClient client;
  @Inject FakeMasterProbe masters;
  TestCluster cluster;
  Runs runs;

  @BeforeEach
  void setUp() {
    cluster = new TestCluster(client);
    runs = new Runs(cluster, new WorkloadSimulator(client, masters));
  }

  @Test
  void retainOnSuccessKeepsEverything() {
    SchedulerFailureTest test = withCleanup("keep", CleanupPolicy.Retain, null);
    cluster.create(test);
    runs.runToEnd(test, Verdict.Passed, Verdict.Passed);
    var status = cluster.awaitStatus(test, "succeeded", s -> s.phase == Phase.Succeeded).getStatus();
    assertThat(status.cleanup).isEqualTo(Cleanup.Retained);
    assertClusterPresent(test, true);
    // Except what protects the pods only during a run: a retained cluster must not block a node drain.
    cluster.awaitStatus(test, "run ended", s -> s.step == Step.Done);
    assertThat(cluster.child(test, PodDisruptionBudget.class, "keep-spark")).isNull();
    assertThat(cluster.jobs(test)).hasSize(2);
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "keep-shared")).isNotNull();
    assertThat(cluster.eventReasons(test)).doesNotContain(Reason.CleanedUp.name());
  }

  @Test
  void deleteAllOnSuccessAlsoDeletesTheGeneratedClaim() {
    SchedulerFailureTest test = withCleanup("wipe", CleanupPolicy.DeleteAll, null);
    cluster.create(test);
    runs.runToEnd(test, Verdict.Passed, Verdict.Passed);
    cluster.awaitStatus(test, "cleaned", s -> s.phase == Phase.Succeeded && s.cleanup == Cleanup.Done);
    assertClusterPresent(test, false);
    assertThat(cluster.jobs(test)).isEmpty();
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "wipe-shared")).isNull();
    assertThat(cluster.children(test)).isEmpty();
  }

  @Test
  void theGeneratedClaimOutlivesItsTestUnlessNoOutcomeKeepsIt() {
    // Retained on failure: deleting the test (kubectl delete, an Argo CD prune) must not take the evidence.
    SchedulerFailureTest keeps = withCleanup("evidence", CleanupPolicy.DeleteAll, null);
    cluster.create(keeps);
    cluster.awaitStatus(keeps, "applied", s -> s.step == Step.AwaitingCluster);
    var claim = cluster.child(keeps, PersistentVolumeClaim.class, "evidence-shared");
    assertThat(claim.getMetadata().getOwnerReferences()).isEmpty();
    assertThat(claim.getMetadata().getLabels()).containsEntry("sft.dev/evidence", "true");
    assertThat(cluster.child(keeps, StatefulSet.class, "evidence-worker").getMetadata().getOwnerReferences())
        .as("the cluster still goes with the test").hasSize(1);

    // A claim left by a deleted test of the same name, now mounted by a test whose every outcome deletes it all:
    // the new test adopts it, so deleting that test deletes it too.
    client.resource(new PersistentVolumeClaimBuilder().withNewMetadata().withNamespace("cleanup")
        .withName("wiped-shared").addToLabels("sft.dev/evidence", "true").addToLabels("sft.dev/test", "wiped")
        .endMetadata().withNewSpec().withAccessModes("ReadWriteMany").withNewResources()
        .addToRequests("storage", new io.fabric8.kubernetes.api.model.Quantity("5Gi")).endResources().endSpec()
        .build()).create();
    SchedulerFailureTest wipes = withCleanup("wiped", CleanupPolicy.DeleteAll, CleanupPolicy.DeleteAll);
    var created = cluster.create(wipes);
    cluster.awaitStatus(wipes, "applied", s -> s.step == Step.AwaitingCluster);
    assertThat(cluster.child(wipes, PersistentVolumeClaim.class, "wiped-shared").getMetadata().getOwnerReferences())
        .singleElement().satisfies(owner -> assertThat(owner.getUid()).isEqualTo(created.getMetadata().getUid()));
  }

  @Test
  void deleteAllNeverDeletesAnExistingClaim() {
    client.resource(new PersistentVolumeClaimBuilder().withNewMetadata().withNamespace("cleanup")
        .withName("team-nfs").endMetadata().withNewSpec().withAccessModes("ReadWriteMany").endSpec().build()).create();
    SchedulerFailureTest test = withCleanup("borrowed", CleanupPolicy.DeleteAll, null);
    test.getSpec().storage.claimTemplate = null;
    test.getSpec().storage.existingClaim = "team-nfs";
    cluster.create(test);
    var applied = cluster.awaitStatus(test, "applied", s -> s.step != null);
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "borrowed-shared")).isNull();
    runs.runToEnd(test, Verdict.Passed, Verdict.Passed);
    cluster.awaitStatus(test, "cleaned", s -> s.phase == Phase.Succeeded && s.cleanup == Cleanup.Done);
    assertClusterPresent(test, false);
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "team-nfs")).isNotNull();
    assertThat(applied.getStatus().runId).isNotNull();
  }

  @Test
  void deleteClusterOnFailureDeletesTheClusterButKeepsTheClaimAndVerdicts() {
    SchedulerFailureTest test = withCleanup("tidy", null, CleanupPolicy.DeleteCluster);
    cluster.create(test);
    runs.runToEnd(test, Verdict.Failed, Verdict.Passed);
    var status = cluster.awaitStatus(test, "cleaned", s -> s.phase == Phase.Failed && s.cleanup == Cleanup.Done)
        .getStatus();
    assertThat(status.summary).isEqualTo("2/4");
    assertClusterPresent(test, false);
    assertThat(cluster.jobs(test)).isEmpty();
    assertThat(cluster.child(test, PersistentVolumeClaim.class, "tidy-shared")).isNotNull();
  }

  private SchedulerFailureTest withCleanup(String name, CleanupPolicy onSuccess, CleanupPolicy onFailure) {
    SchedulerFailureTest test = TestResources.valid("cleanup", name);
    test.getSpec().cleanup = new SchedulerFailureTestSpec.Cleanup();
    test.getSpec().cleanup.onSuccess = onSuccess;
    test.getSpec().cleanup.onFailure = onFailure;
    return test;
  }

  private void assertClusterPresent(SchedulerFailureTest test, boolean present) {
    String name = test.getMetadata().getName();
    var objects = new Object[] {
        cluster.child(test, StatefulSet.class, name + "-master"),
        cluster.child(test, StatefulSet.class, name + "-worker"),
        cluster.child(test, Service.class, name + "-master"),
        cluster.child(test, Service.class, name + "-worker"),
        cluster.child(test, ServiceAccount.class, name + "-harness"),
        cluster.child(test, Role.class, name + "-harness"),
        cluster.child(test, RoleBinding.class, name + "-harness"),
        cluster.child(test, NetworkPolicy.class, name + "-spark")};
    for (Object object : objects) {
      if (present) {
        assertThat(object).isNotNull();
      } else {
        assertThat(object).isNull();
      }
    }
  }
}
