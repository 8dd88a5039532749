package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.apiserver.CrudMock;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Deployment controller against the CRUD mock, with pod readiness set by the test instead of a kubelet. */
class DeploymentControllerTest {
  private final CrudMock mock = new CrudMock();
  private final DeploymentController controller = new DeploymentController(mock.client);

  @AfterEach
  void close() {
    mock.close();
  }

  private void create(String image) {
    mock.client.apps().deployments().inNamespace("ns").resource(new DeploymentBuilder()
        .withNewMetadata().withName("op").endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "op").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "op").endMetadata()
            .withNewSpec().addNewContainer().withName("c").withImage(image).endContainer().endSpec()
          .endTemplate().endSpec().build()).create();
  }

  private List<Pod> pods() {
    return mock.client.pods().inNamespace("ns").list().getItems();
  }

  private Deployment get() {
    return mock.client.apps().deployments().inNamespace("ns").withName("op").get();
  }

  private void ready(Pod pod) {
    mock.client.pods().inNamespace("ns").resource(new PodBuilder(pod).withNewStatus().withPhase("Running")
        .addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus().build()).updateStatus();
  }

  private static String condition(Deployment d, String type) {
    return d.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElseThrow()
        .getStatus();
  }

  @Test
  void onePodAvailableWhenReadyAndReplacedWhenDeleted() {
    create("img:1");
    controller.sync();
    assertThat(pods()).singleElement().satisfies(p -> {
      assertThat(p.getMetadata().getName()).startsWith("op-");
      assertThat(p.getMetadata().getLabels()).containsKey(DeploymentController.HASH_LABEL);
    });
    assertThat(condition(get(), "Available")).isEqualTo("False");
    ready(pods().get(0));
    controller.sync();
    assertThat(get().getStatus().getAvailableReplicas()).isEqualTo(1);
    assertThat(condition(get(), "Available")).isEqualTo("True");
    assertThat(get().getStatus().getObservedGeneration()).isEqualTo(get().getMetadata().getGeneration());
    String first = pods().get(0).getMetadata().getName();
    mock.client.pods().inNamespace("ns").withName(first).delete();
    controller.sync();
    assertThat(pods()).singleElement().satisfies(p -> assertThat(p.getMetadata().getName()).isNotEqualTo(first));
  }

  @Test
  void templateChangeStartsTheNewPodFirstAndRemovesTheOldOnceItIsReady() {
    create("img:1");
    controller.sync();
    Pod old = pods().get(0);
    ready(old);
    mock.client.apps().deployments().inNamespace("ns").withName("op").edit(d -> {
      d.getSpec().getTemplate().getSpec().getContainers().get(0).setImage("img:2");
      return d;
    });
    controller.sync();
    assertThat(pods()).hasSize(2);
    controller.sync();
    assertThat(pods()).as("the old pod stays until the new one is ready").hasSize(2);
    Pod fresh = pods().stream().filter(p -> !p.getMetadata().getName().equals(old.getMetadata().getName()))
        .findFirst().orElseThrow();
    assertThat(fresh.getSpec().getContainers().get(0).getImage()).isEqualTo("img:2");
    ready(fresh);
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).containsExactly(fresh.getMetadata().getName());
    controller.sync();
    assertThat(get().getStatus().getUpdatedReplicas()).isEqualTo(1);
    assertThat(get().getStatus().getReplicas()).isEqualTo(1);
  }

  @Test
  void aPodRefusedByPodSecurityIsAFailedCreateEventOnTheDeployment() {
    mock.client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("ns")
        .addToLabels("pod-security.kubernetes.io/enforce", "baseline").endMetadata().build()).create();
    mock.client.apps().deployments().inNamespace("ns").resource(new DeploymentBuilder()
        .withNewMetadata().withName("op").endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "op").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "op").endMetadata()
            .withNewSpec().withHostNetwork(true).addNewContainer().withName("c").withImage("img").endContainer()
            .endSpec().endTemplate().endSpec().build()).create();
    controller.sync();
    assertThat(pods()).isEmpty();
    assertThat(mock.client.v1().events().inNamespace("ns").list().getItems()).singleElement().satisfies(e -> {
      assertThat(e.getReason()).isEqualTo("FailedCreate");
      assertThat(e.getInvolvedObject().getName()).isEqualTo("op");
      assertThat(e.getMessage()).matches("Error creating: pods \"op-[a-z0-9]+-[a-z0-9]{5}\" is forbidden: violates "
          + "PodSecurity \"baseline:latest\": host namespaces \\(hostNetwork=true\\)");
    });
  }
}
