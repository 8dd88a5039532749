package dev.sft.e2e.controllers;

import dev.sft.e2e.apimachinery.Selectors;
import dev.sft.e2e.storage.ClaimFolders;
import dev.sft.e2e.storage.ClaimStorage;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;

/**
 * A stand-in for a volume provisioner and the claim binder: every claim gets a host folder of its own at once, with the
 * mode its StorageClass asks for ({@link ClaimStorage}; no PersistentVolume objects, no size limits), and is marked
 * Bound. The folder outlives the claim
 * (reclaim policy "Retain"), so a test can inspect it afterwards.
 */
public final class ClaimBinder {
  private final KubernetesClient client;
  private final Path stateDir;

  public ClaimBinder(KubernetesClient client, Path stateDir) {
    this.client = client;
    this.stateDir = stateDir;
  }

  public void sync() {
    for (PersistentVolumeClaim claim : client.persistentVolumeClaims().inAnyNamespace().list().getItems()) {
      if (Selectors.terminating(claim)
          || (claim.getStatus() != null && "Bound".equals(claim.getStatus().getPhase()))) {
        continue;
      }
      ClaimFolders.provision(ClaimFolders.of(stateDir, claim.getMetadata().getNamespace(),
          claim.getMetadata().getName()), ClaimStorage.of(client, claim).folderMode());
      var spec = claim.getSpec();
      PersistentVolumeClaim bound = new PersistentVolumeClaimBuilder(claim).withNewStatus().withPhase("Bound")
          .withAccessModes(spec == null ? null : spec.getAccessModes())
          .withCapacity(spec == null || spec.getResources() == null ? null : spec.getResources().getRequests())
          .endStatus().build();
      try {
        client.persistentVolumeClaims().inNamespace(claim.getMetadata().getNamespace()).resource(bound)
            .updateStatus();
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 && e.getCode() != 404) {
          throw e;
        }
      }
    }
  }
}
