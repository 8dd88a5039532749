package dev.sft.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.support.Reports;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link RunHarnessJob} alone, over a mock API server, the Job controller and kubelet played by {@code WorkloadSimulator}.
 * Transitions covered (of {@code harnessJobs[].state}, the run's first unfinished Job):
 * <ul>
 *   <li>{@code Pending} → {@code Creating}: the write-ahead status write reaches the API server before the Job's
 *       create; {@code HarnessJobCreated} Event</li>
 *   <li>restart, {@code Creating} with the Job created → {@code Running}, no second create</li>
 *   <li>restart, {@code Creating} without the Job → created once ("resumed"), then {@code Running}</li>
 *   <li>{@code Running}, pod running → stays, polls in {@link RunHarnessJob#HARNESS_POLL}, no write for the same
 *       view</li>
 *   <li>{@code Running}, pod not started but may start ({@code ErrImagePull}) → stays, {@code HarnessComplete}
 *       quotes it ({@code PodsNotStarting}), polls in {@link RunHarnessJob#START_POLL}</li>
 *   <li>{@code Running}, pod refused ({@code CreateContainerConfigError}) → {@code Failed}, {@code PodsCannotStart}</li>
 *   <li>{@code Running}, Job succeeded with a report → {@code Succeeded}, its cells recorded</li>
 *   <li>{@code Running}, Job failed without a report → {@code Failed}, every repetition Unknown</li>
 *   <li>{@code Running}, Job deleted → {@code Failed}</li>
 *   <li>{@code Running}, a Spark container restarted during the Job → its verdicts voided, {@code UnplannedLoss}</li>
 *   <li>no Job left → the run ends ({@link EndRun}, step {@code CleaningUp})</li>
 *   <li>a comparison's candidate Job next on the baseline's cluster → {@link RollCluster} ({@code ApplyingCluster})</li>
 * </ul>
 */
class RunHarnessJobTest extends StepTest {

  @Test
  void aPendingJobIsWrittenAsCreatingBeforeItIsCreated() throws InterruptedException {
    SchedulerFailureTest test = fixture.create("ahead", spec -> {});
    StatusLedger ledger = fixture.runningHarness(test);
    String jobName = ledger.status().harnessJobs.get(0).name;
    requests();

    Next next = fixture.newRunHarnessJob().advance(ledger);

    assertThat(next).isEqualTo(Next.waitFor(RunHarnessJob.START_POLL));
    List<String> requests = requests();
    int statusWrite = requests.indexOf("PUT /apis/sft.dev/v1alpha1/namespaces/steps/schedulerfailuretests/ahead/status");
    int create = requests.indexOf("POST /apis/batch/v1/namespaces/steps/jobs");
    assertThat(statusWrite).isNotNegative().isLessThan(create);
    HarnessJob recorded = fixture.get(test).getStatus().harnessJobs.get(0);
    assertThat(recorded.state).isEqualTo(JobState.Creating);
    assertThat(recorded.startTime).isNotNull();
    assertThat(harnessJobs()).containsExactly(jobName);
    assertThat(fixture.eventReasons(test)).endsWith("HarnessJobCreated");
  }

  @Test
  void aRestartOverCreatingWithTheJobCreatedDoesNotCreateItAgain() throws InterruptedException {
    SchedulerFailureTest test = fixture.create("created", spec -> {});
    fixture.newRunHarnessJob().advance(fixture.runningHarness(test));
    String uid = fixture.jobs().stream().filter(j -> j.getMetadata().getName().endsWith("-spec")).findFirst()
        .orElseThrow().getMetadata().getUid();
    requests();

    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(RunHarnessJob.START_POLL));

    assertThat(requests()).noneMatch(r -> r.startsWith("POST /apis/batch"));
    assertThat(fixture.get(test).getStatus().harnessJobs.get(0).state).isEqualTo(JobState.Running);
    assertThat(fixture.jobs()).filteredOn(j -> j.getMetadata().getName().endsWith("-spec"))
        .singleElement().satisfies(j -> assertThat(j.getMetadata().getUid()).isEqualTo(uid));
  }

  @Test
  void aRestartOverCreatingWithoutTheJobCreatesItOnce() {
    SchedulerFailureTest test = fixture.create("resumed", spec -> {});
    fixture.runningHarness(test);
    // The previous controller wrote Creating and stopped before its create reached the API server.
    fixture.editStatus(test, s -> {
      s.harnessJobs.get(0).state = JobState.Creating;
      s.harnessJobs.get(0).startTime = Instant.now().toString();
    });

    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(RunHarnessJob.START_POLL));
    fixture.newRunHarnessJob().advance(fixture.ledger(test));

    assertThat(harnessJobs()).hasSize(1);
    assertThat(fixture.get(test).getStatus().harnessJobs.get(0).state).isEqualTo(JobState.Running);
    assertThat(fixture.events(test)).filteredOn(e -> "HarnessJobCreated".equals(e.getReason())).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).endsWith("(resumed)"));
  }

  @Test
  void aRunningPodIsLookedAtAgainLaterWithoutAWrite() {
    SchedulerFailureTest test = fixture.create("runs", spec -> {});
    String job = created(test);
    client.resource(new PodBuilder().withNewMetadata().withNamespace(StepFixture.NAMESPACE).withName(job + "-abcde")
        .addToLabels(Names.HARNESS_JOB_LABEL, job).endMetadata()
        .withNewStatus().withPhase("Running").endStatus().build()).create();

    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(RunHarnessJob.HARNESS_POLL));
    String version = fixture.get(test).getMetadata().getResourceVersion();
    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(RunHarnessJob.HARNESS_POLL));

    assertThat(fixture.get(test).getMetadata().getResourceVersion()).isEqualTo(version);
    assertThat(fixture.get(test).getStatus().harnessJobs.get(0).state).isEqualTo(JobState.Running);
  }

  @Test
  void aPodThatMayStillStartIsQuotedWhileTheJobWaits() {
    SchedulerFailureTest test = fixture.create("pulling", spec -> {});
    String job = created(test);
    fixture.workloads.harnessWaiting(StepFixture.NAMESPACE, job, "ErrImagePull", "registry.example: i/o timeout");

    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test)))
        .isEqualTo(Next.waitFor(RunHarnessJob.START_POLL));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.harnessJobs.get(0).state).isEqualTo(JobState.Running);
    var complete = Conditions.find(status, Conditions.HARNESS_COMPLETE);
    assertThat(complete.getReason()).isEqualTo("PodsNotStarting");
    assertThat(complete.getMessage()).startsWith("harness Job " + job + " not started: ").contains("ErrImagePull");
  }

  @Test
  void aRefusedHarnessPodFailsItsJob() {
    SchedulerFailureTest test = fixture.create("refused", spec -> {});
    String job = created(test);
    fixture.workloads.harnessWaiting(StepFixture.NAMESPACE, job, "CreateContainerConfigError",
        "secret \"s3-credentials\" not found");
    StatusLedger ledger = fixture.ledger(test);

    assertThat(fixture.newRunHarnessJob().advance(ledger)).isEqualTo(Next.CONTINUE);

    HarnessJob failed = ledger.status().harnessJobs.get(0);
    assertThat(failed.state).isEqualTo(JobState.Failed);
    assertThat(failed.message).startsWith("the harness pod cannot start: ").contains("s3-credentials");
    assertThat(fixture.eventReasons(test)).contains("HarnessJobFailed", "PodsCannotStart");
  }

  @Test
  void aSucceededJobsReportBecomesItsCells() {
    SchedulerFailureTest test = fixture.create("passes", spec -> {});
    String job = created(test);
    StatusLedger ledger = finishedPassing(test, job);

    SchedulerFailureTestStatus status = ledger.status();
    assertThat(status.harnessJobs.get(0).state).isEqualTo(JobState.Succeeded);
    assertThat(status.harnessJobs.get(0).exitCode).isZero();
    assertThat(status.cells).filteredOn(c -> job.equals(c.job)).hasSize(status.harnessJobs.get(0).scenarios.size())
        .allSatisfy(c -> assertThat(c.passed).isEqualTo(1));
    assertThat(status.message).startsWith("harness Job " + job + " succeeded (exit 0): 2/2 passed");
    assertThat(fixture.eventReasons(test)).endsWith("HarnessJobSucceeded");
  }

  @Test
  void aJobThatFailedWithoutAReportLeavesItsRepetitionsUnknown() {
    SchedulerFailureTest test = fixture.create("noreport", spec -> {});
    String job = created(test);
    fixture.workloads.finishJobWithMessage(StepFixture.NAMESPACE, job, null, 1);
    StatusLedger ledger = fixture.ledger(test);

    assertThat(fixture.newRunHarnessJob().advance(ledger)).isEqualTo(Next.CONTINUE);

    HarnessJob failed = ledger.status().harnessJobs.get(0);
    assertThat(failed.state).isEqualTo(JobState.Failed);
    assertThat(failed.exitCode).isEqualTo(1);
    assertThat(failed.message).contains("the harness left no termination message");
    assertThat(ledger.status().cells).filteredOn(c -> job.equals(c.job)).isNotEmpty()
        .allSatisfy(c -> assertThat(c.passed).isZero());
    assertThat(fixture.eventReasons(test)).endsWith("HarnessJobFailed");
  }

  @Test
  void aJobDeletedBeforeItFinishedFails() {
    SchedulerFailureTest test = fixture.create("deleted", spec -> {});
    String job = created(test);
    fixture.newRunHarnessJob().advance(fixture.ledger(test)); // Running
    client.batch().v1().jobs().inNamespace(StepFixture.NAMESPACE).withName(job).delete();
    StatusLedger ledger = fixture.ledger(test);

    assertThat(fixture.newRunHarnessJob().advance(ledger)).isEqualTo(Next.CONTINUE);

    assertThat(ledger.status().harnessJobs.get(0).state).isEqualTo(JobState.Failed);
    assertThat(ledger.status().harnessJobs.get(0).message).isEqualTo("the Job was deleted before it finished");
    assertThat(harnessJobs()).isEmpty();
  }

  @Test
  void aSparkContainerRestartedDuringTheJobVoidsItsVerdicts() {
    SchedulerFailureTest test = fixture.create("lost", spec -> {});
    String job = created(test);
    String restartedAt = Instant.now().plusSeconds(1).toString();
    client.pods().inNamespace(StepFixture.NAMESPACE).withName(Names.worker(test) + "-1").editStatus(p -> {
      p.getStatus().setContainerStatuses(List.of(new ContainerStatusBuilder().withName(Names.SPARK_CONTAINER)
          .withRestartCount(1).withNewLastState().withNewTerminated().withReason("OOMKilled").withExitCode(137)
          .withFinishedAt(restartedAt).endTerminated().endLastState().build()));
      return p;
    });
    StatusLedger ledger = finishedPassing(test, job);

    SchedulerFailureTestStatus status = ledger.status();
    assertThat(status.message).startsWith("unplanned loss while harness Job " + job + " ran: pod "
        + Names.worker(test) + "-1 container spark restarted (OOMKilled");
    assertThat(status.cells).filteredOn(c -> job.equals(c.job)).isNotEmpty()
        .allSatisfy(c -> assertThat(c.passed).isZero());
    assertThat(fixture.eventReasons(test)).endsWith("HarnessJobSucceeded", "UnplannedLoss");
  }

  @Test
  void withEveryJobFinishedTheRunEnds() {
    SchedulerFailureTest test = fixture.create("ends", spec -> {});
    fixture.runningHarness(test);
    fixture.editStatus(test, s -> s.harnessJobs.forEach(j -> j.state = JobState.Failed));

    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.step).isEqualTo(Step.CleaningUp);
    assertThat(status.phase.finished()).isTrue();
    assertThat(harnessJobs()).isEmpty();
  }

  @Test
  void theCandidatesFirstJobWaitsForTheClusterToRoll() {
    SchedulerFailureTest test = fixture.create("turn", StepFixture::compare);
    fixture.runningHarness(test);
    fixture.editStatus(test, RollClusterTest::baselineDone);

    assertThat(fixture.newRunHarnessJob().advance(fixture.ledger(test))).isEqualTo(Next.CONTINUE);

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.step).isEqualTo(Step.ApplyingCluster);
    assertThat(status.clusterBuild).isEqualTo(BuildComparison.CANDIDATE);
    assertThat(status.harnessJobs).filteredOn(j -> BuildComparison.CANDIDATE.equals(j.build))
        .extracting(j -> j.state).containsOnly(JobState.Pending);
    assertThat(harnessJobs()).isEmpty();
  }

  /** Brings the run to its first harness Job, created; returns its name. */
  private String created(SchedulerFailureTest test) {
    fixture.newRunHarnessJob().advance(fixture.runningHarness(test));
    return fixture.get(test).getStatus().harnessJobs.get(0).name;
  }

  private List<String> harnessJobs() {
    return fixture.jobs().stream().map(Job::getMetadata)
        .filter(m -> Names.HARNESS.equals(m.getLabels().get(Names.COMPONENT_LABEL))).map(m -> m.getName()).toList();
  }

  /** The requests the API server received since the last call, as "METHOD path". */
  private List<String> requests() throws InterruptedException {
    List<String> seen = new ArrayList<>();
    RecordedRequest request;
    while ((request = server.takeRequest(10, TimeUnit.MILLISECONDS)) != null) {
      seen.add(request.getMethod() + " " + request.getPath());
    }
    return seen;
  }

  /** The Job ends with exit 0 and a report of every planned scenario passed on both sides; the step looks once. */
  private StatusLedger finishedPassing(SchedulerFailureTest test, String job) {
    HarnessJob planned = fixture.get(test).getStatus().harnessJobs.get(0);
    fixture.workloads.finishJob(StepFixture.NAMESPACE, job, Reports.of(fixture.get(test).getStatus().runId,
        planned.scenarios, 1, Verdict.Passed, Verdict.Passed), 0);
    StatusLedger ledger = fixture.ledger(test);
    assertThat(fixture.newRunHarnessJob().advance(ledger)).isEqualTo(Next.CONTINUE);
    return ledger;
  }

  @Test
  void aTurnsJobsRunAtOnceEachOnItsClusterWithItsShareAndALossVoidsOnlyItsClusters() {
    SchedulerFailureTest test = fixture.create("deal", spec -> {
      spec.repeat = 5;
      spec.parallelism = 2;
    });
    StatusLedger running = twoClustersRunning(test);

    assertThat(fixture.newRunHarnessJob().advance(running)).isEqualTo(Next.waitFor(RunHarnessJob.START_POLL));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(harnessJobs()).containsExactlyInAnyOrder("deal-r1-spec", "deal-r1-spec1");
    List<HarnessJob> turn = status.harnessJobs.stream().filter(j -> j.speculation).toList();
    assertThat(turn).extracting(j -> j.state).containsOnly(JobState.Creating);
    StatusLedger ledger = fixture.ledger(test);
    List<Integer> numbers = new ArrayList<>();
    for (HarnessJob job : turn) {
      var run = ledger.driverRun(job);
      assertThat(run.cluster()).isEqualTo(job.cluster);
      assertThat(run.master()).isEqualTo(Names.masterUrl(test, job.cluster));
      assertThat(run.runId()).isEqualTo(status.runId + "-c" + job.cluster);
      assertThat(String.join(" ", client.batch().v1().jobs().inNamespace(StepFixture.NAMESPACE).withName(job.name)
          .get().getSpec().getTemplate().getSpec().getContainers().get(0).getCommand()))
          .contains("--master " + Names.masterUrl(test, job.cluster), "--cluster " + job.cluster);
      numbers.addAll(run.repetitionNumbers());
    }
    assertThat(numbers).as("disjoint and covering").containsExactlyInAnyOrder(1, 2, 3, 4, 5);

    // A worker of cluster 1 restarts while its Job runs; both Jobs end passing.
    client.pods().inNamespace(StepFixture.NAMESPACE).withName("deal-c1-wkr-0").editStatus(p -> {
      p.getStatus().setContainerStatuses(List.of(new ContainerStatusBuilder().withName(Names.SPARK_CONTAINER)
          .withRestartCount(1).withNewLastState().withNewTerminated().withReason("OOMKilled").withExitCode(137)
          .withFinishedAt(Instant.now().plusSeconds(1).toString()).endTerminated().endLastState().build()));
      return p;
    });
    for (HarnessJob job : turn) {
      fixture.workloads.finishJob(StepFixture.NAMESPACE, job.name, Reports.of(status.runId, job.scenarios,
          job.repeat, Verdict.Passed, Verdict.Passed), 0);
    }
    ledger = fixture.ledger(test);
    assertThat(fixture.newRunHarnessJob().advance(ledger)).isEqualTo(Next.CONTINUE);

    status = ledger.status();
    assertThat(status.cells).filteredOn(c -> turn.get(0).scenarios.contains(c.name)).hasSize(2).allSatisfy(c -> {
      assertThat(c.repetitions).as("one record per cell over both clusters").isEqualTo(5);
      assertThat(c.passed).as("cluster 0's share").isEqualTo(2);
      assertThat(c.unknown).as("cluster 1's share, voided").isEqualTo(3);
    });
    assertThat(status.clusters.get(0).passed).isEqualTo(4);
    assertThat(status.clusters.get(1).unknown).isEqualTo(6);
    assertThat(status.clusters.get(1).message).startsWith("unplanned loss while harness Job deal-r1-spec1 ran on "
        + "cluster 1: pod deal-c1-wkr-0");
    assertThat(fixture.eventReasons(test)).containsOnlyOnce("UnplannedLoss");
  }

  @Test
  void aSoakOnTwoClustersDealsItsRoundsInTurnEndsTogetherAndCountsWhatRan() {
    SchedulerFailureTest test = fixture.create("soak", spec -> {
      spec.soak = new dev.sft.api.SchedulerFailureTestSpec.Soak();
      spec.soak.maxRounds = 5;
      spec.soak.maxSeconds = 1200;
      spec.parallelism = 2;
    });
    StatusLedger running = twoClustersRunning(test);
    assertThat(fixture.newRunHarnessJob().advance(running)).isEqualTo(Next.waitFor(RunHarnessJob.START_POLL));

    SchedulerFailureTestStatus status = fixture.get(test).getStatus();
    assertThat(status.total).as("the four cells times the round bound").isEqualTo(4 * 5);
    List<HarnessJob> turn = status.harnessJobs.stream().filter(j -> j.speculation).toList();
    assertThat(turn).extracting(j -> j.repeat).as("rounds 1, 3, 5 and rounds 2, 4").containsExactly(3, 2);
    StatusLedger ledger = fixture.ledger(test);
    String end = ledger.driverRun(turn.get(0)).sharedRoot() + "/" + status.runId + "-c0/soak-end.txt";
    long turns = status.harnessJobs.stream().map(j -> j.speculation).distinct().count();
    for (HarnessJob job : turn) {
      var run = ledger.driverRun(job);
      assertThat(run.firstRepetition()).isEqualTo(job.cluster + 1);
      assertThat(run.soak().stride()).isEqualTo(2);
      assertThat(run.soak().sharedEnd()).as("one end for every Job of the run").isEqualTo(end);
      assertThat(run.soak().maxTime()).as("the time bound shared by a cluster's Jobs")
          .isEqualTo(java.time.Duration.ofSeconds(1200 / turns));
      long perRepetition = 4L * run.timeoutSeconds();
      assertThat(run.deadlineSeconds()).as("the time bound and one round of its two cells, not its rounds' bound")
          .isEqualTo(1200 / turns + 2 * perRepetition + 300 - perRepetition - 120);
      assertThat(String.join(" ", client.batch().v1().jobs().inNamespace(StepFixture.NAMESPACE).withName(job.name)
          .get().getSpec().getTemplate().getSpec().getContainers().get(0).getCommand()))
          .contains("--until-failure --max-repeat 5 --max-time", "--soak-stride 2 --soak-end-file " + end);
    }

    // Cluster 0 runs two rounds and stops at a failure in the second; cluster 1 had run one round and stops.
    fixture.workloads.finishJob(StepFixture.NAMESPACE, turn.get(0).name, Reports.of(status.runId, turn.get(0)
        .scenarios, 2, Verdict.Passed, Verdict.Failed), 1);
    fixture.workloads.finishJob(StepFixture.NAMESPACE, turn.get(1).name, Reports.of(status.runId, turn.get(1)
        .scenarios, 1, Verdict.Passed, Verdict.Passed), 0);
    ledger = fixture.ledger(test);
    fixture.newRunHarnessJob().advance(ledger);

    status = ledger.status();
    assertThat(status.cells).filteredOn(c -> turn.get(0).scenarios.contains(c.name)).isNotEmpty().allSatisfy(c -> {
      assertThat(c.repetitions).as("what ran, not the bound: two rounds and one").isEqualTo(3);
      assertThat(c.unknown).as("nothing counted that did not run").isZero();
    });
    assertThat(status.clusters.get(0).repetitions).as("planned: the most its rounds allow, four cells").isEqualTo(3 * 4);
  }

  @Test
  void aSoakSucceedsOnlyWhenEveryCellRanWhicheverBoundEndedIt() {
    for (int lossRounds : new int[] {0, 1}) {
      SchedulerFailureTest test = fixture.create("soak" + lossRounds, spec -> {
        spec.soak = new dev.sft.api.SchedulerFailureTestSpec.Soak();
        spec.soak.maxRounds = 3;
        spec.soak.maxSeconds = 600;
      });
      StatusLedger ledger = fixture.runningHarness(test);
      RunHarnessJob step = fixture.newRunHarnessJob();
      for (HarnessJob job : ledger.status().harnessJobs) {
        step.advance(ledger);
        // The time bound ended both Jobs with every round passed: two rounds of spec, lossRounds of loss.
        fixture.workloads.finishJob(StepFixture.NAMESPACE, job.name, Reports.of(ledger.status().runId, job.scenarios,
            job.speculation ? 2 : lossRounds, Verdict.Passed, Verdict.Passed), 0);
        step.advance(ledger);
      }
      assertThat(ledger.runSucceeded()).as("loss cells ran %d rounds", lossRounds).isEqualTo(lossRounds > 0);
    }
  }

  /** Brings a run of two clusters to its harness: both clusters up, the status at RunningHarness. */
  private StatusLedger twoClustersRunning(SchedulerFailureTest test) {
    fixture.startAndApply(test);
    fixture.claimBound(test);
    fixture.workloads.storageChecked(fixture.get(test), 0, "uid 185 gid 185 can create and rename files");
    fixture.workloads.clusterOfSeveralUp(fixture.get(test), 0, 2);
    fixture.workloads.clusterOfSeveralUp(fixture.get(test), 1, 2);
    StatusLedger ledger = fixture.ledger(test);
    assertThat(fixture.newAwaitCluster().advance(ledger)).isEqualTo(Next.CONTINUE);
    fixture.statusWriter().write(ledger.test());
    return fixture.ledger(test);
  }
}
