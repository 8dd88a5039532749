package dev.sft.controller.owned;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import java.util.Map;

/**
 * Admits traffic to this test's pods only from this test's pods (Spark RPC, block transfers, the client-mode
 * driver); {@link ControllerProbePolicy} adds the controller's readiness probe to the master's UI port.
 * Egress stays open: the harness talks to the API server for pod exec.
 */
public final class SparkNetworkPolicy implements OwnedResource<NetworkPolicy> {

  @Override
  public Class<NetworkPolicy> type() {
    return NetworkPolicy.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.networkPolicy(test);
  }

  @Override
  public NetworkPolicy desired(SchedulerFailureTest test, ResolvedSpec spec) {
    Map<String, String> thisTest = Map.of(Names.TEST_LABEL, test.getMetadata().getName());
    return new NetworkPolicyBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.testLabels(test)).endMetadata()
        .withNewSpec()
          .withNewPodSelector().withMatchLabels(thisTest).endPodSelector()
          .withPolicyTypes("Ingress")
          .addNewIngress()
            .addNewFrom().withNewPodSelector().withMatchLabels(thisTest).endPodSelector().endFrom()
          .endIngress()
        .endSpec()
        .build();
  }
}
