package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.ops.RunMetrics;
import dev.sft.controller.support.FakeMasterProbe;
import dev.sft.controller.support.WorkloadSimulator;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.TestCluster;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The controller stops at the points where a crash hurts most and a new controller process (fresh caches, nothing in
 * memory) takes over from what the status recorded. Each test runs its own JOSDK operators instead of Quarkus's, so it
 * can stop one and start another.
 */
@QuarkusTest
@WithStrictKubernetesServer
@TestProfile(ControllerRestartTest.ManualControllers.class)
class ControllerRestartTest {
  public static class ManualControllers implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("quarkus.operator-sdk.start-operator", "false");
    }
  }

  @Inject KubernetesClient client;
  @Inject FakeMasterProbe masters;
  @Inject RunOrchestrator orchestrator;
  @Inject ReconcileErrors errors;
  Operator controller;

  @AfterEach
  void stopController() {
    if (controller != null) {
      controller.stop();
    }
  }

  @Test
  void aJobThatFinishedWhileTheControllerWasDownIsReadAndTheNextJobCreatedOnce() throws Exception {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = retained("restart", "down-while-running");
    cluster.create(test);
    startController();
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    Job first = cluster.awaitJob(test, "down-while-running-r1-spec");
    cluster.awaitStatus(test, "job running", s -> s.harnessJobs.get(0).state == JobState.Running);

    restartWhileDown(() -> workloads.finishJob("restart", first.getMetadata().getName(), Reports.of(runId(cluster, test),
        List.of("speculation-original-wins", "speculation-speculative-wins"), 1, Verdict.Passed, Verdict.Passed), 0));

    Job second = cluster.awaitJob(test, "down-while-running-r1-loss");
    workloads.finishJob("restart", second.getMetadata().getName(), Reports.of(runId(cluster, test),
        List.of("executor-loss-task-replacement", "executor-loss-shuffle-loss"), 1, Verdict.Passed, Verdict.Passed), 0);
    var done = cluster.awaitStatus(test, "succeeded", s -> s.phase == Phase.Succeeded).getStatus();
    assertThat(done.summary).isEqualTo("4/4");
    assertThat(cluster.jobs(test)).hasSize(2);
    assertThat(cluster.child(test, Job.class, first.getMetadata().getName()).getMetadata().getUid())
        .isEqualTo(first.getMetadata().getUid());
  }

  @Test
  void aWriteAheadCreatingWithTheJobAlreadyCreatedDoesNotCreateItAgain() throws Exception {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = retained("restart", "created-then-crashed");
    cluster.create(test);
    startController();
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    Job created = cluster.awaitJob(test, "created-then-crashed-r1-spec");
    cluster.awaitStatus(test, "job running", s -> s.harnessJobs.get(0).state == JobState.Running);

    // The crash came after the create but before the controller recorded that the Job runs.
    restartWhileDown(() -> editStatus(test, s -> s.harnessJobs.get(0).state = JobState.Creating));

    cluster.awaitStatus(test, "job running again", s -> s.harnessJobs.get(0).state == JobState.Running);
    assertThat(cluster.jobs(test)).singleElement().satisfies(j ->
        assertThat(j.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid()));
  }

  @Test
  void aWriteAheadCreatingWithoutTheJobCreatesExactlyOne() throws Exception {
    TestCluster cluster = new TestCluster(client);
    WorkloadSimulator workloads = new WorkloadSimulator(client, masters);
    SchedulerFailureTest test = retained("restart", "crashed-before-create");
    cluster.create(test);
    startController();
    cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "crashed-before-create-r1-spec");
    cluster.awaitStatus(test, "job running", s -> s.harnessJobs.get(0).state == JobState.Running);

    // The crash came after the write-ahead "Creating" but before the create reached the API server.
    restartWhileDown(() -> {
      client.batch().v1().jobs().inNamespace("restart").withName("crashed-before-create-r1-spec").delete();
      editStatus(test, s -> s.harnessJobs.get(0).state = JobState.Creating);
    });

    Job recreated = cluster.awaitJob(test, "crashed-before-create-r1-spec");
    cluster.awaitStatus(test, "job running", s -> s.harnessJobs.get(0).state == JobState.Running);
    assertThat(cluster.jobs(test)).singleElement().satisfies(j ->
        assertThat(j.getMetadata().getUid()).isEqualTo(recreated.getMetadata().getUid()));
    assertThat(cluster.get(test).getStatus().runNumber).isEqualTo(1);
  }

  @Test
  void aCrashWhileApplyingTheClusterResumesTheSameRun() throws Exception {
    TestCluster cluster = new TestCluster(client);
    SchedulerFailureTest test = retained("restart", "half-applied");
    cluster.create(test);
    startController();
    String runId = cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster).getStatus().runId;

    // The crash came after the write-ahead "ApplyingCluster" and before the worker StatefulSet was created.
    restartWhileDown(() -> {
      client.apps().statefulSets().inNamespace("restart").withName("half-applied-worker").delete();
      editStatus(test, s -> s.step = Step.ApplyingCluster);
    });

    cluster.awaitStatus(test, "applied again", s -> s.step == Step.AwaitingCluster);
    assertThat(cluster.child(test, StatefulSet.class, "half-applied-worker")).isNotNull();
    var status = cluster.get(test).getStatus();
    assertThat(status.runId).isEqualTo(runId);
    assertThat(status.runNumber).isEqualTo(1);
    assertThat(cluster.children(test)).hasSize(12);
  }

  private void startController() {
    controller = new Operator(o -> o.withKubernetesClient(client).withCloseClientOnStop(false));
    // Each controller process has metrics of its own, as after a real restart.
    controller.register(new SchedulerFailureTestReconciler(orchestrator, errors,
        new RunMetrics(new SimpleMeterRegistry(), new dev.sft.controller.ops.Leadership(java.util.List.of()))));
    controller.start();
  }

  /** Stops the controller, changes the world while no controller runs, and starts a new controller. */
  private void restartWhileDown(Runnable whileDown) throws InterruptedException {
    controller.stop(); // returns once in-flight reconciles have ended (JOSDK's reconciliationTerminationTimeout)
    whileDown.run();
    startController();
  }

  private void editStatus(SchedulerFailureTest test, Consumer<dev.sft.api.SchedulerFailureTestStatus> edit) {
    SchedulerFailureTest current = new TestCluster(client).get(test);
    edit.accept(current.getStatus());
    client.resource(current).updateStatus();
  }

  private static String runId(TestCluster cluster, SchedulerFailureTest test) {
    return cluster.get(test).getStatus().runId;
  }

  private static SchedulerFailureTest retained(String namespace, String name) {
    SchedulerFailureTest test = TestResources.valid(namespace, name);
    test.getSpec().cleanup = new dev.sft.api.SchedulerFailureTestSpec.Cleanup();
    test.getSpec().cleanup.onSuccess = CleanupPolicy.Retain;
    return test;
  }
}
