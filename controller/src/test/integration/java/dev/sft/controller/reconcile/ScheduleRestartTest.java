package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Runs;
import dev.sft.controller.support.TestClock;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.ControllerReads;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Firings missed while no controller ran: the latest starts once when a controller returns, never a burst, and not
 * at all past startingDeadlineSeconds. Runs its own JOSDK operators, as {@link ControllerRestartTest}.
 */
@QuarkusTest
@WithStrictKubernetesServer
@TestProfile(ControllerRestartTest.ManualControllers.class)
class ScheduleRestartTest {
  @Inject KubernetesClient client;
  @KubernetesTestServer ControllerReads reads;
  @Inject FakeMasterProbe masters;
  @Inject RunOrchestrator orchestrator;
  @Inject ReconcileErrors errors;
  @Inject TestClock clock;
  Operator controller;

  @AfterEach
  void stopController() {
    if (controller != null) {
      controller.stop();
    }
  }

  /** {@link ControllerRestartTest} shares this profile's application, and its clock. */
  @AfterAll
  static void backToTheSystemClock() {
    io.quarkus.arc.Arc.container().instance(TestClock.class).get().reset();
  }

  @Test
  void threeMissedFiringsStartOneRunForTheLatestWhenTheControllerReturns() throws Exception {
    TestCluster cluster = new TestCluster(client);
    SchedulerFailureTest test = nightly("missed");
    cluster.create(test);
    startController();
    new Runs(cluster, new WorkloadSimulator(client, masters)).runToEnd(test, Verdict.Passed, Verdict.Passed);
    Instant night1 = Instant.parse(awaitCleanedUp(cluster, test).nextScheduleTime);

    controller.stop();
    Instant night3 = night1.plus(Duration.ofDays(2));
    clock.jumpTo(night3.plusSeconds(30)); // nights 1, 2 and 3 pass while no controller runs
    startController();

    var second = cluster.awaitStatus(test, "one run for the latest missed firing",
        s -> Objects.equals(s.runNumber, 2)).getStatus();
    assertThat(second.lastScheduleTime).isEqualTo(night3.toString());
    assertThat(second.nextScheduleTime).isEqualTo(night3.plus(Duration.ofDays(1)).toString());
    reads.awaitLooks(test, 3); // several of the test profile's one-second rechecks
    assertThat(cluster.get(test).getStatus().runNumber).as("never a burst").isEqualTo(2);
  }

  @Test
  void aFiringMissedPastTheStartingDeadlineDoesNotStart() throws Exception {
    TestCluster cluster = new TestCluster(client);
    SchedulerFailureTest test = nightly("too-late");
    test.getSpec().startingDeadlineSeconds = 60L;
    cluster.create(test);
    startController();
    new Runs(cluster, new WorkloadSimulator(client, masters)).runToEnd(test, Verdict.Passed, Verdict.Passed);
    Instant night1 = Instant.parse(awaitCleanedUp(cluster, test).nextScheduleTime);

    controller.stop();
    clock.jumpTo(night1.plusSeconds(120));
    startController();

    var missed = cluster.awaitStatus(test, "the firing recorded as missed",
        s -> night1.plus(Duration.ofDays(1)).toString().equals(s.nextScheduleTime)).getStatus();
    assertThat(missed.runNumber).isEqualTo(1);
    assertThat(missed.lastScheduleTime).isNull();
    cluster.awaitEventReason(test, Reason.ScheduleMissed.name());
    reads.awaitLooks(test, 2);
    assertThat(cluster.get(test).getStatus().runNumber).isEqualTo(1);
  }

  private static SchedulerFailureTestStatus awaitCleanedUp(TestCluster cluster, SchedulerFailureTest test) {
    return cluster.awaitStatus(test, "run 1 cleaned up", s -> Objects.equals(s.runNumber, 1)
        && s.cleanup == Cleanup.Done).getStatus();
  }

  private static SchedulerFailureTest nightly(String name) {
    SchedulerFailureTest test = TestResources.valid("restart-schedule", name);
    test.getSpec().scenarios = List.of("speculation-original-wins");
    test.getSpec().schedule = "0 3 * * *";
    return test;
  }

  private void startController() {
    controller = new Operator(o -> o.withKubernetesClient(client).withCloseClientOnStop(false));
    // Each controller process has metrics of its own, as after a real restart.
    controller.register(new SchedulerFailureTestReconciler(orchestrator, errors,
        new dev.sft.controller.ops.RunMetrics(new io.micrometer.core.instrument.simple.SimpleMeterRegistry(),
            new dev.sft.controller.ops.Leadership(java.util.List.of()))));
    controller.start();
  }
}
