package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.BuildComparison;
import dev.sft.api.Names;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import org.junit.jupiter.api.Test;

/**
 * {@link RollCluster} alone, over a mock API server. Transitions covered:
 * <ul>
 *   <li>{@code RunningHarness}, the baseline's Jobs done and the candidate's first Job {@code Pending} →
 *       {@code ApplyingCluster} with {@code clusterBuild} the candidate's, written before anything rolls, and a
 *       {@code ClusterRolling} Event</li>
 *   <li>when a roll is due: only for a {@code Pending} Job of a build other than the cluster's (not for one already
 *       {@code Creating} after a restart, nor for the cluster's own build)</li>
 *   <li>failure: asked to roll with no Job waiting for another build → refused, nothing written</li>
 * </ul>
 */
class RollClusterTest extends StepTest {

  @Test
  void theCandidatesTurnRecordsItsBuildAndGoesBackToApplyingTheCluster() {
    SchedulerFailureTest test = fixture.create("roll", StepFixture::compare);
    fixture.runningHarness(test);
    fixture.editStatus(test, s -> baselineDone(s));

    assertThat(fixture.newRollCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.clusterBuild).isEqualTo(BuildComparison.CANDIDATE);
    assertThat(status.step).isEqualTo(Step.ApplyingCluster);
    assertThat(status.message).isEqualTo("rolling the cluster to the candidate build's image "
        + "registry.example/spark:4.1.3");
    assertThat(fixture.eventReasons(test)).endsWith("ClusterRolling");
    // Recorded only: the StatefulSets still run the baseline until ApplyCluster applies the candidate's.
    assertThat(fixture.masterImage(test)).isEqualTo("registry.example/spark:4.1.2");
  }

  @Test
  void aRollIsDueOnlyForAPendingJobOfAnotherBuild() {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.clusterBuild = BuildComparison.BASELINE;

    assertThat(RollCluster.due(status, job(BuildComparison.CANDIDATE, JobState.Pending))).isTrue();
    assertThat(RollCluster.due(status, job(BuildComparison.CANDIDATE, JobState.Creating))).isFalse();
    assertThat(RollCluster.due(status, job(BuildComparison.BASELINE, JobState.Pending))).isFalse();
    status.clusterBuild = null;
    assertThat(RollCluster.due(status, job(null, JobState.Pending))).isFalse();
  }

  @Test
  void withNoJobWaitingForAnotherBuildNothingIsRolled() {
    SchedulerFailureTest test = fixture.create("noroll", StepFixture::compare);
    fixture.runningHarness(test);
    String version = fixture.get(test).getMetadata().getResourceVersion();

    assertThatThrownBy(() -> fixture.newRollCluster().advance(fixture.ledger(test)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("no Job waiting for another build");
    assertThat(fixture.get(test).getMetadata().getResourceVersion()).isEqualTo(version);
  }

  @Test
  void withTwoClustersEachRollsAfterItsBaselineAndRunsBothBuildsOfItsRepetitionPairs() {
    SchedulerFailureTest test = fixture.create("pairs", spec -> {
      StepFixture.compare(spec);
      spec.repeat = 3;
      spec.parallelism = 2;
    });
    fixture.startAndApply(test);
    // Only cluster 0's baseline Jobs are done: the roll waits for cluster 1's, a turn being every cluster's.
    fixture.editStatus(test, s -> s.harnessJobs.stream()
        .filter(j -> BuildComparison.BASELINE.equals(j.build) && j.cluster == 0)
        .forEach(j -> j.state = JobState.Succeeded));
    assertThat(RollCluster.due(fixture.get(test).getStatus(), fixture.ledger(test).nextJob())).isFalse();
    fixture.editStatus(test, RollClusterTest::baselineDone);

    assertThat(fixture.newRollCluster().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);
    fixture.newApplyCluster().advance(fixture.ledger(test));

    // Both clusters roll to the candidate's image.
    for (int cluster : new int[] {0, 1}) {
      assertThat(client.apps().statefulSets().inNamespace(StepFixture.NAMESPACE).withName(Names.master(test, cluster))
          .get().getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
          .isEqualTo("registry.example/spark:4.1.3");
    }
    // Each repetition pair (a number of a cell, both builds) runs on one cluster: its master, its run folder.
    var ledger = fixture.ledger(test);
    for (HarnessJob candidate : ledger.status().harnessJobs.stream()
        .filter(j -> BuildComparison.CANDIDATE.equals(j.build)).toList()) {
      HarnessJob baseline = ledger.status().harnessJobs.stream().filter(j -> BuildComparison.BASELINE.equals(j.build)
          && j.speculation == candidate.speculation && j.cluster.equals(candidate.cluster)).findFirst().orElseThrow();
      var candidateRun = ledger.driverRun(candidate);
      var baselineRun = ledger.driverRun(baseline);
      assertThat(candidateRun.repetitionNumbers()).isEqualTo(baselineRun.repetitionNumbers()).isNotEmpty();
      assertThat(candidateRun.master()).isEqualTo(baselineRun.master())
          .isEqualTo(Names.masterUrl(test, candidate.cluster));
      assertThat(ledger.comparisonOf(candidate)).isEqualTo(ledger.status().runId + "-c" + candidate.cluster);
      assertThat(candidateRun.runId()).isEqualTo(ledger.comparisonOf(candidate) + "-candidate");
      assertThat(baselineRun.runId()).isEqualTo(ledger.comparisonOf(candidate) + "-baseline");
    }
  }

  static void baselineDone(SchedulerFailureTestStatus status) {
    status.harnessJobs.stream().filter(j -> BuildComparison.BASELINE.equals(j.build))
        .forEach(j -> j.state = JobState.Succeeded);
  }

  private static HarnessJob job(String build, JobState state) {
    HarnessJob job = new HarnessJob();
    job.name = "j";
    job.build = build;
    job.state = state;
    return job;
  }
}
