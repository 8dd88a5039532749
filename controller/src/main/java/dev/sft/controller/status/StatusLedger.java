package dev.sft.controller.status;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFinding;
import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.WriteOperation;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.KnownFindingStatus;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.owned.HarnessJobManifest;
import dev.sft.api.Names;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The record keeping of one test's run, as one reconcile sees it: bound to the test's generation and to the
 * resolved spec of its current run (resolved once per reconcile, from {@code status.runSpec}). It copies verdicts,
 * fills in Unknowns, counts and archives; {@code reconcile.RunOrchestrator} decides what happens.
 */
public final class StatusLedger {
  /** Stale entries a failure message names; the rest are counted (status.knownFindings has each). */
  private static final int LISTED_STALE = 3;

  private final SchedulerFailureTest test;
  private final SchedulerFailureTestStatus status;
  private final long generation;
  private ResolvedSpec runSpec;

  /** @param runSpec the current run's spec, or null when the test has no run */
  public StatusLedger(SchedulerFailureTest test, ResolvedSpec runSpec) {
    this.test = test;
    this.status = test.getStatus();
    Long gen = test.getMetadata().getGeneration();
    this.generation = gen == null ? 0 : gen;
    this.runSpec = runSpec;
  }

  public SchedulerFailureTest test() {
    return test;
  }

  public SchedulerFailureTestStatus status() {
    return status;
  }

  public long generation() {
    return generation;
  }

  public ResolvedSpec runSpec() {
    return runSpec;
  }

  /** Starts the bookkeeping of a new run: one harness Job per planned driver run, no results yet. */
  public void startRun(String runId, int runNumber, String runSpecJson, ResolvedSpec spec) {
    archiveFinishedRun();
    runSpec = spec;
    status.runNumber = runNumber;
    status.runId = runId;
    status.runGeneration = generation;
    status.runSpec = runSpecJson;
    status.clusterReadyTime = null;
    status.completionTime = null;
    status.cleanup = null;
    status.harnessJobs = new ArrayList<>();
    status.comparison = null;
    status.clusterBuild = spec.compares() ? BuildComparison.BASELINE : null;
    List<String> builds = spec.compares() ? List.of(BuildComparison.BASELINE, BuildComparison.CANDIDATE)
        : java.util.Collections.singletonList(null);
    for (String build : builds) {
      for (DriverRun run : DriverRun.plan(spec.scenarios(),
          (speculation, group) -> HarnessJobManifest.driverRun(test, spec, runId, speculation, group))) {
        HarnessJob job = new HarnessJob();
        job.name = Names.harnessJob(test, runNumber, run.speculation(), build);
        job.build = build;
        job.speculation = run.speculation();
        job.scenarios = run.scenarios().stream().map(ScenarioName::id).toList();
        job.state = JobState.Pending;
        status.harnessJobs.add(job);
      }
    }
    status.cells = new ArrayList<>();
    status.total = spec.shape().total().getAsInt();
    status.knownFindings = spec.knownFindings().isEmpty() ? null : spec.knownFindings().entries().stream()
        .map(StatusLedger::unmatched).collect(java.util.stream.Collectors.toCollection(ArrayList::new));
    updateCounts();
  }

  private static KnownFindingStatus unmatched(KnownFinding entry) {
    KnownFindingStatus found = new KnownFindingStatus();
    found.rule = entry.rule();
    found.scenario = entry.scenario();
    found.operation = entry.operation();
    found.cause = entry.cause().isEmpty() ? null : entry.cause();
    found.reference = entry.reference();
    return found;
  }

  /** The driver run a harness Job of the current run executes: under its build's run id when it compares two. */
  public DriverRun driverRun(HarnessJob job) {
    String runId = job.build == null ? status.runId : BuildComparison.buildRunId(status.runId, job.build);
    DriverRun run = HarnessJobManifest.driverRun(test, runSpec, runId, job.speculation,
        job.scenarios.stream().map(ScenarioName::fromId).toList());
    // Counted, as Kubernetes counts the Job's activeDeadlineSeconds, from when the Job was created (its write-ahead
    // start time, so a restarted controller renders the same instant): a pod that waits for a node or an image pull
    // spends the harness's time, not the report's margin.
    return job.startTime == null ? run
        : run.withNotAfter(Instant.parse(job.startTime).plusSeconds(run.deadlineSeconds()));
  }

  /** The spec a harness Job runs: its build's images when the run compares two builds. */
  public ResolvedSpec buildSpec(HarnessJob job) {
    return runSpec.forBuild(job.build);
  }

  /** The spec the cluster is to run now: the images of {@code status.clusterBuild}. */
  public ResolvedSpec clusterSpec() {
    return runSpec.forBuild(status.clusterBuild);
  }

  /** For a candidate build's Job: the comparison's run id, so its harness writes the comparison; else null. */
  public String comparisonOf(HarnessJob job) {
    return BuildComparison.CANDIDATE.equals(job.build) ? status.runId : null;
  }

  /** The first harness Job that has not finished, or null. */
  public HarnessJob nextJob() {
    return status.harnessJobs.stream().filter(j -> !j.state.finished()).findFirst().orElse(null);
  }

  /**
   * Records a finished Job: its cells as it reported them, and Unknown for every repetition it did not report.
   *
   * @return a summary: the Job's outcome, how many repetitions passed, and what went wrong
   */
  public String finishJob(HarnessJob job, JobState state, Integer exitCode, Report report, String problem, String now) {
    job.state = state;
    job.exitCode = exitCode;
    job.completionTime = now;
    if (report != null) {
      countKnownFindingMatches(report);
      if (report.failure() != null) {
        problem = problem == null ? report.failure() : problem + "; " + report.failure();
      }
    }
    job.message = problem;
    recordCells(job, report == null ? List.of() : report.stats(),
        problem == null ? "missing from the harness report" : problem);
    updateCounts();
    return "harness Job " + job.name + " " + state.name().toLowerCase() + " (exit "
        + (exitCode == null ? "unknown" : exitCode) + "): " + passedIn(job) + "/" + repetitionsOf(job) + " passed"
        + (problem == null ? "" : "; " + problem);
  }

  /**
   * Makes every repetition of {@code job} Unknown on both sides, with {@code why} leading its message: a Spark pod was
   * lost during the Job without the harness's doing, so no verdict of it can be the scenario's.
   */
  public void voidResults(HarnessJob job, String why) {
    status.cells.replaceAll(cell -> job.name.equals(cell.job) ? CellRecords.voided(cell, why) : cell);
    job.message = job.message == null ? why : why + "; " + job.message;
    updateCounts();
  }

  /** Every Job that has not finished is failed as not run, its repetitions Unknown. */
  public void failUnfinishedJobs(String why) {
    for (HarnessJob job : status.harnessJobs) {
      if (!job.state.finished()) {
        job.state = JobState.Failed;
        job.message = "not run: " + why;
        recordCells(job, List.of(), job.message);
      }
    }
  }

  private int passedIn(HarnessJob job) {
    return status.cells.stream().filter(c -> job.name.equals(c.job)).mapToInt(c -> c.passed).sum();
  }

  /** Every repetition the Job was to run. */
  private int repetitionsOf(HarnessJob job) {
    return driverRun(job).shape().total().getAsInt();
  }

  /**
   * Why the run's Jobs failed, for the status message a user reads first: each failed Job with its exit code and
   * what it left (its termination message when that is no report); null when every Job succeeded.
   */
  public String failedJobs() {
    List<String> failures = status.harnessJobs.stream().filter(j -> j.state == JobState.Failed)
        .map(j -> "harness Job " + j.name + " failed (exit " + (j.exitCode == null ? "unknown" : j.exitCode) + ")"
            + (j.message == null ? "" : ": " + j.message))
        .toList();
    return failures.isEmpty() ? null : String.join("; ", failures);
  }

  /**
   * The Jobs that judged nothing they ran, for a comparison: a Job that judged exits 0 (every repetition passed) or 1
   * (some did not); any other end (a preflight refused, infrastructure failed, the pod died) leaves its cells Unknown,
   * and a comparison of Unknowns says nothing. Null when every Job judged.
   */
  public String unjudgedJobs() {
    List<String> unjudged = status.harnessJobs.stream()
        .filter(j -> j.exitCode == null || (j.exitCode != RunExitCode.PASSED.code()
            && j.exitCode != RunExitCode.SCENARIO_NOT_PASSED.code()))
        .map(j -> "harness Job " + j.name + " judged nothing (exit " + (j.exitCode == null ? "unknown" : j.exitCode)
            + ")" + (j.message == null ? "" : ": " + j.message))
        .toList();
    return unjudged.isEmpty() ? null : String.join("; ", unjudged);
  }

  /**
   * Succeeded only when every Job succeeded and reported every repetition as passed on both sides, or as Known
   * (failing only by acknowledged findings, which the harness exits 0 for), unless {@code spec.strict}.
   */
  public boolean runSucceeded() {
    updateCounts();
    return status.harnessJobs.stream().allMatch(j -> j.state == JobState.Succeeded)
        && status.cells.stream().mapToInt(c -> c.repetitions).sum() == status.total
        && status.cells.stream().allMatch(c -> CellRecords.accepted(c, runSpec.strict()));
  }

  /**
   * Adds a Job's report's matches to each entry, named by its key (a termination message omits the text); a key
   * the spec's entries do not have (not this run's list) counts for none.
   */
  private void countKnownFindingMatches(Report report) {
    if (status.knownFindings == null) {
      return;
    }
    List<String> keys = runSpec.knownFindings().entries().stream().map(KnownFinding::key).toList();
    for (KnownFindingUse use : report.knownFindings()) {
      int entry = keys.indexOf(use.key());
      if (entry >= 0) {
        status.knownFindings.get(entry).matches += use.matches();
        status.knownFindings.get(entry).couldHaveMatched += use.couldHaveMatched();
      }
    }
  }

  /**
   * Marks the entries that matched nothing, once every Job finished.
   *
   * @return what the run's message says of its known findings: Known repetitions and stale entries, or null
   */
  public String closeKnownFindings() {
    if (status.knownFindings == null) {
      return null;
    }
    int stale = 0;
    for (KnownFindingStatus entry : status.knownFindings) {
      entry.stale = entry.matches == 0;
      stale += entry.stale ? 1 : 0;
    }
    String known = status.known + " repetition(s) failed only by known findings";
    // Counted, not listed: status.knownFindings has each entry, so the message stays short however many there are.
    return stale == 0 ? known : known + "; " + stale + " stale known finding(s) matched nothing (status.knownFindings)";
  }

  /**
   * What fails the run by {@code spec.failOnStale}: the entries that matched nothing although they could have in at
   * least that many repetitions of the whole run; null when none does, and always with {@code failOnStale} 0.
   */
  public String staleFailure() {
    int bound = runSpec.failOnStale();
    if (status.knownFindings == null || bound == dev.sft.contract.DriverRun.NEVER_FAIL_ON_STALE) {
      return null;
    }
    List<String> failing = new ArrayList<>();
    for (int i = 0; i < status.knownFindings.size(); i++) {
      KnownFindingStatus entry = status.knownFindings.get(i);
      if (entry.matches == 0 && entry.couldHaveMatched >= bound) {
        failing.add("spec.knownFindings[" + i + "] " + entry.rule + " (could have matched in "
            + entry.couldHaveMatched + ")");
      }
    }
    if (failing.isEmpty()) {
      return null;
    }
    String listed = String.join(", ", failing.subList(0, Math.min(failing.size(), LISTED_STALE)));
    return failing.size() + " stale known finding(s) fail the run (spec.failOnStale " + bound + "): " + listed
        + (failing.size() > LISTED_STALE ? " and " + (failing.size() - LISTED_STALE) + " more" : "");
  }

  public boolean allJobsFinished() {
    return status.harnessJobs.stream().allMatch(j -> j.state.finished());
  }

  /**
   * Moves a finished run into {@code status.history}, newest first, keeping at most {@code spec.history.succeeded}
   * Succeeded and {@code spec.history.failed} Failed records (the test's current spec: the limits are the resource's,
   * not the run's). Only the status is bounded; the evidence on the volume is never deleted.
   */
  public void archiveFinishedRun() {
    if (status.runId == null || status.phase == null || !status.phase.finished()) {
      return;
    }
    RunRecord record = new RunRecord();
    record.runId = status.runId;
    record.generation = status.runGeneration;
    record.outcome = status.phase;
    record.passed = status.passed;
    record.total = status.total;
    record.known = status.known;
    record.startTime = status.startTime;
    record.completionTime = status.completionTime;
    record.message = status.message;
    record.findingTrend = status.findings != null && status.runId.equals(status.findings.runId)
        ? FindingHistory.describe(status.findings) : null;
    status.history.add(0, record);
    boundHistory(HistoryLimits.of(test.getSpec()));
  }

  /** Drops the oldest records of each outcome beyond its limit. */
  public void boundHistory(HistoryLimits limits) {
    int succeeded = 0;
    int failed = 0;
    for (var records = status.history.iterator(); records.hasNext(); ) {
      RunRecord record = records.next();
      boolean keep = switch (record.outcome == null ? SchedulerFailureTestStatus.Phase.Failed : record.outcome) {
        case Succeeded -> ++succeeded <= limits.succeeded();
        default -> ++failed <= limits.failed();
      };
      if (!keep) {
        records.remove();
      }
    }
  }

  /**
   * Records the cells of a Job from its report: one per scenario × operation the Job was to run, a repetition it did
   * not report counted as Unknown, never as passed. A cell recorded before (a Job finished twice) is replaced.
   */
  private void recordCells(HarnessJob job, List<ScenarioStats> reported, String why) {
    status.cells.removeIf(c -> job.name.equals(c.job));
    DriverRun run = driverRun(job);
    for (ScenarioName name : run.scenarios()) {
      for (WriteOperation operation : run.operations()) {
        int repetitions = run.repetitionNumbers().size();
        String cell = name.id() + "/" + operation.id();
        CellStatus recorded = reported.stream().filter(s -> s.cell().equals(cell)).findFirst()
            .map(s -> CellRecords.reported(s, job.name, repetitions, why))
            .orElseGet(() -> CellRecords.unreported(name.id(), operation.id(), job.name, repetitions, why));
        recorded.build = job.build;
        recorded.pin = dev.sft.contract.Pin.of(run.pins(), name).stream().findFirst().map(dev.sft.contract.Pin::id)
            .orElse(null);
        status.cells.add(recorded);
      }
    }
  }

  private void updateCounts() {
    status.passed = status.cells.stream().mapToInt(c -> c.passed).sum();
    status.known = status.cells.stream().mapToInt(c -> c.known).sum();
    status.summary = status.passed + "/" + status.total + (status.known == 0 ? "" : " (" + status.known + " known)");
  }
}
