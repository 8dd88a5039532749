package dev.sft.e2e.apiserver;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.InetAddress;
import java.util.HashMap;

/** fabric8's stock CRUD mock API server on loopback, with a client, for the controllers' tests. */
public final class CrudMock implements AutoCloseable {
  /** The mock logs every request at INFO; held, so the level stays set. */
  private static final java.util.logging.Logger MOCK_LOG =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  public final KubernetesMockServer server;
  public final KubernetesClient client;

  public CrudMock() {
    MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
    server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
        new KubernetesCrudDispatcher(), false);
    server.init(InetAddress.getLoopbackAddress(), 0);
    client = server.createClient();
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
  }
}
