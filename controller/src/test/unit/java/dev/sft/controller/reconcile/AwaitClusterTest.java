package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.StatusLedger;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * {@link AwaitCluster} alone, over a mock API server, the cluster played by {@code WorkloadSimulator} and the master by
 * {@code FakeMasterProbe}. Transitions covered:
 * <ul>
 *   <li>{@code AwaitingCluster}, not ready → stays, polls in {@link AwaitCluster#CLUSTER_POLL}; the status is written
 *       when what it says changes, not again for the same view</li>
 *   <li>{@code AwaitingCluster}, volume writable, master answering, worker pods of the latest template running and no
 *       other worker known to the master → the first turn's Jobs are created, the run still waits; a worker of a
 *       replaced pod ALIVE in the master → no Job</li>
 *   <li>{@code AwaitingCluster}, volume writable and workers ALIVE → {@code Running}/{@code RunningHarness},
 *       {@code ClusterReady=True}, {@code ClusterReady} Event (written by the next step's write)</li>
 *   <li>FAIL verdict, volume not writable → the run ends {@code Failed} ({@code SharedStorageNotWritable}), every
 *       Job failed as not run, step {@code CleaningUp}</li>
 *   <li>FAIL verdict, a Spark pod cannot start ({@code ImagePullBackOff}) → the run ends ({@code PodsCannotStart})</li>
 *   <li>FAIL verdict, past {@code readyTimeoutSeconds} → the run ends ({@code ClusterNotReady})</li>
 *   <li>restart: a new instance over {@code AwaitingCluster} counts the wait from the recorded apply time</li>
 * </ul>
 */
class AwaitClusterTest extends StepTest {

  @Test
  void aClusterNotReadyYetIsWaitedForAndItsConditionWrittenOnlyWhenItChanges() {
    SchedulerFailureTest test = fixture.create("waits", spec -> {});
    fixture.startAndApply(test);

    Next next = fixture.newAwaitCluster().advance(fixture.ledger(test));

    assertThat(next).isEqualTo(Next.waitFor(AwaitCluster.CLUSTER_POLL));
    SchedulerFailureTest waiting = fixture.get(test);
    assertThat(waiting.getStatus().step).isEqualTo(Step.AwaitingCluster);
    var ready = Conditions.find(waiting.getStatus(), Conditions.CLUSTER_READY);
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getReason()).isEqualTo("ClaimPending");
    assertThat(ready.getMessage()).startsWith("claim waits-shared is Pending");

    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test))).isEqualTo(Next.waitFor(AwaitCluster.CLUSTER_POLL));
    assertThat(fixture.get(test).getMetadata().getResourceVersion())
        .isEqualTo(waiting.getMetadata().getResourceVersion());
  }

  @Test
  void aReadyClusterMovesTheRunToItsHarness() {
    SchedulerFailureTest test = fixture.create("ready", spec -> {});
    fixture.startAndApply(test);
    fixture.workloads.clusterUp(fixture.get(test), 2);
    StatusLedger ledger = fixture.ledger(test);

    assertThat(fixture.newAwaitCluster().advance(ledger)).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = ledger.status();
    assertThat(status.phase).isEqualTo(Phase.Running);
    assertThat(status.step).isEqualTo(Step.RunningHarness);
    assertThat(status.clusterReadyTime).isNotNull();
    assertThat(status.message).isEqualTo("cluster ready: 2/2 workers ALIVE in the master");
    assertThat(Conditions.find(status, Conditions.CLUSTER_READY).getStatus()).isEqualTo("True");
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "ClusterReady");
    // Not written yet: the next Job's write-ahead write records it.
    assertThat(fixture.get(test).getStatus().step).isEqualTo(Step.AwaitingCluster);
  }

  @Test
  void theFirstTurnStartsOnceTheMasterAnswersAndItsWorkersRunAndTheRunStillWaitsForThem() {
    SchedulerFailureTest test = fixture.create("early", spec -> {});
    fixture.startAndApply(test);
    // Pods of the latest template run and the master answers, but no worker has registered yet.
    fixture.workloads.masterReportsAlive(fixture.get(test), 0);
    fixture.workloads.statefulSetsReady(fixture.get(test), 2);

    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(AwaitCluster.CLUSTER_POLL));

    SchedulerFailureTestStatus early = fixture.get(test).getStatus();
    assertThat(harnessJobs()).containsExactly("early-r1-spec");
    assertThat(early.harnessJobs.get(0).state).isEqualTo(JobState.Creating);
    assertThat(early.harnessJobs.get(1).state).isEqualTo(JobState.Pending);
    assertThat(early.step).isEqualTo(Step.AwaitingCluster);
    assertThat(early.phase).isEqualTo(Phase.Provisioning);
    var ready = Conditions.find(early, Conditions.CLUSTER_READY);
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getMessage()).startsWith("0/2 workers ALIVE in the master");
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "HarnessJobCreated");

    // Looking again creates nothing more; once both workers are ALIVE the run moves on with the Job it has.
    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(AwaitCluster.CLUSTER_POLL));
    fixture.workloads.masterReportsAlive(fixture.get(test), 2);
    StatusLedger ledger = fixture.ledger(test);
    assertThat(fixture.newAwaitCluster().advance(ledger)).isEqualTo(Next.CONTINUE);
    assertThat(ledger.status().step).isEqualTo(Step.RunningHarness);
    fixture.newRunHarnessJob().advance(ledger);
    assertThat(harnessJobs()).containsExactly("early-r1-spec");
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "HarnessJobCreated", "ClusterReady");
  }

  @Test
  void noDriverStartsWhileTheMasterKnowsAWorkerOfNoCurrentPod() {
    SchedulerFailureTest test = fixture.create("stale", spec -> {});
    fixture.startAndApply(test);
    fixture.workloads.statefulSetsReady(fixture.get(test), 2);
    // A worker of a replaced pod is still ALIVE in the master: an executor could land on it.
    fixture.masters.reportAlive(Names.masterJsonUrl(fixture.get(test), Names.IN_CLUSTER_MASTER_JSON_URL),
        java.util.List.of(dev.sft.controller.support.WorkloadSimulator.workerIp(0), "10.244.9.9"));

    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(AwaitCluster.CLUSTER_POLL));

    assertThat(harnessJobs()).isEmpty();
    assertThat(Conditions.find(fixture.get(test).getStatus(), Conditions.CLUSTER_READY).getMessage())
        .startsWith("1/2 workers ALIVE in the master (1 more ALIVE on pods that are gone or replaced)");
  }

  @Test
  void aVolumeThePodsCannotWriteEndsTheRun() {
    SchedulerFailureTest test = fixture.create("unwritable", spec -> {});
    fixture.startAndApply(test);
    fixture.workloads.storageChecked(fixture.get(test), 1, "uid 185 cannot create files in /shared/sft");
    fixture.claimBound(test);

    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Failed);
    assertThat(status.step).isEqualTo(Step.CleaningUp);
    assertThat(status.message).contains("cannot write the shared volume");
    assertThat(status.harnessJobs).allSatisfy(j -> {
      assertThat(j.state).isEqualTo(JobState.Failed);
      assertThat(j.message).startsWith("not run: ");
    });
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "SharedStorageNotWritable", "RunFailed");
  }

  @Test
  void aSparkPodThatCannotStartEndsTheRun() {
    SchedulerFailureTest test = fixture.create("pullfails", spec -> {});
    fixture.startAndApply(test);
    fixture.claimBound(test);
    fixture.workloads.containerWaiting(fixture.get(test), Names.MASTER, 0, "ImagePullBackOff",
        "Back-off pulling image \"registry.example/spark:4.1.3\"");

    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Failed);
    assertThat(Conditions.find(status, Conditions.CLUSTER_READY).getReason()).isEqualTo("PodsCannotStart");
    assertThat(fixture.eventReasons(test)).contains("PodsCannotStart", "RunFailed");
  }

  @Test
  void aClusterNotReadyPastItsTimeOutEndsTheRunCountedFromTheRecordedApply() {
    SchedulerFailureTest test = fixture.create("slow", spec -> spec.spark.readyTimeoutSeconds = 60);
    fixture.startAndApply(test);
    Instant applied = Instant.parse(fixture.get(test).getStatus().clusterApplyTime);
    fixture.clock.jumpTo(applied.plusSeconds(61));

    // A new instance, as after a restart: only the status says when the wait began.
    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.phase).isEqualTo(Phase.Failed);
    assertThat(status.message).contains("not ready after 60 s");
    assertThat(fixture.eventReasons(test)).contains("ClaimPending", "RunFailed");
  }

  @Test
  void twoClustersAreAwaitedBothAndOneThatCannotStartVoidsOnlyItsOwnRepetitions() {
    SchedulerFailureTest test = fixture.create("pair", spec -> {
      spec.repeat = 4;
      spec.parallelism = 2;
    });
    fixture.startAndApply(test);
    fixture.claimBound(test);
    fixture.workloads.storageChecked(fixture.get(test), 0, "uid 185 gid 185 can create and rename files");
    fixture.workloads.clusterOfSeveralUp(fixture.get(test), 0, 2);

    // Cluster 0 is up, cluster 1 not yet: the run waits for both.
    assertThat(fixture.newAwaitCluster().advance(fixture.ledger(test))).isEqualTo(Next.waitFor(AwaitCluster.CLUSTER_POLL));
    var waiting = Conditions.find(fixture.get(test).getStatus(), Conditions.CLUSTER_READY);
    assertThat(waiting.getStatus()).isEqualTo("False");
    assertThat(waiting.getMessage()).startsWith("cluster 0: 2/2 workers ALIVE in the master; cluster 1: pods not ready");

    // Cluster 1's master cannot pull its image: it fails alone, cluster 0 goes on.
    client.resource(new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("pair-c1-mst-0")
        .withNamespace(StepFixture.NAMESPACE).withLabels(Names.clusterLabels(fixture.get(test), Names.MASTER, 1, true))
        .endMetadata().withNewStatus().withPhase("Pending").addNewContainerStatus().withName(Names.SPARK_CONTAINER)
        .withReady(false).withNewState().withNewWaiting().withReason("ImagePullBackOff")
        .withMessage("Back-off pulling image").endWaiting().endState().endContainerStatus().endStatus().build())
        .create();
    StatusLedger ledger = fixture.ledger(test);

    assertThat(fixture.newAwaitCluster().advance(ledger)).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = ledger.status();
    assertThat(status.phase).isEqualTo(Phase.Running);
    assertThat(status.step).isEqualTo(Step.RunningHarness);
    assertThat(status.clusters).extracting(c -> c.state)
        .containsExactly(SchedulerFailureTestStatus.ClusterState.Ready, SchedulerFailureTestStatus.ClusterState.Failed);
    assertThat(status.clusters.get(1).message).startsWith("cluster 1: pods cannot start: ").contains("ImagePullBackOff");
    assertThat(status.harnessJobs).filteredOn(j -> j.cluster == 1).isNotEmpty().allSatisfy(j -> {
      assertThat(j.state).isEqualTo(JobState.Failed);
      assertThat(j.message).startsWith("not run: cluster 1: pods cannot start");
    });
    assertThat(status.harnessJobs).filteredOn(j -> j.cluster == 0).extracting(j -> j.state)
        .containsOnly(JobState.Pending);
    // Cluster 1's share (repetitions 3 and 4 of each cell) is Unknown, named; cluster 0's is still to run.
    assertThat(status.cells).isNotEmpty().allSatisfy(c -> {
      assertThat(c.repetitions).isEqualTo(2);
      assertThat(c.unknown).isEqualTo(2);
      assertThat(c.latestFailure.message).contains("cluster 1");
    });
    assertThat(status.clusters.get(1).unknown).isEqualTo(status.clusters.get(1).repetitions).isPositive();
    assertThat(fixture.eventReasons(test)).containsExactly("RunStarted", "PodsCannotStart", "ClusterReady");
  }

  private java.util.List<String> harnessJobs() {
    return fixture.jobs().stream()
        .filter(j -> Names.HARNESS.equals(j.getMetadata().getLabels().get(Names.COMPONENT_LABEL)))
        .map(j -> j.getMetadata().getName()).toList();
  }
}
