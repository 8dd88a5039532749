package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;

/** Grants {@link HarnessRole}'s role to {@link HarnessServiceAccount}'s account. */
public final class HarnessRoleBinding implements OwnedResource<RoleBinding> {

  @Override
  public Class<RoleBinding> type() {
    return RoleBinding.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.harness(test);
  }

  @Override
  public RoleBinding desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new RoleBindingBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.HARNESS)).endMetadata()
        .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("Role").withName(Names.harness(test))
        .endRoleRef()
        .addNewSubject().withKind("ServiceAccount").withName(Names.harness(test))
        .withNamespace(test.getMetadata().getNamespace()).endSubject()
        .build();
  }
}
