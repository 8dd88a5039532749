package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.Check;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.support.ConditionChecks;
import dev.sft.controller.support.ReconcilerTestBase;
import dev.sft.controller.support.TestResources;
import dev.sft.controller.support.WithStrictKubernetesServer;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code spec.compare}: the baseline's harness Jobs run on the baseline's images, then the cluster rolls to the
 * candidate's and its Jobs run; the status compares the builds cell by cell, and only a regression fails the run.
 */
@QuarkusTest
@WithStrictKubernetesServer
class CompareBuildsTest extends ReconcilerTestBase {
  static final String NS = "compare";
  static final String BASELINE_IMAGE = "registry.example/sft:1.11";
  static final String CANDIDATE_IMAGE = TestResources.valid(NS, "x").getSpec().spark.image;
  static final String CANDIDATE_HARNESS_IMAGE = TestResources.valid(NS, "x").getSpec().harness.image;
  static final String SPEC_CELL = "speculation-original-wins/append";
  static final String LOSS_CELL = "executor-loss-task-replacement/append";

  private SchedulerFailureTest comparing(String name) {
    SchedulerFailureTest test = TestResources.valid(NS, name);
    test.getSpec().scenarios = List.of("speculation-original-wins", "executor-loss-task-replacement");
    test.getSpec().compare = new SchedulerFailureTestSpec.Compare();
    test.getSpec().compare.baseline = new SchedulerFailureTestSpec.BaselineBuild();
    test.getSpec().compare.baseline.sparkImage = BASELINE_IMAGE;
    test.getSpec().compare.baseline.harnessImage = BASELINE_IMAGE;
    return test;
  }

  @Test
  void theCandidateFailingARuleTheBaselinePassedRegressesAndFailsTheRun() {
    SchedulerFailureTest test = comparing("comet");
    cluster.create(test);
    String runId = runBaseline(test);

    // The baseline is done: the cluster rolls to the candidate's image before any candidate Job.
    cluster.awaitStatus(test, "rolling", s -> "candidate".equals(s.clusterBuild) && s.step == Step.AwaitingCluster);
    assertThat(sparkImage(test, Names.master(test))).isEqualTo(CANDIDATE_IMAGE);
    assertThat(sparkImage(test, Names.worker(test))).isEqualTo(CANDIDATE_IMAGE);
    assertThat(cluster.jobs(test)).extracting(j -> j.getMetadata().getName())
        .containsExactlyInAnyOrder("comet-r1-base-spec", "comet-r1-base-loss");
    cluster.awaitEventReason(test, Reason.ClusterRolling.name());
    workloads.clusterUp(test, 2);

    Container candidateSpec = harness(cluster.awaitJob(test, "comet-r1-cand-spec"));
    assertThat(candidateSpec.getImage()).isEqualTo(CANDIDATE_HARNESS_IMAGE);
    assertThat(String.join(" ", candidateSpec.getCommand())).contains("--run-id " + runId + "-candidate")
        .contains(BuildComparison.COMPARISON_OPTION + " " + runId);
    // Comet fell back to the JVM writer: the native writer did not run.
    workloads.finishJob(NS, "comet-r1-cand-spec", report(runId + "-candidate", "speculation-original-wins", false), 1);
    workloads.finishJob(NS, harnessJobAfter(test, "comet-r1-cand-loss"),
        report(runId + "-candidate", "executor-loss-task-replacement", true), 0);

    SchedulerFailureTestStatus status = cluster.awaitStatus(test, "failed",
        s -> s.phase == Phase.Failed && s.step == Step.Done).getStatus();
    assertThat(status.comparison.regressed).isEqualTo(1);
    assertThat(status.comparison.same).isEqualTo(1);
    assertThat(status.comparison.baselineRunId).isEqualTo(runId + "-baseline");
    assertThat(status.comparison.cells).extracting(c -> c.cell + " " + c.baseline + " " + c.candidate + " " + c.change)
        .containsExactly(SPEC_CELL + " 1/1 0/1 regressed", LOSS_CELL + " 1/1 1/1 same");
    assertThat(status.comparison.cells.get(0).why)
        .startsWith("candidate shows scheduler/writer.native-ran (1 of 1), which the baseline never showed in 1");
    assertThat(status.message).contains("1 regressed, 0 fixed, 1 same, 0 inconclusive")
        .contains("regressed: 1 cell, " + SPEC_CELL + " (candidate shows scheduler/writer.native-ran");
    assertThat(status.cells).extracting(c -> c.build + " " + c.name).containsExactly(
        "baseline speculation-original-wins", "baseline executor-loss-task-replacement",
        "candidate speculation-original-wins", "candidate executor-loss-task-replacement");
    assertThat(status.cells.get(2).findings).containsExactly(java.util.Map.entry("scheduler/writer.native-ran", 1));
    assertThat(status.summary).isEqualTo("3/4");
    assertThat(ConditionChecks.isTrue(status, Conditions.READY)).isFalse();
  }

  @Test
  void aCandidateFailingAsTheBaselineDoesIsNoRegressionAndTheRunSucceeds() {
    SchedulerFailureTest test = comparing("same");
    cluster.create(test);
    String runId = runBaseline(test);
    cluster.awaitStatus(test, "rolling", s -> "candidate".equals(s.clusterBuild) && s.step == Step.AwaitingCluster);
    workloads.clusterUp(test, 2);
    cluster.awaitJob(test, "same-r1-cand-spec");
    workloads.finishJob(NS, "same-r1-cand-spec", report(runId + "-candidate", "speculation-original-wins", true), 0);
    workloads.finishJob(NS, harnessJobAfter(test, "same-r1-cand-loss"),
        report(runId + "-candidate", "executor-loss-task-replacement", true), 0);

    SchedulerFailureTestStatus status = cluster.awaitStatus(test, "succeeded",
        s -> s.phase == Phase.Succeeded && s.step == Step.Done).getStatus();
    assertThat(status.comparison.same).isEqualTo(2);
    assertThat(status.comparison.regressed).isZero();
    assertThat(status.message).contains("0 regressed, 0 fixed, 2 same, 0 inconclusive");
    assertThat(ConditionChecks.isTrue(status, Conditions.READY)).isTrue();
  }

  /** Brings the cluster up on the baseline's images and finishes both baseline Jobs, every rule passing. */
  private String runBaseline(SchedulerFailureTest test) {
    String name = test.getMetadata().getName();
    var applied = cluster.awaitStatus(test, "applied", s -> s.step == Step.AwaitingCluster);
    String runId = applied.getStatus().runId;
    assertThat(applied.getStatus().clusterBuild).isEqualTo("baseline");
    assertThat(applied.getStatus().harnessJobs).extracting(j -> j.name + " " + j.build).containsExactly(
        name + "-r1-base-spec baseline", name + "-r1-base-loss baseline", name + "-r1-cand-spec candidate",
        name + "-r1-cand-loss candidate");
    assertThat(applied.getStatus().total).isEqualTo(4);
    assertThat(sparkImage(test, Names.master(test))).isEqualTo(BASELINE_IMAGE);
    workloads.clusterUp(test, 2);
    Container baseline = harness(cluster.awaitJob(test, name + "-r1-base-spec"));
    assertThat(baseline.getImage()).isEqualTo(BASELINE_IMAGE);
    assertThat(String.join(" ", baseline.getCommand())).contains("--run-id " + runId + "-baseline")
        .doesNotContain(BuildComparison.COMPARISON_OPTION);
    workloads.finishJob(NS, name + "-r1-base-spec", report(runId + "-baseline", "speculation-original-wins", true), 0);
    workloads.finishJob(NS, harnessJobAfter(test, name + "-r1-base-loss"),
        report(runId + "-baseline", "executor-loss-task-replacement", true), 0);
    return runId;
  }

  private String harnessJobAfter(SchedulerFailureTest test, String job) {
    cluster.awaitJob(test, job);
    return job;
  }

  /** One repetition of one scenario whose writer.native-ran rule passed or failed. */
  private static Report report(String runId, String scenario, boolean nativeRan) {
    Verdict verdict = nativeRan ? Verdict.Passed : Verdict.Failed;
    ScenarioResult result = ScenarioResult.judged(scenario, 1, verdict, Verdict.Passed,
        new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000, "/shared/sft/" + runId + "/" + scenario,
        nativeRan ? null : "the native writer did not run", List.of(new Check(Check.SCHEDULER,
            Check.NATIVE_WRITER_RAN, verdict, nativeRan ? "CometIcebergNativeWrite" : "jvm IcebergWrite")));
    return Report.of(runId, "comet-native", "spark://master:7077", List.of(result), "2026-01-01T00:00:00Z",
        "2026-01-01T00:01:00Z", null);
  }

  private String sparkImage(SchedulerFailureTest test, String statefulSet) {
    return cluster.child(test, StatefulSet.class, statefulSet).getSpec().getTemplate().getSpec().getContainers()
        .get(0).getImage();
  }

  private static Container harness(Job job) {
    return job.getSpec().getTemplate().getSpec().getContainers().stream()
        .filter(c -> c.getName().equals(Names.HARNESS_CONTAINER)).findFirst().orElseThrow();
  }
}
