package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;

/**
 * The identity of the harness pods; the kill transport uses its token to exec into worker pods. It carries the spec's
 * pull secrets too, so that pods under this account pull from the same registry even without the pod's own list.
 */
public final class HarnessServiceAccount implements OwnedResource<ServiceAccount> {

  @Override
  public Class<ServiceAccount> type() {
    return ServiceAccount.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.harness(test);
  }

  @Override
  public ServiceAccount desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new ServiceAccountBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.HARNESS)).endMetadata()
        .withImagePullSecrets(spec.imagePullSecrets().isEmpty() ? null : spec.imagePullSecrets())
        .build();
  }
}
