package dev.sft.k8s.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fabric8's mock API server (CRUD store) as a user's cluster for {@code sft k8s}: a kubeconfig pointing at it, the
 * CRD, and tests stored as the controller would leave them (untyped, so a test can store what the model cannot say).
 */
final class MockCluster {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final ResourceDefinitionContext TESTS = new ResourceDefinitionContext.Builder()
      .withGroup("sft.dev").withVersion("v1alpha1").withKind("SchedulerFailureTest")
      .withPlural("schedulerfailuretests").withNamespaced(true).build();

  private final KubernetesClient client;
  private final Path dir;

  MockCluster(KubernetesClient client, Path dir) {
    this.client = client;
    this.dir = dir;
  }

  /** A kubeconfig whose current context points at the mock server with namespace staging. */
  Path kubeconfig() throws IOException {
    return kubeconfig(client.getMasterUrl().toString());
  }

  /** A kubeconfig whose current context points at {@code server} with namespace staging; context other at elsewhere. */
  Path kubeconfig(String server) throws IOException {
    Path file = dir.resolve("kubeconfig-" + Math.abs(server.hashCode()));
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        clusters:
        - name: mock
          cluster: {server: "%s", insecure-skip-tls-verify: true}
        users:
        - name: mock
          user: {token: test-token}
        contexts:
        - name: mock
          context: {cluster: mock, user: mock, namespace: staging}
        - name: other
          context: {cluster: mock, user: mock, namespace: elsewhere}
        current-context: mock
        """.formatted(server));
    return file;
  }

  /** Test nightly in namespace staging after a Failed run, as the controller writes its status. */
  static ObjectNode failedRun() throws IOException {
    try (InputStream in = MockCluster.class.getResourceAsStream("/k8s/failed-run.json")) {
      return (ObjectNode) JSON.readTree(in);
    }
  }

  void store(ObjectNode test) {
    GenericKubernetesResource resource = JSON.convertValue(test, GenericKubernetesResource.class);
    client.genericKubernetesResources(TESTS).inNamespace(test.path("metadata").path("namespace").asText())
        .resource(resource).createOr(existing -> existing.update());
  }

  void installCrd() {
    client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
        .withNewMetadata().withName("schedulerfailuretests.sft.dev").endMetadata()
        .withNewSpec().withGroup("sft.dev").withScope("Namespaced")
        .withNewNames().withKind("SchedulerFailureTest").withPlural("schedulerfailuretests")
        .withSingular("schedulerfailuretest").endNames()
        .addNewVersion().withName("v1alpha1").withServed(true).withStorage(true).endVersion()
        .endSpec().build()).create();
  }

  /** The generation the mock server gave the stored test nightly (it counts them itself, as an API server does). */
  long storedGeneration() {
    return client.genericKubernetesResources(TESTS).inNamespace("staging").withName("nightly").get().getMetadata()
        .getGeneration();
  }
}
