package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusWriter;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The race {@link RunOrchestrator#advance} closes by reading the test from the API server: a copy the controller has
 * since written past (as the informer's can be) fails its status write with 409 Conflict, as on Kubernetes.
 */
@QuarkusTest
@WithStrictKubernetesServer
class StaleStatusWriteTest extends ReconcilerTestBase {
  @Inject StatusWriter statusWriter;
  @Inject RunOrchestrator orchestrator;

  /** One worker is an invalid spec: the controller writes Stalled once and then has nothing to do. */
  private SchedulerFailureTest createStalled(String name) {
    SchedulerFailureTest test = TestResources.valid("stale", name);
    test.getSpec().spark.workers = 1;
    SchedulerFailureTest asCreated = cluster.create(test);
    cluster.awaitStatus(test, "Stalled", s -> ConditionChecks.isTrue(s, Conditions.STALLED));
    cluster.awaitEventReasonCount(test, Reason.InvalidSpec.name(), 1);
    return asCreated;
  }

  @Test
  void aStatusWriteFromACopyTheControllerHasWrittenPastIsAConflict() {
    SchedulerFailureTest stale = createStalled("stale-write");
    stale.setStatus(new SchedulerFailureTestStatus());
    stale.getStatus().message = "decided on the copy from before the controller's write";
    int conflictsBefore = apiServer.conflicts();

    assertThatThrownBy(() -> statusWriter.write(stale))
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getStatus().getReason()).isEqualTo("Conflict");
          assertThat(e.getStatus().getMessage()).contains("stale-write").contains("the object has been modified");
        });
    assertThat(apiServer.conflicts()).isEqualTo(conflictsBefore + 1);
    assertThat(cluster.get(stale).getStatus().message).startsWith("invalid spec");
  }

  @Test
  void advanceGivenAStaleCopyDecidesOnTheApiServersAndActsOnlyOnce() {
    SchedulerFailureTest stale = createStalled("stale-advance");
    int conflictsBefore = apiServer.conflicts();

    // On the copy from before Stalled was written it would stall again: a status write refused, a second Event.
    orchestrator.advance(stale);

    assertThat(apiServer.conflicts()).isEqualTo(conflictsBefore);
    assertThat(cluster.eventReasons(stale)).containsOnlyOnce(Reason.InvalidSpec.name());
  }
}
