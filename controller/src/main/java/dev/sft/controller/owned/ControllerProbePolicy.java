package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;

/**
 * Admits the controller's readiness probe to this test's master, and only to its UI port: the peer is the
 * controller's own namespace (by its {@code kubernetes.io/metadata.name} label, which Kubernetes sets on every
 * namespace) and the controller's pod label, so a pod labelled like the controller in any other namespace gets no
 * further than {@link SparkNetworkPolicy} lets it. NetworkPolicies add up: the master's pods are selected by
 * both policies and admit the union.
 */
public final class ControllerProbePolicy implements OwnedResource<NetworkPolicy> {
  /** The label Kubernetes puts on every namespace, holding its name. */
  static final String NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

  private final String controllerNamespace;

  /** @param controllerNamespace the namespace the controller's pod runs in (from the downward API) */
  public ControllerProbePolicy(String controllerNamespace) {
    this.controllerNamespace = controllerNamespace;
  }

  @Override
  public Class<NetworkPolicy> type() {
    return NetworkPolicy.class;
  }

  @Override
  public String name(SchedulerFailureTest test) {
    return Names.probePolicy(test);
  }

  @Override
  public NetworkPolicy desired(SchedulerFailureTest test, ResolvedSpec spec) {
    return new NetworkPolicyBuilder()
        .withNewMetadata().withName(name(test)).withLabels(Names.testLabels(test)).endMetadata()
        .withNewSpec()
          .withNewPodSelector().withMatchLabels(Names.componentSelector(test, Names.MASTER)).endPodSelector()
          .withPolicyTypes("Ingress")
          .addNewIngress()
            .addNewFrom()
              .withNewNamespaceSelector().addToMatchLabels(NAMESPACE_NAME_LABEL, controllerNamespace)
              .endNamespaceSelector()
              .withNewPodSelector().addToMatchLabels(Names.CONTROLLER_NAME_LABEL, Names.CONTROLLER_NAME)
              .endPodSelector()
            .endFrom()
            .addNewPort().withProtocol("TCP").withPort(new IntOrString(ImagePorts.MASTER_UI_PORT)).endPort()
          .endIngress()
        .endSpec()
        .build();
  }
}
