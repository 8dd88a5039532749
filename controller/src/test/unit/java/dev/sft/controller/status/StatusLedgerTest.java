package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.TerminationMessage;
import dev.sft.contract.Verdict;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.support.Reports;
import dev.sft.controller.support.TestResources;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The run's record keeping without a cluster: planning, copied verdicts, Unknowns, counts and history. */
class StatusLedgerTest {
  SchedulerFailureTest test;
  StatusLedger ledger;

  @BeforeEach
  void newRun() {
    test = TestResources.valid("ns1", "t1");
    test.getSpec().repeat = 2;
    test.getMetadata().setGeneration(3L);
    test.setStatus(new SchedulerFailureTestStatus());
    ledger = new StatusLedger(test, null);
    ledger.startRun("t1-r1-abcd", 1, "{}", ResolvedSpec.of(test.getSpec()));
  }

  @Test
  void aRunIsPlannedAsOneJobPerSpeculationSettingSpeculationFirst() {
    var status = test.getStatus();
    assertThat(status.harnessJobs).extracting(j -> j.name).containsExactly("t1-r1-spec", "t1-r1-loss");
    assertThat(status.harnessJobs.get(0).scenarios)
        .containsExactly("speculation-original-wins", "speculation-speculative-wins");
    assertThat(status.harnessJobs).allSatisfy(j -> assertThat(j.state).isEqualTo(JobState.Pending));
    assertThat(status.total).isEqualTo(8);
    assertThat(status.summary).isEqualTo("0/8");
    assertThat(status.runGeneration).isEqualTo(3L);
    assertThat(ledger.nextJob().name).isEqualTo("t1-r1-spec");
  }

  @Test
  void theHarnessDeadlineIsAnInstantCountedFromTheJobsCreationNotFromTheDriversStart() {
    var job = ledger.nextJob();
    assertThat(ledger.driverRun(job).notAfter()).as("before the write-ahead start time").isNull();
    job.startTime = "2026-12-02T08:00:00.123456Z";
    var run = ledger.driverRun(job);
    // The Job's own deadline counts from its creation too: whatever the pod waits for a node or an image comes out
    // of the harness's time, and the report still fits before Kubernetes ends the pod.
    assertThat(run.notAfter()).isEqualTo(Instant.parse("2026-12-02T08:00:00Z").plusSeconds(run.deadlineSeconds()));
    assertThat(run.arguments()).containsSequence("--not-after", run.notAfter().toString());
    assertThat(run.environment()).containsEntry("SFT_NOT_AFTER", run.notAfter().toString());
    assertThat(ledger.driverRun(job)).as("the same instant every time, also after a restart").isEqualTo(run);
  }

  @Test
  void everyOperationCountsAndAnUnreportedCellIsUnknownUnderItsOwnOperation() {
    test.getSpec().operations = List.of("append", "overwrite-partitioned");
    test.setStatus(new SchedulerFailureTestStatus());
    ledger = new StatusLedger(test, null);
    ledger.startRun("t1-r1-abcd", 1, "{}", ResolvedSpec.of(test.getSpec()));
    assertThat(test.getStatus().total).isEqualTo(16);
    HarnessJob spec = ledger.nextJob();
    // The harness reported only the append cells: the overwrite-partitioned ones stay Unknown, each named.
    String summary = ledger.finishJob(spec, JobState.Succeeded, 0, Reports.of("t1-r1-abcd",
        List.of("speculation-original-wins", "speculation-speculative-wins"), 2, Verdict.Passed, Verdict.Passed),
        null, "2026-01-01T00:00:00Z");
    // 2 scenarios x 2 operations x 2 repetitions; the summary once said 4/4 (scenarios x repeat, no operations).
    assertThat(summary).isEqualTo("harness Job t1-r1-spec succeeded (exit 0): 4/8 passed");
    List<CellStatus> cells = test.getStatus().cells;
    assertThat(cells).extracting(c -> c.name + "/" + c.operation + " " + c.passed + "/" + c.repetitions
        + " unknown " + c.unknown).containsExactly(
            "speculation-original-wins/append 2/2 unknown 0",
            "speculation-original-wins/overwrite-partitioned 0/2 unknown 2",
            "speculation-speculative-wins/append 2/2 unknown 0",
            "speculation-speculative-wins/overwrite-partitioned 0/2 unknown 2");
    assertThat(cells).filteredOn(c -> c.unknown > 0).allSatisfy(c -> {
      assertThat(c.verdicts).containsExactly(java.util.Map.entry("Unknown/Unknown", 2));
      assertThat(c.latestFailure.outcome).isEqualTo(Verdict.Unknown);
      assertThat(c.failureRate.text).as("no trial, nothing known").isEqualTo("-");
    });
    assertThat(test.getStatus().summary).isEqualTo("4/16");
  }

  @Test
  void aFailedJobIsNamedWithItsExitCodeAndWhatItLeft() {
    HarnessJob spec = ledger.nextJob();
    assertThat(ledger.failedJobs()).isNull();
    ledger.finishJob(spec, JobState.Failed, 3, null, "termination message is not an sft report: boom",
        "2026-01-01T00:00:00Z");
    assertThat(ledger.failedJobs())
        .isEqualTo("harness Job t1-r1-spec failed (exit 3): termination message is not an sft report: boom");
  }

  @Test
  void repetitionsAJobDidNotReportCountAsUnknownNeverAsPassed() {
    HarnessJob spec = ledger.nextJob();
    String summary = ledger.finishJob(spec, JobState.Succeeded, 0,
        Reports.of("t1-r1-abcd", List.of("speculation-original-wins"), 1, Verdict.Passed, Verdict.Passed), null,
        "2026-01-01T00:00:00Z");
    List<CellStatus> cells = test.getStatus().cells;
    assertThat(cells).extracting(c -> c.name + " " + c.passed + "/" + c.repetitions + " unknown " + c.unknown)
        .containsExactly("speculation-original-wins 1/2 unknown 1", "speculation-speculative-wins 0/2 unknown 2");
    assertThat(cells).allSatisfy(r -> assertThat(r.job).isEqualTo("t1-r1-spec"));
    assertThat(cells).extracting(c -> c.latestFailure.message).containsExactly(
        "1 of 2 repetitions missing from the harness report", "missing from the harness report");
    assertThat(test.getStatus().summary).isEqualTo("1/8");
    assertThat(summary).isEqualTo("harness Job t1-r1-spec succeeded (exit 0): 1/4 passed");
    assertThat(ledger.runSucceeded()).isFalse();
  }

  @Test
  void aRunSucceedsOnlyWhenEveryJobReportedEveryRepetitionPassed() {
    for (HarnessJob job = ledger.nextJob(); job != null; job = ledger.nextJob()) {
      ledger.finishJob(job, JobState.Succeeded, 0,
          Reports.of("t1-r1-abcd", job.scenarios, 2, Verdict.Passed, Verdict.Passed), null, "now");
    }
    assertThat(ledger.allJobsFinished()).isTrue();
    assertThat(ledger.runSucceeded()).isTrue();
    assertThat(test.getStatus().summary).isEqualTo("8/8");
  }

  @Test
  void anUnplannedLossVoidsEveryRepetitionOfItsJobAndOnlyThose() {
    for (HarnessJob job = ledger.nextJob(); job != null; job = ledger.nextJob()) {
      ledger.finishJob(job, JobState.Succeeded, 0,
          Reports.of("t1-r1-abcd", job.scenarios, 2, Verdict.Passed, Verdict.Failed), null, "now",
          job.speculation ? "unplanned loss while harness Job t1-r1-spec ran: pod t1-worker-1 was re-created" : null);
    }
    assertThat(test.getStatus().cells).filteredOn(c -> c.job.equals("t1-r1-spec")).hasSize(2).allSatisfy(c -> {
      assertThat(c.unknown).isEqualTo(2);
      assertThat(c.failed).as("never Failed as if the scenario had done it").isZero();
      assertThat(c.verdicts).containsExactly(java.util.Map.entry("Unknown/Unknown", 2));
      assertThat(c.latestFailure.message).startsWith("unplanned loss while harness Job t1-r1-spec ran");
    });
    assertThat(test.getStatus().cells).filteredOn(c -> c.job.equals("t1-r1-loss"))
        .allSatisfy(c -> assertThat(c.verdicts).containsExactly(java.util.Map.entry("Passed/Failed", 2)));
    assertThat(ledger.runSucceeded()).isFalse();
  }

  @Test
  void aFailedSchedulerVerdictInAReportWithExitZeroIsCopiedAndFailsTheRun() {
    for (HarnessJob job = ledger.nextJob(); job != null; job = ledger.nextJob()) {
      Verdict scheduler = job.speculation ? Verdict.Failed : Verdict.Passed;
      ledger.finishJob(job, JobState.Succeeded, 0,
          Reports.of("t1-r1-abcd", job.scenarios, 2, scheduler, Verdict.Passed), null, "now");
    }
    assertThat(ledger.allJobsFinished()).isTrue();
    assertThat(test.getStatus().cells).filteredOn(c -> c.job.equals("t1-r1-spec")).hasSize(2).allSatisfy(c -> {
      assertThat(c.failed).isEqualTo(2);
      assertThat(c.verdicts).containsExactly(java.util.Map.entry("Failed/Passed", 2));
      assertThat(c.failureRate.estimate).isEqualTo("1.0000");
    });
    assertThat(test.getStatus().summary).isEqualTo("4/8");
    assertThat(ledger.runSucceeded()).isFalse();
  }

  @Test
  void jobsThatNeverRanAreFailedWithEveryRepetitionUnknown() {
    ledger.failUnfinishedJobs("cluster not ready after 300 s");
    assertThat(test.getStatus().harnessJobs).allSatisfy(j -> {
      assertThat(j.state).isEqualTo(JobState.Failed);
      assertThat(j.message).isEqualTo("not run: cluster not ready after 300 s");
    });
    assertThat(test.getStatus().cells).hasSize(4).allSatisfy(c -> {
      assertThat(c.unknown).isEqualTo(2);
      assertThat(c.latestFailure.message).isEqualTo("not run: cluster not ready after 300 s");
    });
  }

  @Test
  void finishedRunsAreArchivedNewestFirstAndBoundedByTheDefaultLimits() {
    for (int run = 2; run <= HistoryLimits.DEFAULTS.failed() + 3; run++) {
      test.getStatus().phase = Phase.Failed;
      ledger.startRun("t1-r" + run + "-abcd", run, "{}", ResolvedSpec.of(test.getSpec()));
    }
    var history = test.getStatus().history;
    assertThat(history).hasSize(HistoryLimits.DEFAULTS.failed()).hasSize(10);
    assertThat(history.get(0).runId).isEqualTo("t1-r" + (HistoryLimits.DEFAULTS.failed() + 2) + "-abcd");
    assertThat(history).allSatisfy(r -> assertThat(r.outcome).isEqualTo(Phase.Failed));
  }

  @Test
  void historyKeepsTheNewestOfEachOutcomeUpToItsOwnLimit() {
    test.getSpec().history = new SchedulerFailureTestSpec.History();
    test.getSpec().history.succeeded = 1;
    test.getSpec().history.failed = 2;
    // Runs 1..7 end Succeeded, Failed, Succeeded, Failed, Failed, Succeeded, Failed; run 8 starts.
    List<Phase> outcomes = List.of(Phase.Succeeded, Phase.Failed, Phase.Succeeded, Phase.Failed, Phase.Failed,
        Phase.Succeeded, Phase.Failed);
    for (int run = 1; run <= outcomes.size(); run++) {
      test.getStatus().phase = outcomes.get(run - 1);
      ledger.startRun("t1-r" + (run + 1) + "-abcd", run + 1, "{}", ResolvedSpec.of(test.getSpec()));
    }
    assertThat(test.getStatus().history).extracting(r -> r.runId + " " + r.outcome)
        .containsExactly("t1-r7-abcd Failed", "t1-r6-abcd Succeeded", "t1-r5-abcd Failed");
  }

  @Test
  void aLimitOfZeroKeepsNoRecordOfThatOutcome() {
    test.getSpec().history = new SchedulerFailureTestSpec.History();
    test.getSpec().history.succeeded = 0;
    test.getStatus().phase = Phase.Succeeded;
    ledger.startRun("t1-r2-abcd", 2, "{}", ResolvedSpec.of(test.getSpec()));
    test.getStatus().phase = Phase.Failed;
    ledger.startRun("t1-r3-abcd", 3, "{}", ResolvedSpec.of(test.getSpec()));
    assertThat(test.getStatus().history).extracting(r -> r.runId).containsExactly("t1-r2-abcd");
  }

  @Test
  void knownRepetitionsCountApartDoNotFailTheRunAndAnEntryThatMatchedNothingIsStale() {
    String issue = "https://github.com/apache/iceberg/issues/1";
    runWithAStaleEntry(issue);

    var status = test.getStatus();
    assertThat(ledger.runSucceeded()).as("the harness exits 0 for Known, and so does the run").isTrue();
    assertThat(ledger.staleFailure()).as("never stale-failed by default").isNull();
    assertThat(status.passed).isEqualTo(4);
    assertThat(status.known).isEqualTo(4);
    assertThat(status.summary).isEqualTo("4/8 (4 known)");
    assertThat(status.cells).filteredOn(c -> c.job.equals("t1-r1-spec")).allSatisfy(c -> {
      assertThat(c.knownFindings).containsExactly(issue);
      assertThat(c.known).isEqualTo(2);
      assertThat(c.failureRate.text).as("a Known repetition is a failure of the cell")
          .isEqualTo(dev.sft.contract.FailureRate.wilson(2, 2).describe());
    });
    assertThat(ledger.closeKnownFindings()).isEqualTo("4 repetition(s) failed only by known findings; 1 stale known"
        + " finding(s) matched nothing (status.knownFindings)");
    assertThat(status.knownFindings).extracting(k -> k.matches + "/" + k.couldHaveMatched + "/" + k.stale)
        .containsExactly("4/4/false", "0/8/true");
    assertThat(status.knownFindings.get(0).cause).containsExactly(dev.sft.contract.Cause.LOSER_INTERRUPTED_ABORT);
  }

  @Test
  void specFailOnStaleFailsTheRunOnAnEntryStaleInAtLeastThatManyRepetitionsOfTheWholeRun() {
    test.getSpec().failOnStale = 8;
    runWithAStaleEntry("https://github.com/apache/iceberg/issues/1");

    assertThat(ledger.staleFailure()).isEqualTo("1 stale known finding(s) fail the run (spec.failOnStale 8):"
        + " spec.knownFindings[1] rows.exact (could have matched in 8)");
    assertThat(ledger.driverRun(test.getStatus().harnessJobs.get(0)).arguments())
        .as("each Job sees only its part of the run: the controller judges the whole")
        .doesNotContain(dev.sft.contract.DriverRun.FAIL_ON_STALE_OPTION);

    test.getSpec().failOnStale = 9;
    runWithAStaleEntry("https://github.com/apache/iceberg/issues/1");
    assertThat(ledger.staleFailure()).as("8 repetitions could have shown it, fewer than 9").isNull();
  }

  /** Two Jobs of 2 repetitions per cell: entry 0 matches the speculation Job's 4, entry 1 (rows.exact) nothing. */
  private void runWithAStaleEntry(String issue) {
    SchedulerFailureTestSpec.KnownFindingSpec loser = knownFinding("loser.no-files-left", issue);
    loser.cause = List.of(dev.sft.contract.Cause.LOSER_INTERRUPTED_ABORT);
    test.getSpec().knownFindings = List.of(loser, knownFinding("rows.exact", "https://example.org/fixed"));
    test.setStatus(new SchedulerFailureTestStatus());
    ledger = new StatusLedger(test, null);
    ledger.startRun("t1-r1-abcd", 1, "{}", ResolvedSpec.of(test.getSpec()));
    assertThat(test.getStatus().knownFindings).extracting(k -> k.rule + "=" + k.matches)
        .containsExactly("loser.no-files-left=0", "rows.exact=0");

    for (HarnessJob job = ledger.nextJob(); job != null; job = ledger.nextJob()) {
      Report passed = Reports.of("t1-r1-abcd", job.scenarios, 2, Verdict.Passed, Verdict.Passed);
      List<ScenarioResult> results = job.speculation
          ? passed.scenarios().stream().map(r -> r.withKnown(Verdict.Passed, Verdict.Known, List.of(issue))).toList()
          : passed.scenarios();
      // Through the termination message, which carries each entry's key, matches and chances, not its text; listed
      // in another order than the spec's, as a key names its entry wherever it stands.
      List<String> keys = ResolvedSpec.of(test.getSpec()).knownFindings().entries().stream()
          .map(dev.sft.contract.KnownFinding::key).toList();
      List<KnownFindingUse> uses = List.of(new KnownFindingUse(keys.get(1), null, 0, 4),
          new KnownFindingUse(keys.get(0), null, job.speculation ? 4 : 0, job.speculation ? 4 : 0));
      Report report = Report.of("t1-r1-abcd", "iceberg", "spark://m:7077", results, null, null, null, List.of(),
          uses);
      try {
        report = TerminationMessage.decode(TerminationMessage.encode(report));
      } catch (java.io.IOException e) {
        throw new AssertionError(e);
      }
      ledger.finishJob(job, JobState.Succeeded, 0, report, null, "now");
    }
  }

  @Test
  void underSpecStrictAKnownRepetitionFailsTheRunAndTheHarnessIsToldSo() {
    test.getSpec().strict = true;
    test.setStatus(new SchedulerFailureTestStatus());
    ledger = new StatusLedger(test, null);
    ledger.startRun("t1-r1-abcd", 1, "{}", ResolvedSpec.of(test.getSpec()));
    assertThat(ledger.driverRun(ledger.nextJob()).arguments()).contains("--strict");
    for (HarnessJob job = ledger.nextJob(); job != null; job = ledger.nextJob()) {
      Report report = Reports.of("t1-r1-abcd", job.scenarios, 2, Verdict.Passed, Verdict.Passed);
      List<ScenarioResult> results = report.scenarios().stream()
          .map(r -> r.withKnown(Verdict.Passed, Verdict.Known, List.of("https://example.org/1"))).toList();
      ledger.finishJob(job, JobState.Succeeded, 1, Report.of("t1-r1-abcd", "iceberg", "m", results, null, null,
          null), null, "now");
    }
    assertThat(ledger.runSucceeded()).isFalse();
  }

  @Test
  void aKnownRepetitionBesideAFailedOneStillFailsTheRun() {
    for (HarnessJob job = ledger.nextJob(); job != null; job = ledger.nextJob()) {
      Report report = Reports.of("t1-r1-abcd", job.scenarios, 2, Verdict.Passed,
          job.speculation ? Verdict.Passed : Verdict.Failed);
      List<ScenarioResult> results = report.scenarios().stream()
          .map(r -> r.name().equals("speculation-original-wins")
              ? r.withKnown(Verdict.Passed, Verdict.Known, List.of("https://example.org/1")) : r)
          .toList();
      ledger.finishJob(job, JobState.Succeeded, 0, Report.of("t1-r1-abcd", "iceberg", "m", results, null, null,
          null), null, "now");
    }
    assertThat(test.getStatus().known).isEqualTo(2);
    assertThat(ledger.runSucceeded()).isFalse();
  }

  private static SchedulerFailureTestSpec.KnownFindingSpec knownFinding(String rule, String reference) {
    SchedulerFailureTestSpec.KnownFindingSpec entry = new SchedulerFailureTestSpec.KnownFindingSpec();
    entry.rule = rule;
    entry.reference = reference;
    return entry;
  }

  @Test
  void eachFamilysControlRunsRepeatTimesPerOperationInItsFamilysJob() {
    test.getSpec().control = true;
    test.getSpec().operations = List.of("append", "merge-dv");
    test.setStatus(new SchedulerFailureTestStatus());
    ledger = new StatusLedger(test, null);
    ledger.startRun("t1-r1-abcd", 1, "{}", ResolvedSpec.of(test.getSpec()));

    var status = test.getStatus();
    assertThat(status.harnessJobs).extracting(j -> j.name).containsExactly("t1-r1-spec", "t1-r1-loss");
    assertThat(status.harnessJobs.get(0).scenarios).as("the speculation family's control, with speculation on")
        .containsExactly("speculation-original-wins", "speculation-speculative-wins", "control-speculation");
    assertThat(status.harnessJobs.get(1).scenarios).containsExactly("executor-loss-task-replacement",
        "executor-loss-shuffle-loss", "control-executor-loss", "control-shuffle-loss");
    // 4 failure scenarios and their 3 families' controls, each 2 repetitions x 2 operations.
    assertThat(status.total).isEqualTo((4 + 3) * 2 * 2);
    DriverRun spec = ledger.driverRun(ledger.nextJob());
    assertThat(spec.unknownResults(null, "x")).filteredOn(r -> r.name().equals("control-speculation"))
        .extracting(r -> r.cell() + " #" + r.repetition()).containsExactly("control-speculation/append #1",
            "control-speculation/append #2", "control-speculation/merge-dv #1", "control-speculation/merge-dv #2");
    // docs/operator.md: D = 300 + 4 x timeout x cells x repeat - 4 x timeout - 120, the control's cells among them.
    int timeout = spec.timeoutSeconds();
    assertThat(spec.deadlineSeconds()).as("the control's cells count in the Job's deadline")
        .isEqualTo(300 + 4 * timeout * (3 * 2) * 2 - 4 * timeout - 120);
  }

  @Test
  void theTotalAndSummaryCountTwoOperationsTheControlsAndBothBuildsOfAComparison() {
    test.getSpec().scenarios = List.of("speculation-original-wins", "executor-loss-task-replacement");
    test.getSpec().control = true;
    test.getSpec().operations = List.of("append", "overwrite-partitioned");
    test.getSpec().compare = new SchedulerFailureTestSpec.Compare();
    test.getSpec().compare.baseline = new SchedulerFailureTestSpec.BaselineBuild();
    test.getSpec().compare.baseline.sparkImage = "spark:baseline";
    test.getSpec().compare.baseline.harnessImage = "sft:baseline";
    test.setStatus(new SchedulerFailureTestStatus());
    ledger = new StatusLedger(test, null);
    ledger.startRun("t1-r1-abcd", 1, "{}", ResolvedSpec.of(test.getSpec()));

    var status = test.getStatus();
    // 2 failure scenarios and their 2 families' controls, 2 operations, 2 repetitions, 2 builds.
    assertThat(status.total).isEqualTo(4 * 2 * 2 * 2);
    assertThat(status.summary).isEqualTo("0/32");
    assertThat(status.harnessJobs).hasSize(4);
    HarnessJob baselineSpec = ledger.nextJob();
    assertThat(baselineSpec.build).isEqualTo("baseline");
    String summary = ledger.finishJob(baselineSpec, JobState.Succeeded, 0, Reports.of(
        "t1-r1-abcd-baseline", baselineSpec.scenarios, 2, Verdict.Passed, Verdict.Passed), null, "now");
    // The speculation Job: its scenario and its family's control, each 2 operations x 2 repetitions, one build; the
    // report covered only the append cells.
    assertThat(summary).isEqualTo("harness Job " + baselineSpec.name + " succeeded (exit 0): 4/8 passed");
    assertThat(status.summary).isEqualTo("4/32");
    assertThat(status.cells).filteredOn(c -> baselineSpec.name.equals(c.job)).extracting(c -> c.repetitions)
        .containsOnly(2).hasSize(4);
  }
}
