package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every validation rule, checked against a running controller: the resource is Stalled with a message naming the
 * field, and nothing is created for it. (The mock server, like an API server without the CRD's schema, accepts
 * anything, so these reach the controller's own validation.)
 */
@QuarkusTest
@WithStrictKubernetesServer
class InvalidSpecTest {
  @Inject KubernetesClient client;

  static Stream<Arguments> invalidSpecs() {
    return Stream.of(
        rule("spec.scenarios", s -> s.scenarios = List.of()),
        rule("spec.scenarios[1]", s -> s.scenarios = List.of("speculation-original-wins", "speculation-loses")),
        rule("spec.scenarios[1]", s -> s.scenarios = List.of("speculation-original-wins", "speculation-original-wins")),
        rule("spec.repeat", s -> s.repeat = 0),
        rule("spec.repeat", s -> s.repeat = 101),
        rule("spec.spark", s -> s.spark = null),
        rule("spec.spark.image", s -> s.spark.image = " "),
        rule("spec.spark.workers", s -> s.spark.workers = 1),
        rule("spec.spark.workers", s -> s.spark.workers = 65),
        rule("spec.spark.coresPerWorker", s -> s.spark.coresPerWorker = 1),
        rule("spec.spark.memory", s -> s.spark.memory = "2 GB"),
        rule("spec.spark.resources.limits.memory", s -> s.spark.resources = new ResourceRequirementsBuilder()
            .addToLimits("memory", new Quantity("2Gi")).build()),
        rule("spec.spark.readyTimeoutSeconds", s -> s.spark.readyTimeoutSeconds = 5),
        rule("spec.harness", s -> s.harness = null),
        rule("spec.harness.image", s -> s.harness.image = null),
        rule("spec.harness.timeoutSeconds", s -> s.harness.timeoutSeconds = 9),
        rule("spec.harness.timeoutSeconds", s -> s.harness.timeoutSeconds = 3601),
        rule("spec.harness.command", s -> s.harness.command = List.of()),
        rule("spec.harness.command", s -> s.harness.command = List.of("/bin/run", "")),
        rule("spec.storage", s -> s.storage = null),
        rule("spec.storage.mountPath", s -> s.storage.mountPath = "shared"),
        rule("spec.storage.mountPath", s -> s.storage.mountPath = "/opt/spark/shared"),
        rule("spec.storage.mountPath", s -> s.storage.mountPath = "/tmp"),
        rule("spec.storage", s -> s.storage.existingClaim = "nfs-claim"),
        rule("spec.storage", s -> s.storage.claimTemplate = null),
        rule("spec.storage.claimTemplate.size", s -> s.storage.claimTemplate.size = "lots"),
        rule("spec.storage.claimTemplate.size", s -> s.storage.claimTemplate.size = "0"),
        rule("spec.storage.existingClaim", s -> {
          s.storage.claimTemplate = null;
          s.storage.existingClaim = "Shared_Claim";
        }));
  }

  private static Arguments rule(String field, Consumer<SchedulerFailureTestSpec> breakIt) {
    return Arguments.of(field, breakIt);
  }

  private static int counter;

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("invalidSpecs")
  void aBrokenRuleStallsTheResourceNamingTheFieldAndCreatesNothing(String field,
      Consumer<SchedulerFailureTestSpec> breakIt) throws Exception {
    SchedulerFailureTest test = TestResources.valid("invalid", "bad-" + (++counter));
    breakIt.accept(test.getSpec());
    assertStalledWithNothingCreated(test, field);
  }

  @Test
  void aNameTooLongForTheChildNamesStalls() throws Exception {
    SchedulerFailureTest test = TestResources.valid("invalid", "n".repeat(46));
    assertStalledWithNothingCreated(test, "metadata.name");
  }

  @Test
  void fixingTheSpecStartsTheRun() {
    TestCluster cluster = new TestCluster(client);
    SchedulerFailureTest test = TestResources.valid("invalid", "fixed-later");
    test.getSpec().spark.workers = 1;
    cluster.create(test);
    cluster.awaitStatus(test, "stalled", s -> ConditionChecks.isTrue(s, Conditions.STALLED));

    SchedulerFailureTest current = cluster.get(test);
    current.getSpec().spark.workers = 3;
    client.resource(current).update();

    SchedulerFailureTest started = cluster.awaitStatus(test, "run started", s -> s.step == Step.AwaitingCluster);
    assertThat(ConditionChecks.isTrue(started.getStatus(), Conditions.STALLED)).isFalse();
    assertThat(ConditionChecks.isTrue(started.getStatus(), Conditions.RECONCILING)).isTrue();
    assertThat(started.getStatus().runGeneration).isEqualTo(started.getMetadata().getGeneration()).isEqualTo(2L);
    assertThat(cluster.children(test)).isNotEmpty();
  }

  private void assertStalledWithNothingCreated(SchedulerFailureTest test, String field) throws Exception {
    TestCluster cluster = new TestCluster(client);
    cluster.create(test);
    SchedulerFailureTest stalled = cluster.awaitStatus(test, "Stalled",
        s -> ConditionChecks.isTrue(s, Conditions.STALLED));
    var status = stalled.getStatus();
    var condition = Conditions.find(status, Conditions.STALLED);
    assertThat(condition.getReason()).isEqualTo(Reason.InvalidSpec.name());
    assertThat(condition.getMessage()).contains(field + ": ");
    assertThat(condition.getObservedGeneration()).isEqualTo(stalled.getMetadata().getGeneration());
    assertThat(ConditionChecks.isTrue(status, Conditions.READY)).isFalse();
    assertThat(ConditionChecks.isTrue(status, Conditions.RECONCILING)).isFalse();
    assertThat(status.phase).isEqualTo(Phase.Pending);
    assertThat(status.runId).isNull();
    // The Event is written after the status; wait for it rather than race it.
    assertThat(cluster.awaitEventReason(test, Reason.InvalidSpec.name())).containsExactly(Reason.InvalidSpec.name());
    // The Event is the last act of the reconcile that stalled, and a stalled test waits for a new generation: children
    // created on the way would be there by now.
    assertThat(cluster.children(test)).isEmpty();
  }
}
