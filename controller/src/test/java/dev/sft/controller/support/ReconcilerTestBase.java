package dev.sft.controller.support;

import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * What a controller suite that drives test resources through their runs starts from: the mock API server's client,
 * the scripted master probe, and the two simulated parts of a cluster (the API objects' life cycle and the kubelet).
 * Subclasses carry {@code @QuarkusTest} and {@code @WithKubernetesTestServer} themselves.
 */
public abstract class ReconcilerTestBase {
  @Inject protected KubernetesClient client;
  @Inject protected FakeMasterProbe masters;
  protected TestCluster cluster;
  protected Kubelet kubelet;

  @BeforeEach
  void startSimulatedCluster() {
    cluster = new TestCluster(client);
    kubelet = new Kubelet(client, masters);
  }
}
