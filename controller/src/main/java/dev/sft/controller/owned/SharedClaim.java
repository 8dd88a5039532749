package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;

/**
 * The shared claim, when the spec asks for one from a template (an existing claim is only used). ReadWriteMany unless
 * the template names its access modes: ReadWriteOnce binds only where every pod runs on one node. It holds the
 * evidence, so unless both cleanup policies are {@code DeleteAll} it has no owner: deleting the test (by hand, or an
 * Argo CD prune) leaves it, as its cleanup policy would; {@link Names#EVIDENCE_LABEL} finds it.
 */
public final class SharedClaim implements OwnedResource<PersistentVolumeClaim> {

  @Override
  public Class<PersistentVolumeClaim> type() {
    return PersistentVolumeClaim.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.generatedClaim(test);
  }

  @Override
  public boolean isOwned(ResolvedSpec spec) {
    return spec.createsClaim();
  }

  /** The volume holds the evidence: only DeleteAll deletes it. */
  @Override
  public boolean survives(CleanupPolicy policy) {
    return policy != CleanupPolicy.DeleteAll;
  }

  @Override
  public boolean updatable() {
    return false;
  }

  /** Only when no outcome of a run would keep the evidence. */
  @Override
  public boolean deletedWithTest(ResolvedSpec spec) {
    return spec.onSuccess() == CleanupPolicy.DeleteAll && spec.onFailure() == CleanupPolicy.DeleteAll;
  }

  /** The claim every pod mounts, whether generated or existing. */
  public static String claimName(SchedulerFailureTest test, ResolvedSpec spec) {
    return spec.createsClaim() ? Names.generatedClaim(test) : spec.existingClaim();
  }

  @Override
  public PersistentVolumeClaim desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new PersistentVolumeClaimBuilder()
        .withNewMetadata().withName(name(test)).addToLabels(Names.EVIDENCE_LABEL, "true").endMetadata()
        .withNewSpec()
          .withAccessModes(spec.claimAccessModes())
          .withStorageClassName(spec.claimTemplate().storageClassName)
          .withNewResources().addToRequests("storage", new Quantity(spec.claimTemplate().size)).endResources()
        .endSpec()
        .build();
  }
}
