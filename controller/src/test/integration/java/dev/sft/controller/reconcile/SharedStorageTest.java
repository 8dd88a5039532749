package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimStatusBuilder;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The shared volume is reported as what keeps a run from starting: a claim that stays Pending (with its storage
 * class and the provisioner's Event) and a volume the pods' user cannot write, never as workers not ready.
 */
@QuarkusTest
@WithStrictKubernetesServer
class SharedStorageTest extends ReconcilerTestBase {
  @Test
  void aClaimThatStaysPendingIsReportedWithItsStorageClassAndTheProvisionersEvent() throws Exception {
    SchedulerFailureTest test = TestResources.valid("storage", "unbound");
    test.getSpec().storage.claimTemplate.storageClassName = "standard";
    cluster.create(test);
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    // kind's local-path class serves ReadWriteOnce only; its provisioner says so in an Event on the claim.
    setClaimPhase("storage", "unbound-shared", "Pending");
    events.record(client.persistentVolumeClaims().inNamespace("storage").withName("unbound-shared").get(),
        "ProvisioningFailed", "failed to provision volume with StorageClass \"standard\": Only support ReadWriteOnce "
            + "access mode");
    events.unselectedListings(); // from here on only the controller reads Events
    // Even with every pod up and every worker ALIVE, the claim is the news while it is not bound.
    workloads.masterReportsAlive(test, 2);
    workloads.rolledOut(test, "unbound-master", 1);
    workloads.rolledOut(test, "unbound-worker", 2);

    var waiting = cluster.awaitStatus(test, "waiting on the claim", s -> {
      var c = Conditions.find(s, Conditions.CLUSTER_READY);
      return c != null && Reason.ClaimPending.name().equals(c.getReason()) && c.getMessage().contains("Only support");
    });
    assertThat(Conditions.find(waiting.getStatus(), Conditions.CLUSTER_READY).getMessage()).isEqualTo(
        "claim unbound-shared is Pending (storage class standard, access modes [ReadWriteMany]): ProvisioningFailed: "
            + "failed to provision volume with StorageClass \"standard\": Only support ReadWriteOnce access mode");
    // It asked for the claim's Events only, every poll, never for every Event of the namespace.
    assertThat(events.unselectedListings()).isEmpty();

    // Past the readiness time-out, the run fails as ClaimPending, not as workers not ready.
    backdateStart(test);
    var failed = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed);
    var clusterReady = Conditions.find(failed.getStatus(), Conditions.CLUSTER_READY);
    assertThat(clusterReady.getReason()).isEqualTo(Reason.ClaimPending.name());
    assertThat(failed.getStatus().message).contains("cluster not ready after 600 s: claim unbound-shared is Pending")
        .doesNotContain("workers");
    assertThat(cluster.jobs(test)).as("no harness Job").isEmpty();
    cluster.awaitEventReason(test, Reason.ClaimPending.name());
  }

  @Test
  void aVolumeThePodsUserCannotWriteFailsTheRunBeforeTheHarnessWithTheFix() {
    SchedulerFailureTest test = TestResources.valid("storage", "rootowned");
    cluster.create(test);
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    setClaimPhase("storage", "rootowned-shared", "Bound");
    workloads.masterReportsAlive(test, 2);
    workloads.storageChecked(test, 1, "uid 185 (groups 185) cannot create and rename a file in /shared/sft: "
        + "sh: 1: cannot create /shared/sft/.sft-storage-check-x.tmp: Permission denied; the folder is "
        + "drwxr-xr-x 2 0 0 4096 Dec  1 12:00 /shared/sft");

    var failed = cluster.awaitStatus(test, "failed", s -> s.phase == Phase.Failed);
    var clusterReady = Conditions.find(failed.getStatus(), Conditions.CLUSTER_READY);
    assertThat(clusterReady.getReason()).isEqualTo(Reason.SharedStorageNotWritable.name());
    assertThat(clusterReady.getMessage()).startsWith("the pods' user cannot write the shared volume (claim "
        + "rootowned-shared, mounted at /shared/sft): uid 185 (groups 185) cannot create and rename a file")
        .contains("Permission denied", "drwxr-xr-x 2 0 0")
        .endsWith("the fix depends on the volume's driver: docs/operations.md, \"Shared storage\"");
    assertThat(cluster.jobs(test)).as("the harness never starts on a volume it cannot write").isEmpty();
    assertThat(failed.getStatus().cells).as("every repetition Unknown").isNotEmpty()
        .allSatisfy(c -> assertThat(c.unknown).isEqualTo(c.repetitions));
    cluster.awaitEventReason(test, Reason.SharedStorageNotWritable.name());
  }

  private void setClaimPhase(String namespace, String name, String phase) {
    var claims = client.persistentVolumeClaims().inNamespace(namespace).withName(name);
    PersistentVolumeClaim claim = claims.get();
    claim.setStatus(new PersistentVolumeClaimStatusBuilder().withPhase(phase).build());
    claims.updateStatus(claim);
  }

  /** An hour ago the run started and applied its cluster, from which the readiness time-out counts. */
  private void backdateStart(SchedulerFailureTest test) {
    SchedulerFailureTest current = cluster.get(test);
    current.getStatus().startTime = Instant.now().minusSeconds(3600).toString();
    current.getStatus().clusterApplyTime = current.getStatus().startTime;
    client.resource(current).updateStatus();
  }
}
