package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.ControllerReads;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * An exception while reconciling is no silent retry: it shows as {@code Reconciling=True} with its message until it
 * goes away, and never as {@code Stalled} (which Argo CD shows as Degraded and Flux as Failed).
 */
@QuarkusTest
@WithStrictKubernetesServer
class ReconcileErrorTest {
  @Inject KubernetesClient client;
  @KubernetesTestServer ControllerReads reads;

  @Test
  void aFailingReconcileIsReconcilingWithTheMessageAndRecoversWhenTheCauseIsGone() throws InterruptedException {
    TestCluster cluster = new TestCluster(client);
    SchedulerFailureTest test = TestResources.valid("errors", "broken-run-spec");
    cluster.create(test);
    // Once the controller reports what it waits for (the mock binds no claim), it only polls and writes nothing
    // while nothing changes.
    SchedulerFailureTest waiting = cluster.awaitStatus(test, "waiting for the claim",
        s -> s.step == Step.AwaitingCluster && Conditions.find(s, Conditions.CLUSTER_READY) != null
            && Reason.ClaimPending.name().equals(Conditions.find(s, Conditions.CLUSTER_READY).getReason()));
    String goodRunSpec = waiting.getStatus().runSpec;

    // The stored run spec no longer parses: every reconcile of this run throws while resolving it. Written once the
    // controller has looked twice since its own last write: once in CI, with this write 17 ms after the controller's,
    // the controller went on reconciling a cache without it for 75 s (no error, no write), as if fabric8's mock
    // server had delivered the two writes' watch events out of order; a real API server delivers them in order.
    reads.awaitLooks(test, 2);
    waiting = cluster.get(test);
    waiting.getStatus().runSpec = "{not json";
    client.resource(waiting).updateStatus();
    var failing = cluster.awaitStatus(test, "Reconciling with the error",
        s -> Conditions.find(s, Conditions.RECONCILING) != null
            && Reason.ReconcileError.name().equals(Conditions.find(s, Conditions.RECONCILING).getReason()));
    var condition = Conditions.find(failing.getStatus(), Conditions.RECONCILING);
    assertThat(condition.getStatus()).isEqualTo("True");
    assertThat(ConditionChecks.isTrue(failing.getStatus(), Conditions.STALLED)).isFalse();
    // The innermost cause, not the wrappers' "an error has occurred".
    assertThat(condition.getMessage()).startsWith("JsonParseException: Unexpected character").endsWith("(retrying)");
    assertThat(failing.getStatus().step).isEqualTo(Step.AwaitingCluster);
    assertThat(cluster.awaitEventReason(test, Reason.ReconcileError.name())).contains(Reason.ReconcileError.name());

    SchedulerFailureTest current = cluster.get(test);
    current.getStatus().runSpec = goodRunSpec;
    client.resource(current).updateStatus();
    var recovered = cluster.awaitStatus(test, "recovered",
        s -> !Reason.ReconcileError.name().equals(Conditions.find(s, Conditions.RECONCILING).getReason()));
    assertThat(ConditionChecks.isTrue(recovered.getStatus(), Conditions.STALLED)).isFalse();
    assertThat(ConditionChecks.isTrue(recovered.getStatus(), Conditions.RECONCILING)).isTrue();
    assertThat(recovered.getStatus().step).isEqualTo(Step.AwaitingCluster);
  }
}
