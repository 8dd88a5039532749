package dev.sft.controller.support;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * What a controller suite that drives test resources through their runs starts from: the mock API server's client,
 * the scripted master probe, the simulated parts of a cluster (the API objects' life cycle and the workloads) and the
 * API server's field selection of Events ({@link EventSelection}).
 * Subclasses carry {@code @QuarkusTest} and {@link WithStrictKubernetesServer} themselves.
 */
public abstract class ReconcilerTestBase {
  @Inject protected KubernetesClient client;
  @Inject protected FakeMasterProbe masters;
  @KubernetesTestServer protected KubernetesMockServer server;
  @KubernetesTestServer protected StaleWriteRejectingDispatcher apiServer;
  @KubernetesTestServer protected ControllerReads looks;
  protected TestCluster cluster;
  protected WorkloadSimulator workloads;
  protected EventSelection events;

  @BeforeEach
  void startSimulatedCluster() {
    cluster = new TestCluster(client);
    workloads = new WorkloadSimulator(client, masters);
    events = new EventSelection(server, client);
  }
}
