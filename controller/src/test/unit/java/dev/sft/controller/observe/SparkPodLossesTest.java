package dev.sft.controller.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the controller counts as an unplanned loss of a Spark pod while a harness Job runs. */
class SparkPodLossesTest {
  static final Instant JOB_START = Instant.parse("2026-12-02T08:00:00Z");

  static PodBuilder pod(String name, String created) {
    return new PodBuilder().withNewMetadata().withName(name).withCreationTimestamp(created).endMetadata()
        .withNewStatus().withPhase("Running").endStatus();
  }

  @Test
  void podsThatLivedThroughTheJobUntouchedAreNoLoss() {
    Pod worker = pod("t-worker-0", "2026-12-02T07:59:00Z").editStatus().addNewContainerStatus().withName("worker")
        .withRestartCount(0).endContainerStatus().endStatus().build();
    assertThat(SparkPodLosses.since(List.of(worker), JOB_START)).isEmpty();
  }

  @Test
  void aPodReCreatedDuringTheJobIsALoss() {
    assertThat(SparkPodLosses.since(List.of(pod("t-worker-1", "2026-12-02T08:00:30Z").build()), JOB_START))
        .singleElement().asString().contains("t-worker-1 was re-created");
  }

  @Test
  void aContainerRestartedDuringTheJobIsALossButOneBeforeItIsNot() {
    Pod oomKilled = pod("t-worker-0", "2026-12-02T07:00:00Z").editStatus().addNewContainerStatus()
        .withName("worker").withRestartCount(1).withNewLastState().withNewTerminated().withReason("OOMKilled")
        .withExitCode(137).withFinishedAt("2026-12-02T08:01:00Z").endTerminated().endLastState()
        .endContainerStatus().endStatus().build();
    assertThat(SparkPodLosses.since(List.of(oomKilled), JOB_START)).singleElement().asString()
        .contains("restarted (OOMKilled, exit 137");
    assertThat(SparkPodLosses.since(List.of(oomKilled), Instant.parse("2026-12-02T08:02:00Z"))).isEmpty();
  }

  @Test
  void anEvictedDeletedOrDisruptedPodIsALoss() {
    Pod evicted = pod("t-master-0", "2026-12-02T07:00:00Z").editStatus().withPhase("Failed").withReason("Evicted")
        .withMessage("The node was low on resource: memory.").endStatus().build();
    Pod deleting = pod("t-worker-0", "2026-12-02T07:00:00Z").editMetadata()
        .withDeletionTimestamp("2026-12-02T08:01:00Z").endMetadata().build();
    Pod drained = pod("t-worker-1", "2026-12-02T07:00:00Z").editStatus().addNewCondition()
        .withType("DisruptionTarget").withStatus("True").withReason("EvictionByEvictionAPI").endCondition()
        .endStatus().build();
    assertThat(SparkPodLosses.since(List.of(evicted, deleting, drained), JOB_START)).containsExactly(
        "pod t-master-0 was evicted: The node was low on resource: memory.",
        "pod t-worker-0 is being deleted",
        "pod t-worker-1 was evicted through the Eviction API (a node drain, a cluster-autoscaler or Karpenter "
            + "consolidation, the descheduler, or a user) [DisruptionTarget: EvictionByEvictionAPI]");
  }

  static Pod disrupted(String name, String reason, boolean deleting) {
    PodBuilder pod = pod(name, "2026-12-02T07:00:00Z").editStatus().addNewCondition().withType("Ready")
        .withStatus("True").endCondition().addNewCondition().withType("DisruptionTarget").withStatus("True")
        .withReason(reason).endCondition().endStatus();
    if (deleting) {
      pod.editMetadata().withDeletionTimestamp("2026-12-02T08:01:00Z").endMetadata();
    }
    return pod.build();
  }

  /** A drain that forced a pod out while the Job ran is one loss naming the eviction, not a bare deletion. */
  @Test
  void aPodBeingDeletedAfterAnEvictionIsOneLossNamingWhoTookIt() {
    assertThat(SparkPodLosses.since(List.of(disrupted("t-worker-0", "EvictionByEvictionAPI", true)), JOB_START))
        .containsExactly("pod t-worker-0 was evicted through the Eviction API (a node drain, a cluster-autoscaler "
            + "or Karpenter consolidation, the descheduler, or a user) [DisruptionTarget: EvictionByEvictionAPI] and "
            + "is being deleted");
    assertThat(SparkPodLosses.since(List.of(disrupted("t-worker-0", "PreemptionByScheduler", true),
        disrupted("t-worker-1", "DeletionByTaintManager", true), disrupted("t-master-0", "TerminationByKubelet", false),
        disrupted("t-worker-2", "SomethingNew", false)), JOB_START)).containsExactly(
        "pod t-worker-0 was preempted by the scheduler for a pod of higher priority "
            + "[DisruptionTarget: PreemptionByScheduler] and is being deleted",
        "pod t-worker-1 was deleted by the taint manager for a NoExecute taint on its node "
            + "[DisruptionTarget: DeletionByTaintManager] and is being deleted",
        "pod t-master-0 was terminated by the kubelet (node pressure or a node shutdown) "
            + "[DisruptionTarget: TerminationByKubelet]",
        "pod t-worker-2 was marked a disruption target [DisruptionTarget: SomethingNew]");
  }

  @Test
  void aKubeletEvictionIsNamedOnceAndAStaleConditionThatIsFalseIsNoLoss() {
    Pod kubeletEvicted = new PodBuilder(disrupted("t-worker-0", "TerminationByKubelet", false)).editStatus()
        .withPhase("Failed").withReason("Evicted").withMessage("The node was low on resource: memory.").endStatus()
        .build();
    assertThat(SparkPodLosses.since(List.of(kubeletEvicted), JOB_START))
        .containsExactly("pod t-worker-0 was evicted: The node was low on resource: memory.");
    Pod reset = pod("t-worker-1", "2026-12-02T07:00:00Z").editStatus().addNewCondition().withType("DisruptionTarget")
        .withStatus("False").endCondition().endStatus().build();
    assertThat(SparkPodLosses.since(List.of(reset), JOB_START)).isEmpty();
  }
}
