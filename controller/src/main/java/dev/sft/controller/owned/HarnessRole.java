package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;

/**
 * What the harness may do: read and watch pods (to resolve an executor's host to a worker pod; fabric8's exec waits
 * for the pod with a list and a watch first) and exec only into this
 * test's worker pods, named one by one, so a kill can never reach another test's or anyone else's pod.
 */
public final class HarnessRole implements OwnedResource<Role> {

  @Override
  public Class<Role> type() {
    return Role.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.harness(test);
  }

  @Override
  public Role desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new RoleBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.componentLabels(test, Names.HARNESS)).endMetadata()
        .withRules(
            new PolicyRuleBuilder().withApiGroups("").withResources("pods").withVerbs("get", "list", "watch")
                .build(),
            // Exec over SPDY is "create" on pods/exec; over WebSocket (fabric8) it is a GET, authorised as "get"
            // and, from Kubernetes 1.35 (AuthorizePodWebsocketUpgradeCreatePermission), also as "create".
            new PolicyRuleBuilder().withApiGroups("").withResources("pods/exec").withVerbs("create", "get")
                .withResourceNames(java.util.stream.IntStream.range(0, spec.parallelism()).boxed()
                    .flatMap(k -> Names.workerPods(test, k, spec.workers()).stream()).toList()).build())
        .build();
  }
}
