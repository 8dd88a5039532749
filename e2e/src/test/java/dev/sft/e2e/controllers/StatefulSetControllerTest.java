package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.e2e.apiserver.CrudMock;
import dev.sft.e2e.suite.Await;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The StatefulSet controller against the CRUD mock, with pod readiness set by the test instead of a kubelet. */
class StatefulSetControllerTest {
  private final CrudMock mock = new CrudMock();
  private final StatefulSetController controller = new StatefulSetController(mock.client);

  @AfterEach
  void close() {
    mock.close();
  }

  private StatefulSet create(String policy) {
    return mock.client.apps().statefulSets().inNamespace("ns").resource(new StatefulSetBuilder()
        .withNewMetadata().withName("w").endMetadata()
        .withNewSpec().withReplicas(3).withServiceName("w-svc").withPodManagementPolicy(policy)
          .withNewSelector().addToMatchLabels("app", "w").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "w").endMetadata()
            .withNewSpec().addNewContainer().withName("c").withImage("img").endContainer().endSpec()
          .endTemplate().endSpec().build()).create();
  }

  private List<Pod> pods() {
    return mock.client.pods().inNamespace("ns").list().getItems();
  }

  private void markAllReady() {
    for (Pod pod : pods()) {
      mock.client.pods().inNamespace("ns").resource(new PodBuilder(pod).withNewStatus().withPhase("Running")
          .withPodIP("127.0.100.1").addNewCondition().withType("Ready").withStatus("True").endCondition()
          .endStatus().build()).updateStatus();
    }
  }

  private StatefulSet get() {
    return mock.client.apps().statefulSets().inNamespace("ns").withName("w").get();
  }

  @Test
  void parallelCreatesEveryOrdinalWithHostnameSubdomainAndOwner() {
    StatefulSet set = create("Parallel");
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).containsExactlyInAnyOrder("w-0", "w-1", "w-2");
    Pod pod = mock.client.pods().inNamespace("ns").withName("w-1").get();
    assertThat(pod.getSpec().getHostname()).isEqualTo("w-1");
    assertThat(pod.getSpec().getSubdomain()).isEqualTo("w-svc");
    assertThat(pod.getMetadata().getLabels()).containsEntry("app", "w")
        .containsEntry("statefulset.kubernetes.io/pod-name", "w-1").containsEntry("apps.kubernetes.io/pod-index", "1")
        .containsKey("controller-revision-hash");
    assertThat(pod.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(r -> assertThat(r.getUid()).isEqualTo(set.getMetadata().getUid()));
    controller.sync();
    assertThat(get().getStatus().getReplicas()).isEqualTo(3);
    assertThat(get().getStatus().getReadyReplicas()).isZero();
    markAllReady();
    controller.sync();
    assertThat(get().getStatus().getReadyReplicas()).isEqualTo(3);
    assertThat(get().getStatus().getObservedGeneration()).isEqualTo(get().getMetadata().getGeneration());
  }

  @Test
  void orderedReadyWaitsForEachPodToBeReady() {
    create("OrderedReady");
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).containsExactly("w-0");
    controller.sync();
    assertThat(pods()).hasSize(1);
    markAllReady();
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).containsExactlyInAnyOrder("w-0", "w-1");
  }

  @Test
  void templateChangeRollsHighestOrdinalFirstOneAtATime() {
    create("Parallel");
    controller.sync();
    markAllReady();
    controller.sync();
    String oldRevision = get().getStatus().getUpdateRevision();
    assertThat(get().getStatus().getCurrentRevision()).isEqualTo(oldRevision);
    mock.client.apps().statefulSets().inNamespace("ns").withName("w").edit(s -> {
      s.getSpec().getTemplate().getSpec().getContainers().get(0).setEnv(List.of(new EnvVar("X", "1", null)));
      return s;
    });
    for (String expected : List.of("w-2", "w-1", "w-0")) {
      controller.sync(); // deletes the highest outdated pod
      assertThat(pods()).extracting(p -> p.getMetadata().getName()).doesNotContain(expected).hasSize(2);
      controller.sync(); // recreates it at the new revision; the next one waits for it to be ready
      assertThat(pods()).hasSize(3);
      assertThat(get().getStatus().getUpdateRevision()).isNotEqualTo(oldRevision);
      assertThat(revision(expected)).isEqualTo(get().getStatus().getUpdateRevision());
      controller.sync();
      assertThat(pods()).as("nothing more rolls while %s is not ready", expected).hasSize(3);
      markAllReady();
    }
    controller.sync();
    StatefulSet rolled = get();
    assertThat(rolled.getStatus().getCurrentRevision()).isEqualTo(rolled.getStatus().getUpdateRevision());
    assertThat(rolled.getStatus().getUpdatedReplicas()).isEqualTo(3);
    assertThat(rolled.getStatus().getCurrentReplicas()).isEqualTo(3);
  }

  @Test
  void scalingDownRemovesTheHighestOrdinalsAndFinishedPodsAreReplaced() {
    create("Parallel");
    controller.sync();
    Pod failed = mock.client.pods().inNamespace("ns").withName("w-0").get();
    mock.client.pods().inNamespace("ns").resource(new PodBuilder(failed).withNewStatus().withPhase("Failed")
        .endStatus().build()).updateStatus();
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).doesNotContain("w-0");
    controller.sync();
    assertThat(mock.client.pods().inNamespace("ns").withName("w-0").get().getMetadata().getUid())
        .isNotEqualTo(failed.getMetadata().getUid());
    mock.client.apps().statefulSets().inNamespace("ns").withName("w").scale(1);
    controller.sync();
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).containsExactly("w-0");
  }

  private String revision(String pod) {
    return mock.client.pods().inNamespace("ns").withName(pod).get().getMetadata().getLabels()
        .get("controller-revision-hash");
  }

  @Test
  void aPodRefusedByAdmissionIsAFailedCreateEventOnTheSetRetriedWithBackOff() {
    mock.client.resourceQuotas().inNamespace("ns").resource(new ResourceQuotaBuilder().withNewMetadata()
        .withName("q").endMetadata().withNewSpec().addToHard("pods", new Quantity("1")).endSpec().build()).create();
    create("Parallel");
    controller.sync();
    assertThat(pods()).extracting(p -> p.getMetadata().getName()).containsExactly("w-0");
    Event refused = Await.until("a FailedCreate Event on StatefulSet w", Duration.ofSeconds(10), () -> {
      controller.sync();
      return failedCreate("w-1");
    }, e -> e != null && e.getCount() >= 2);
    assertThat(refused.getType()).isEqualTo("Warning");
    assertThat(refused.getSource().getComponent()).isEqualTo("statefulset-controller");
    assertThat(refused.getInvolvedObject().getKind()).isEqualTo("StatefulSet");
    assertThat(refused.getInvolvedObject().getName()).isEqualTo("w");
    assertThat(refused.getMessage()).isEqualTo("create Pod w-1 in StatefulSet w failed error: pods \"w-1\" is "
        + "forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1");
    mock.client.resourceQuotas().inNamespace("ns").withName("q").delete();
    Await.until("the set to create its other pods once the quota is gone", Duration.ofSeconds(10), () -> {
      controller.sync();
      return pods().size();
    }, n -> n == 3);
  }

  private Event failedCreate(String pod) {
    return mock.client.v1().events().inNamespace("ns").list().getItems().stream()
        .filter(e -> "FailedCreate".equals(e.getReason()) && e.getMessage().startsWith("create Pod " + pod + " "))
        .reduce((a, b) -> {
          throw new AssertionError("repeats must count on one Event, found two: " + a + " and " + b);
        }).orElse(null);
  }
}
