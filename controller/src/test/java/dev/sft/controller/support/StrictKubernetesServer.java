package dev.sft.controller.support;

import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/**
 * The API server the controller's tests run against: fabric8's CRUD mock (as {@code @WithKubernetesTestServer(crud =
 * true)} starts it) behind {@link StaleWriteRejectingDispatcher}, so a write from a stale copy fails as on Kubernetes.
 * A test reaches the mock through a {@code @KubernetesTestServer KubernetesMockServer} field and the refusals through a
 * {@code @KubernetesTestServer StaleWriteRejectingDispatcher} field, and the controller's looks at a test through a
 * {@code @KubernetesTestServer ControllerReads} field. Use it through {@link WithStrictKubernetesServer}.
 */
public final class StrictKubernetesServer implements QuarkusTestResourceLifecycleManager {
  private KubernetesMockServer server;
  private StaleWriteRejectingDispatcher dispatcher;
  private ControllerReads reads;

  /**
   * A started server on loopback that refuses stale writes, without Quarkus: for tests that wire the controller's
   * classes by hand. The caller destroys it.
   */
  public static KubernetesMockServer standalone() {
    Map<ServerRequest, Queue<ServerResponse>> expectations = new HashMap<>();
    KubernetesMockServer server = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(), new MockWebServer(),
        expectations, new StaleWriteRejectingDispatcher(new KubernetesMixedDispatcher(expectations, List.of())), false);
    server.init(InetAddress.getLoopbackAddress(), 0);
    return server;
  }

  @Override
  public Map<String, String> start() {
    Map<ServerRequest, Queue<ServerResponse>> expectations = new HashMap<>();
    dispatcher = new StaleWriteRejectingDispatcher(new KubernetesMixedDispatcher(expectations, List.of()));
    reads = new ControllerReads(dispatcher);
    server = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(), new MockWebServer(), expectations, reads,
        false);
    server.init(InetAddress.getLoopbackAddress(), 0);
    answerLeaseRulesReview(server);
    // What quarkus-test-kubernetes-client's resource configures, so the client finds this server and nothing else.
    String masterUrl;
    try (var client = server.createClient()) {
      masterUrl = client.getConfiguration().getMasterUrl();
    }
    Map<String, String> config = Map.of(
        "kubernetes.master", masterUrl,
        "kubernetes.trust.certificates", "true",
        "quarkus.tls.trust-all", "true",
        "kubernetes.auth.tryKubeConfig", "false",
        "kubernetes.auth.tryServiceAccount", "false",
        "kubernetes.namespace", "test",
        "http2.disable", "true");
    // The fabric8 client reads these as system properties, not as Quarkus configuration.
    config.forEach(System::setProperty);
    return config;
  }

  /**
   * The operator SDK asks, before it runs for the lease, whether it may get, create and update Leases (a
   * SelfSubjectRulesReview); the CRUD mock would echo the request without a status. Answer as an API server would
   * for the chart's Role.
   */
  private static void answerLeaseRulesReview(KubernetesMockServer server) {
    SelfSubjectRulesReview review = new SelfSubjectRulesReviewBuilder()
        .withNewStatus().withIncomplete(false)
        .addNewResourceRule().withApiGroups("coordination.k8s.io").withResources("leases")
        .withVerbs("get", "create", "update").endResourceRule()
        .endStatus().build();
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
        .andReturn(201, review).always();
  }

  @Override
  public void inject(TestInjector injector) {
    injector.injectIntoFields(server,
        new TestInjector.AnnotatedAndMatchesType(KubernetesTestServer.class, KubernetesMockServer.class));
    injector.injectIntoFields(dispatcher,
        new TestInjector.AnnotatedAndMatchesType(KubernetesTestServer.class, StaleWriteRejectingDispatcher.class));
    injector.injectIntoFields(reads,
        new TestInjector.AnnotatedAndMatchesType(KubernetesTestServer.class, ControllerReads.class));
  }

  @Override
  public void stop() {
    if (server != null) {
      server.destroy();
    }
  }
}
