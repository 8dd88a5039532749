package dev.sft.e2e.apiserver;

import dev.sft.e2e.admission.AdmissionRefused;
import dev.sft.e2e.admission.ClusterObjects;
import dev.sft.e2e.admission.PodAdmission;
import dev.sft.e2e.apiserver.store.StatusBodies;
import dev.sft.e2e.apiserver.store.UpdateHandler;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;

/**
 * fabric8's stock CRUD mock API server on loopback, with a client, for the controllers' and the simulator's tests;
 * pod creates pass the same {@link PodAdmission} as on the stand-in.
 */
public final class CrudMock implements AutoCloseable {
  /** The mock logs every request at INFO; held, so the level stays set. */
  private static final java.util.logging.Logger MOCK_LOG =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  public final KubernetesMockServer server;
  public final KubernetesClient client;

  public CrudMock() {
    MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
    server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new AdmittingDispatcher(),
        false);
    server.init(InetAddress.getLoopbackAddress(), 0);
    client = server.createClient();
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
  }

  private static final class AdmittingDispatcher extends KubernetesCrudDispatcher {
    private final PodAdmission admission = new PodAdmission(new ClusterObjects(path -> {
      MockResponse answer = handleGet(path);
      return answer.code() == 200 && answer.getBody() != null ? answer.getBody().readUtf8() : null;
    }));

    @Override
    public synchronized MockResponse handleCreate(RecordedRequest request) {
      String path = UpdateHandler.withoutQuery(request.getPath());
      try {
        String admitted = admission.admitCreate(path, request.getBody().readUtf8());
        return super.handleCreate(new RecordedRequest("HTTP/1.1", request.method(), request.getPath(),
            request.getHeaders(), new Buffer(admitted.getBytes(StandardCharsets.UTF_8))));
      } catch (AdmissionRefused refused) {
        return new MockResponse().setResponseCode(refused.code())
            .setBody(StatusBodies.json(refused.code(), refused.reason(), refused.getMessage()));
      }
    }
  }
}
