package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** An exception while reconciling is no silent retry: it shows as Stalled with its message, until it goes away. */
@QuarkusTest
@WithKubernetesTestServer(crud = true)
class ReconcileErrorTest {
  @Inject KubernetesClient client;

  @Test
  void aFailingReconcileStallsWithTheMessageAndRecoversWhenTheCauseIsGone() {
    TestCluster cluster = new TestCluster(client);
    SchedulerFailureTest test = TestResources.valid("errors", "broken-run-spec");
    cluster.create(test);
    // Once the controller reports what it waits for (the mock binds no claim), it only polls and writes nothing
    // while nothing changes.
    SchedulerFailureTest waiting = cluster.awaitStatus(test, "waiting for the claim",
        s -> s.step == Step.AwaitingCluster && Conditions.find(s, Conditions.CLUSTER_READY) != null
            && Reason.ClaimPending.name().equals(Conditions.find(s, Conditions.CLUSTER_READY).getReason()));
    String goodRunSpec = waiting.getStatus().runSpec;

    // The stored run spec no longer parses: every reconcile of this run throws while resolving it.
    waiting.getStatus().runSpec = "{not json";
    client.resource(waiting).updateStatus();
    var stalled = cluster.awaitStatus(test, "Stalled by the error",
        s -> ConditionChecks.isTrue(s, Conditions.STALLED));
    var condition = Conditions.find(stalled.getStatus(), Conditions.STALLED);
    assertThat(condition.getReason()).isEqualTo(Reason.ReconcileError.name());
    // The innermost cause, not the wrappers' "an error has occurred".
    assertThat(condition.getMessage()).startsWith("JsonParseException: Unexpected character").endsWith("(retrying)");
    assertThat(stalled.getStatus().step).isEqualTo(Step.AwaitingCluster);
    assertThat(cluster.awaitEventReason(test, Reason.ReconcileError.name())).contains(Reason.ReconcileError.name());

    SchedulerFailureTest current = cluster.get(test);
    current.getStatus().runSpec = goodRunSpec;
    client.resource(current).updateStatus();
    var recovered = cluster.awaitStatus(test, "recovered", s -> !ConditionChecks.isTrue(s, Conditions.STALLED));
    assertThat(ConditionChecks.isTrue(recovered.getStatus(), Conditions.RECONCILING)).isTrue();
    assertThat(recovered.getStatus().step).isEqualTo(Step.AwaitingCluster);
  }
}
