package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.apiserver.CrudMock;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The garbage collector against the CRUD mock, with the project's own CRD (crds/, version v1alpha1) as an owner
 * kind, as the controller's cleanup relies on.
 */
class GarbageCollectorTest {
  private static final ResourceDefinitionContext TESTS = new ResourceDefinitionContext.Builder()
      .withGroup("sft.dev").withVersion("v1alpha1").withKind("SchedulerFailureTest").withPlural("schedulerfailuretests")
      .withNamespaced(true).build();

  private final CrudMock mock = new CrudMock();
  private final GarbageCollector collector = new GarbageCollector(mock.client);

  @AfterEach
  void close() {
    mock.close();
  }

  private static OwnerReference ownerRef(HasMetadata owner) {
    return new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion()).withKind(owner.getKind())
        .withName(owner.getMetadata().getName()).withUid(owner.getMetadata().getUid()).withController(true).build();
  }

  private GenericKubernetesResource createTest(String name) throws IOException {
    try (InputStream crd = Files.newInputStream(Paths.get("..", "crds", "schedulerfailuretests.sft.dev-v1.yml"))) {
      mock.client.apiextensions().v1().customResourceDefinitions()
          .resource(mock.client.getKubernetesSerialization().unmarshal(crd, CustomResourceDefinition.class))
          .createOr(existing -> existing.update());
    }
    return mock.client.genericKubernetesResources(TESTS).inNamespace("ns").resource(
        new GenericKubernetesResourceBuilder().withApiVersion("sft.dev/v1alpha1").withKind("SchedulerFailureTest")
            .withNewMetadata().withName(name).endMetadata().build()).create();
  }

  @Test
  void dependentsOfADeletedCustomResourceAreDeletedOthersStay() throws IOException {
    GenericKubernetesResource test = createTest("t");
    GenericKubernetesResource other = createTest("u");
    mock.client.apps().statefulSets().inNamespace("ns").resource(new StatefulSetBuilder().withNewMetadata()
        .withName("t-worker").withOwnerReferences(ownerRef(test)).endMetadata().withNewSpec().endSpec().build())
        .create();
    mock.client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata()
        .withName("u-config").withOwnerReferences(ownerRef(other)).endMetadata().build()).create();
    mock.client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata()
        .withName("unowned").endMetadata().build()).create();
    collector.sync();
    assertThat(mock.client.apps().statefulSets().inNamespace("ns").withName("t-worker").get()).isNotNull();

    mock.client.genericKubernetesResources(TESTS).inNamespace("ns").withName("t").delete();
    collector.sync();
    assertThat(mock.client.apps().statefulSets().inNamespace("ns").withName("t-worker").get()).isNull();
    assertThat(mock.client.configMaps().inNamespace("ns").withName("u-config").get()).isNotNull();
    assertThat(mock.client.configMaps().inNamespace("ns").withName("unowned").get()).isNotNull();
  }

  @Test
  void ownersOfKindsItCannotListCountAsPresent() {
    mock.client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata()
        .withName("owned-by-unknown").withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("x.dev/v1")
            .withKind("Unknown").withName("gone").withUid("no-such-uid").build()).endMetadata().build()).create();
    collector.sync();
    assertThat(mock.client.configMaps().inNamespace("ns").withName("owned-by-unknown").get()).isNotNull();
  }

  @Test
  void aDependentWithOneOwnerLeftStays() {
    var a = mock.client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata()
        .withName("a").endMetadata().build()).create();
    var b = mock.client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata()
        .withName("b").endMetadata().build()).create();
    mock.client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata().withName("child")
        .withOwnerReferences(ownerRef(a), ownerRef(b)).endMetadata().build()).create();
    mock.client.configMaps().inNamespace("ns").withName("a").delete();
    collector.sync();
    assertThat(mock.client.configMaps().inNamespace("ns").withName("child").get()).isNotNull();
    mock.client.configMaps().inNamespace("ns").withName("b").delete();
    collector.sync();
    assertThat(mock.client.configMaps().inNamespace("ns").withName("child").get()).isNull();
  }
}
