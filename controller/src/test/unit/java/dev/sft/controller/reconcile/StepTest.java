package dev.sft.controller.reconcile;

import dev.sft.controller.support.StrictKubernetesServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * One step driven alone: a fresh API server per test, as strict about stale writes as Kubernetes (a step that wrote
 * from a stale copy fails here as it would there), and the steps wired over it by {@link StepFixture}.
 */
abstract class StepTest {
  KubernetesMockServer server;
  KubernetesClient client;
  StepFixture fixture;

  @BeforeEach
  void startServer() {
    server = StrictKubernetesServer.standalone();
    client = server.createClient();
    fixture = new StepFixture(client);
  }

  @AfterEach
  void stopServer() {
    client.close();
    server.destroy();
  }
}
