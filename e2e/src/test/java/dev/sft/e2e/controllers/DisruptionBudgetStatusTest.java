package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The disruption controller's arithmetic, case by case as pkg/controller/disruption computes it. */
class DisruptionBudgetStatusTest {
  static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
  /** Three replicas for the StatefulSet "sts", nothing for any other controller (a Job has no scale). */
  static final DisruptionBudgetStatus.Scales SCALES =
      (namespace, controller) -> controller.getKind().equals("StatefulSet") ? Optional.of(3) : Optional.empty();

  static Pod pod(String name, boolean ready, String controllerKind) {
    PodBuilder pod = new PodBuilder().withNewMetadata().withName(name).withNamespace("ns")
        .addToLabels("app", "spark").endMetadata()
        .withNewStatus().withPhase("Running").addNewCondition().withType("Ready")
        .withStatus(ready ? "True" : "False").endCondition().endStatus();
    if (controllerKind != null) {
      pod.editMetadata().addNewOwnerReference().withKind(controllerKind).withName("sts").withUid("uid-" + controllerKind)
          .withController(true).endOwnerReference().endMetadata();
    }
    return pod.build();
  }

  static PodDisruptionBudgetBuilder budget() {
    return new PodDisruptionBudgetBuilder().withNewMetadata().withName("b").withNamespace("ns").withGeneration(2L)
        .endMetadata().withNewSpec().withNewSelector().addToMatchLabels("app", "spark").endSelector().endSpec();
  }

  static PodDisruptionBudgetStatus compute(PodDisruptionBudget pdb, Pod... pods) throws Exception {
    return DisruptionBudgetStatus.compute(pdb, List.of(pods), SCALES, NOW);
  }

  @Test
  void maxUnavailableZeroExpectsTheControllersScaleAndAllowsNothing() throws Exception {
    PodDisruptionBudget pdb = budget().editSpec().withMaxUnavailable(new IntOrString(0)).endSpec().build();
    PodDisruptionBudgetStatus status = compute(pdb, pod("w-0", true, "StatefulSet"), pod("w-1", true, "StatefulSet"),
        pod("w-2", true, "StatefulSet"));
    assertThat(List.of(status.getExpectedPods(), status.getDesiredHealthy(), status.getCurrentHealthy(),
        status.getDisruptionsAllowed())).containsExactly(3, 3, 3, 0);
    assertThat(status.getObservedGeneration()).isEqualTo(2L);
    assertThat(status.getConditions()).singleElement().satisfies(c -> {
      assertThat(c.getType()).isEqualTo("DisruptionAllowed");
      assertThat(c.getStatus()).isEqualTo("False");
      assertThat(c.getReason()).isEqualTo("InsufficientPods");
    });
  }

  @Test
  void maxUnavailableOneAllowsOneWhenAllAreHealthyAndNoneWhenOneIsNotReady() throws Exception {
    PodDisruptionBudget pdb = budget().editSpec().withMaxUnavailable(new IntOrString(1)).endSpec().build();
    PodDisruptionBudgetStatus healthy = compute(pdb, pod("w-0", true, "StatefulSet"),
        pod("w-1", true, "StatefulSet"), pod("w-2", true, "StatefulSet"));
    assertThat(healthy.getDisruptionsAllowed()).isEqualTo(1);
    assertThat(healthy.getConditions().get(0).getReason()).isEqualTo("SufficientPods");
    PodDisruptionBudgetStatus oneDown = compute(pdb, pod("w-0", true, "StatefulSet"),
        pod("w-1", false, "StatefulSet"), pod("w-2", true, "StatefulSet"));
    assertThat(List.of(oneDown.getDesiredHealthy(), oneDown.getCurrentHealthy(), oneDown.getDisruptionsAllowed()))
        .containsExactly(2, 2, 0);
  }

  @Test
  void percentagesAreOfTheExpectedPodsRoundedUp() throws Exception {
    Pod[] pods = {pod("w-0", true, "StatefulSet"), pod("w-1", true, "StatefulSet"), pod("w-2", true, "StatefulSet")};
    // 50 % of 3 unavailable is 2 (rounded up): 1 must stay healthy, 2 may go.
    PodDisruptionBudgetStatus maxHalf = compute(budget().editSpec().withMaxUnavailable(new IntOrString("50%"))
        .endSpec().build(), pods);
    assertThat(List.of(maxHalf.getDesiredHealthy(), maxHalf.getDisruptionsAllowed())).containsExactly(1, 2);
    // 50 % of 3 available is 2 (rounded up): 1 may go.
    PodDisruptionBudgetStatus minHalf = compute(budget().editSpec().withMinAvailable(new IntOrString("50%"))
        .endSpec().build(), pods);
    assertThat(List.of(minHalf.getExpectedPods(), minHalf.getDesiredHealthy(), minHalf.getDisruptionsAllowed()))
        .containsExactly(3, 2, 1);
  }

  @Test
  void anIntegerMinAvailableCountsThePodsThemselvesWhateverTheirController() throws Exception {
    PodDisruptionBudget pdb = budget().editSpec().withMinAvailable(new IntOrString(1)).endSpec().build();
    PodDisruptionBudgetStatus status = compute(pdb, pod("bare", true, null), pod("job", true, "Job"));
    assertThat(List.of(status.getExpectedPods(), status.getDesiredHealthy(), status.getCurrentHealthy(),
        status.getDisruptionsAllowed())).containsExactly(2, 1, 2, 1);
  }

  @Test
  void podsWithoutAControllerAreLeftOutOfTheExpectedCountAndAControllerWithoutAScaleFailsTheSync() throws Exception {
    PodDisruptionBudget pdb = budget().editSpec().withMaxUnavailable(new IntOrString(0)).endSpec().build();
    PodDisruptionBudgetStatus unmanaged = compute(pdb, pod("bare", true, null));
    assertThat(List.of(unmanaged.getExpectedPods(), unmanaged.getCurrentHealthy(), unmanaged.getDisruptionsAllowed()))
        .as("no pod expected: nothing may go, however healthy").containsExactly(0, 1, 0);
    assertThatThrownBy(() -> compute(pdb, pod("job-x", true, "Job")))
        .isInstanceOf(DisruptionBudgetStatus.SyncFailed.class).hasMessage("found no controllers for pod \"job-x\"");
    PodDisruptionBudgetStatus failed = DisruptionBudgetStatus.failSafe(
        budget().withStatus(unmanaged).build(), "found no controllers for pod \"job-x\"", NOW);
    assertThat(failed.getDisruptionsAllowed()).isZero();
    assertThat(failed.getConditions()).singleElement().satisfies(c -> {
      assertThat(c.getReason()).isEqualTo("SyncFailed");
      assertThat(c.getMessage()).isEqualTo("found no controllers for pod \"job-x\"");
    });
  }

  @Test
  void podsBeingDeletedOrRecentlyEvictedAreNotHealthyUntilTheDeletionTimeout() throws Exception {
    Pod deleting = new PodBuilder(pod("w-0", true, "StatefulSet")).editMetadata()
        .withDeletionTimestamp("2026-12-06T09:59:59Z").endMetadata().build();
    PodDisruptionBudget pdb = budget().editSpec().withMaxUnavailable(new IntOrString(1)).endSpec()
        .withNewStatus().withDisruptedPods(Map.of("w-1", "2026-12-06T09:59:00Z", "w-2", "2026-12-06T09:57:00Z"))
        .endStatus().build();
    PodDisruptionBudgetStatus status = compute(pdb, deleting, pod("w-1", true, "StatefulSet"),
        pod("w-2", true, "StatefulSet"));
    // w-0 is being deleted, w-1 was evicted a minute ago; w-2's eviction is 3 minutes old and never happened.
    assertThat(status.getCurrentHealthy()).isEqualTo(1);
    assertThat(status.getDisruptedPods()).containsOnlyKeys("w-1");
    assertThat(status.getDisruptionsAllowed()).isZero();
  }

  @Test
  void anApprovedEvictionTakesOneDisruptionAndRecordsThePod() throws Exception {
    PodDisruptionBudget pdb = budget().editSpec().withMaxUnavailable(new IntOrString(1)).endSpec().build();
    pdb.setStatus(compute(pdb, pod("w-0", true, "StatefulSet"), pod("w-1", true, "StatefulSet"),
        pod("w-2", true, "StatefulSet")));
    PodDisruptionBudgetStatus after = DisruptionBudgetStatus.afterEviction(pdb, "w-1", NOW);
    assertThat(after.getDisruptionsAllowed()).isZero();
    assertThat(after.getDisruptedPods()).containsExactly(Map.entry("w-1", "2026-12-06T10:00:00Z"));
    assertThat(after.getConditions()).singleElement().satisfies(c -> {
      assertThat(c.getStatus()).isEqualTo("False");
      assertThat(c.getReason()).isEqualTo("InsufficientPods");
    });
  }

  @Test
  void aBudgetCoversThePodsOfItsNamespaceItsSelectorMatchesAndAnEmptySelectorNone() {
    PodDisruptionBudget pdb = budget().build();
    assertThat(DisruptionBudgetStatus.covers(pdb, pod("w-0", true, null))).isTrue();
    Pod elsewhere = new PodBuilder(pod("w-0", true, null)).editMetadata().withNamespace("other").endMetadata().build();
    assertThat(DisruptionBudgetStatus.covers(pdb, elsewhere)).isFalse();
    PodDisruptionBudget empty = budget().editSpec().withNewSelector().endSelector().endSpec().build();
    assertThat(DisruptionBudgetStatus.covers(empty, pod("w-0", true, null))).isFalse();
  }
}
