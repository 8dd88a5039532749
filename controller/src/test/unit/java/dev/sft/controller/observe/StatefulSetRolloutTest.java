package dev.sft.controller.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import org.junit.jupiter.api.Test;

/** A retained cluster after a spec change: ready only once every pod is of the latest template. */
class StatefulSetRolloutTest {

  static StatefulSet set(long generation, Long observed, int ready, int updated, String current, String update) {
    return new StatefulSetBuilder()
        .withNewMetadata().withName("t1-worker").withGeneration(generation).endMetadata()
        .withNewStatus().withObservedGeneration(observed).withReplicas(2).withReadyReplicas(ready)
          .withUpdatedReplicas(updated).withCurrentRevision(current).withUpdateRevision(update).endStatus()
        .build();
  }

  @Test
  void everyPodOfTheLatestTemplateAndReadyIsRolledOut() {
    assertThat(StatefulSetRollout.pending(set(2, 2L, 2, 2, "r2", "r2"), "t1-worker", 2)).isNull();
  }

  @Test
  void readyOldPodsDoNotCountBeforeTheControllerSawTheNewGeneration() {
    assertThat(StatefulSetRollout.pending(set(2, 1L, 2, 2, "r1", "r1"), "t1-worker", 2))
        .contains("generation 2 not yet observed");
  }

  @Test
  void readyPodsOfTheOldTemplateAreStillRolling() {
    assertThat(StatefulSetRollout.pending(set(2, 2L, 2, 1, "r1", "r2"), "t1-worker", 2))
        .contains("1/2 of the latest template");
    assertThat(StatefulSetRollout.pending(set(2, 2L, 2, 2, "r1", "r2"), "t1-worker", 2))
        .contains("rolling from revision r1 to r2");
  }

  @Test
  void moreOrFewerPodsThanWantedArePending() {
    StatefulSet scalingDown = new StatefulSetBuilder(set(2, 2L, 2, 2, "r2", "r2")).editStatus().withReplicas(3)
        .endStatus().build();
    assertThat(StatefulSetRollout.pending(scalingDown, "t1-worker", 2)).contains(", 3 pods");
  }

  @Test
  void aPodNotReadyOrMissingIsPending() {
    assertThat(StatefulSetRollout.pending(set(1, 1L, 1, 2, "r1", "r1"), "t1-worker", 2)).contains("1/2 ready");
    assertThat(StatefulSetRollout.pending(null, "t1-worker", 2)).contains("does not exist");
    assertThat(StatefulSetRollout.pending(new StatefulSetBuilder().withNewMetadata().withName("x").endMetadata()
        .build(), "t1-worker", 2)).contains("no status");
  }

  @Test
  void podsOfTheLatestTemplateNeedNotBeReadyToBeOfIt() {
    // Not rolled out (none ready yet), yet no pod of an older template is left.
    assertThat(StatefulSetRollout.ofLatestTemplate(set(2, 2L, 0, 2, "r1", "r2"), 2)).isTrue();
    assertThat(StatefulSetRollout.ofLatestTemplate(set(2, 2L, 2, 1, "r1", "r2"), 2)).isFalse();
    assertThat(StatefulSetRollout.ofLatestTemplate(set(2, 1L, 0, 2, "r1", "r1"), 2)).as("generation not observed")
        .isFalse();
    assertThat(StatefulSetRollout.ofLatestTemplate(set(2, 2L, 0, 2, "r2", "r2"), 3)).as("a pod missing").isFalse();
    assertThat(StatefulSetRollout.ofLatestTemplate(null, 2)).isFalse();
  }
}
