package dev.sft.controller.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.support.ChartRbacRules;
import dev.sft.controller.support.RequestedVerbs;
import dev.sft.controller.support.ControllerReads;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A controller that starts while another holds the leader Lease waits: it keeps asking for the Lease and leaves the
 * tests alone. Once the other stops renewing, it takes the Lease and reconciles.
 */
@QuarkusTest
@WithStrictKubernetesServer
@WithTestResource(value = LeaderElectionTest.LeaseHeldByAnother.class, scope = TestResourceScope.RESTRICTED_TO_CLASS)
@TestProfile(LeaderElectionTest.KnownIdentity.class)
class LeaderElectionTest {
  static final String OTHER = "other-controller";
  static final String SELF = "controller-under-test";
  /** Where the %test profile puts the Lease: sft.controller.namespace and the default sft.leader.lease-name. */
  static final String NAMESPACE = "sft-system";
  static final String LEASE = "sft-controller";
  /**
   * The other holder's lease duration, which the elector reads from the Lease: long enough that its one renewal, made
   * before the application starts, still holds however slowly the application and this test run.
   */
  static final int HELD_SECONDS = 600;

  public static class KnownIdentity implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(LeaderLease.IDENTITY_PROPERTY, SELF);
    }
  }

  /** Creates the Lease, held by another controller, on the mock API server before the application starts. */
  public static class LeaseHeldByAnother implements QuarkusTestResourceLifecycleManager {
    @Override
    public int order() {
      return 1; // after StrictKubernetesServer (0), whose address it reads from the system properties it set
    }

    @Override
    public Map<String, String> start() {
      try (KubernetesClient client = new KubernetesClientBuilder().build()) {
        client.leases().inNamespace(NAMESPACE).resource(new LeaseBuilder()
            .withNewMetadata().withName(LEASE).endMetadata()
            .withNewSpec().withHolderIdentity(OTHER).withLeaseDurationSeconds(HELD_SECONDS)
            .withAcquireTime(ZonedDateTime.now()).withRenewTime(ZonedDateTime.now()).endSpec()
            .build()).create();
      }
      return Map.of();
    }

    @Override
    public void stop() {
    }
  }

  @Inject KubernetesClient client;
  @KubernetesTestServer ControllerReads looks;
  @KubernetesTestServer KubernetesMockServer server;
  @TestHTTPResource("/q/health/ready") URL ready;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void waitsWhileAnotherHoldsTheLeaseAndTakesOverWhenItStopsRenewing() throws Exception {
    TestCluster cluster = new TestCluster(client);
    Resource<Lease> lease = client.leases().inNamespace(NAMESPACE).withName(LEASE);
    SchedulerFailureTest test = cluster.create(TestResources.valid("leader", "waiting"));

    // Two more reads of the Lease: the elector has retried at least once after the test was created (every 2 to
    // 4.4 s).
    looks.awaitLooks(lease.get(), 2);
    assertThat(lease.get().getSpec().getHolderIdentity()).isEqualTo(OTHER);
    assertThat(looks.of(test)).as("reads of the test by a reconcile").isZero();
    assertThat(cluster.get(test).getStatus()).isNull();
    // A follower is ready (its informers run), so a rolling update's new pod replaces the old one and then waits.
    HttpResponse<String> readiness = http.send(HttpRequest.newBuilder(URI.create(ready.toString()))
        .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(readiness.statusCode()).as(readiness.body()).isEqualTo(200);

    // The other stops renewing: its last renewal is older than the lease's duration. An update, not a patch, so that
    // every patch of the Lease below is the elector's.
    Lease stopped = lease.get();
    stopped.getSpec().setRenewTime(ZonedDateTime.now().minusSeconds(HELD_SECONDS + 60));
    client.leases().inNamespace(NAMESPACE).resource(stopped).update();
    await("lease taken over").atMost(TestCluster.TIMEOUT)
        .until(() -> SELF.equals(lease.get().getSpec().getHolderIdentity()));
    cluster.awaitStatus(test, "reconciled by the new leader", status -> status.phase != null);
    // What the elector asked of the Lease is what the chart's Lease Role grants (a real API server refuses the rest).
    assertThat(RequestedVerbs.on(server, "leases")).contains("get", "patch")
        .isSubsetOf(ChartRbacRules.verbsOn("leases"));
  }
}
