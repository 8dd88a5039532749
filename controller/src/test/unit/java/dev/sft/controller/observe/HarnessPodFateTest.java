package dev.sft.controller.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.Names;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Why a harness pod died, as Kubernetes recorded it, with what to change. */
class HarnessPodFateTest {
  @Test
  void anOomKilledHarnessNamesItsLimit() {
    Pod pod = harnessPod("t1-r1-spec-abcde").editStatus().addNewContainerStatus().withName(Names.HARNESS_CONTAINER)
        .withNewState().withNewTerminated().withReason("OOMKilled").withExitCode(137).endTerminated().endState()
        .endContainerStatus().endStatus().build();
    assertThat(HarnessPodFate.describe(job(null), List.of(pod))).isEqualTo("the harness container of pod "
        + "t1-r1-spec-abcde was OOMKilled (exit 137) at its memory limit 1536Mi; raise "
        + "spec.harness.resources.limits.memory (the driver's heap follows it)");
  }

  @Test
  void anEvictedPodSaysWhy() {
    Pod pod = harnessPod("t1-r1-spec-abcde").editStatus().withPhase("Failed").withReason("Evicted")
        .withMessage("The node was low on resource: memory.").endStatus().build();
    assertThat(HarnessPodFate.describe(job(null), List.of(pod))).startsWith("pod t1-r1-spec-abcde was Evicted "
        + "(The node was low on resource: memory.)");
  }

  @Test
  void aPodADrainEvictedSaysSo() {
    Pod pod = harnessPod("t1-r1-spec-abcde").editStatus().addNewCondition().withType("DisruptionTarget")
        .withStatus("True").withReason("EvictionByEvictionAPI").withMessage("Eviction API: evicting").endCondition()
        .endStatus().build();
    assertThat(HarnessPodFate.describe(job(null), List.of(pod))).startsWith("pod t1-r1-spec-abcde was evicted "
        + "through the Eviction API (a node drain,").contains("[DisruptionTarget: EvictionByEvictionAPI]");
  }

  @Test
  void aJobDeadlineIsNamedEvenWhenThePodIsGone() {
    assertThat(HarnessPodFate.describe(job("DeadlineExceeded"), List.of())).startsWith("the Job ran past its "
        + "activeDeadlineSeconds (1740 s, DeadlineExceeded) and Kubernetes ended its pod before the harness reported");
  }

  @Test
  void anOrdinaryExitIsNoFate() {
    Pod pod = harnessPod("t1-r1-spec-abcde").editStatus().addNewContainerStatus().withName(Names.HARNESS_CONTAINER)
        .withNewState().withNewTerminated().withReason("Error").withExitCode(1).endTerminated().endState()
        .endContainerStatus().endStatus().build();
    assertThat(HarnessPodFate.describe(job("BackoffLimitExceeded"), List.of(pod))).isNull();
  }

  private static PodBuilder harnessPod(String name) {
    return new PodBuilder().withNewMetadata().withName(name).endMetadata()
        .withNewSpec().addNewContainer().withName(Names.HARNESS_CONTAINER).withNewResources()
            .addToLimits("memory", new Quantity("1536Mi")).endResources().endContainer().endSpec()
        .withNewStatus().endStatus();
  }

  private static Job job(String failedReason) {
    JobBuilder job = new JobBuilder().withNewMetadata().withName("t1-r1-spec").endMetadata()
        .withNewSpec().withActiveDeadlineSeconds(1740L).endSpec();
    if (failedReason != null) {
      job.withNewStatus().addNewCondition().withType("Failed").withStatus("True").withReason(failedReason)
          .endCondition().endStatus();
    }
    return job.build();
  }
}
