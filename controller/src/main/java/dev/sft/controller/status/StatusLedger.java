package dev.sft.controller.status;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFinding;
import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunShape;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.Soak;
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
import java.util.Optional;

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
    boolean parallel = spec.parallelism() > 1;
    List<RunShape.Share> shares = spec.shape().dealt(spec.parallelism());
    // A turn is one build's driver run of one speculation setting on every cluster at once: its Jobs are adjacent.
    for (String build : builds) {
      for (DriverRun run : DriverRun.plan(spec.scenarios(),
          (speculation, group) -> HarnessJobManifest.driverRun(test, spec, runId, speculation, group))) {
        for (int cluster = 0; cluster < shares.size(); cluster++) {
          HarnessJob job = new HarnessJob();
          job.name = Names.harnessJob(test, runNumber, run.speculation(), build, cluster);
          job.build = build;
          job.speculation = run.speculation();
          job.scenarios = run.scenarios().stream().map(ScenarioName::id).toList();
          job.state = JobState.Pending;
          if (parallel) {
            job.cluster = cluster;
            job.firstRepetition = shares.get(cluster).first();
            job.repeat = shares.get(cluster).repeat();
          }
          status.harnessJobs.add(job);
        }
      }
    }
    status.clusters = parallel ? ClusterRecords.planned(status.harnessJobs, shares.size(), spec.operations().size())
        : null;
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

  /**
   * The driver run a harness Job of the current run executes: under its build's run id when it compares two; with
   * several clusters, on its cluster's master, under its cluster's run id, its share of the repetitions.
   */
  public DriverRun driverRun(HarnessJob job) {
    String runId = job.build == null ? runIdOf(job) : BuildComparison.buildRunId(runIdOf(job), job.build);
    DriverRun run = HarnessJobManifest.driverRun(test, runSpec, runId, job.speculation,
        job.scenarios.stream().map(ScenarioName::fromId).toList());
    if (job.cluster != null) {
      run = run.toBuilder().cluster(Names.masterUrl(test, job.cluster), run.sharedRoot()).clusterIndex(job.cluster)
          .repeat(run.soak() == null ? job.repeat : 1).firstRepetition(job.firstRepetition).build();
    }
    if (run.soak() != null) {
      run = run.withSoak(soakShare(run.soak(), run.sharedRoot()));
    }
    run = HarnessJobManifest.withDeadline(run);
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

  /**
   * For a candidate build's Job: the comparison's run id (its cluster's share's, with several), so its harness writes
   * the comparison; else null.
   */
  public String comparisonOf(HarnessJob job) {
    return BuildComparison.CANDIDATE.equals(job.build) ? runIdOf(job) : null;
  }

  /**
   * One Job's share of the run's soak: every {@code parallelism}-th round, an equal part of the time bound for each of
   * a cluster's Jobs (one per speculation setting, one after the other), and one end file in the first cluster's
   * folder that a failure on any cluster, in any Job, writes and every later round looks for.
   */
  private Soak soakShare(Soak soak, String sharedRoot) {
    long turns = status.harnessJobs.stream().map(j -> j.speculation).distinct().count();
    String folder = runSpec.parallelism() == 1 ? status.runId : DriverRun.clusterRunId(status.runId, 0);
    return soak.share(runSpec.parallelism(), soak.maxTime() == null ? null : soak.maxTime().dividedBy(turns),
        sharedRoot + "/" + folder + "/" + Soak.SHARED_END_FILE);
  }

  /** The run id a Job's driver runs nest under: the run's, or with several clusters its cluster's share's. */
  private String runIdOf(HarnessJob job) {
    return job.cluster == null ? status.runId : DriverRun.clusterRunId(status.runId, job.cluster);
  }

  /** The first harness Job that has not finished, or null. */
  public HarnessJob nextJob() {
    return status.harnessJobs.stream().filter(j -> !j.state.finished()).findFirst().orElse(null);
  }

  /**
   * The unfinished Jobs of the current turn: those of the next Job's build and speculation setting, one per cluster
   * still running; they run at once. Empty when every Job finished.
   */
  public List<HarnessJob> turn() {
    HarnessJob next = nextJob();
    if (next == null) {
      return List.of();
    }
    return status.harnessJobs.stream().filter(j -> !j.state.finished() && j.speculation == next.speculation
        && java.util.Objects.equals(j.build, next.build)).toList();
  }

  /**
   * Records a finished Job: its cells as it reported them, and Unknown for every repetition it did not report.
   *
   * @return a summary: the Job's outcome, how many repetitions passed, and what went wrong
   */
  public String finishJob(HarnessJob job, JobState state, Integer exitCode, Report report, String problem, String now) {
    return finishJob(job, state, exitCode, report, problem, now, null);
  }

  /**
   * As {@link #finishJob(HarnessJob, JobState, Integer, Report, String, String)}; with {@code lost} (why: a Spark pod
   * of its cluster was lost while it ran, without the harness's doing), every repetition of the Job is Unknown on both
   * sides, {@code lost} leading its message, as no verdict of it can be the scenario's.
   */
  public String finishJob(HarnessJob job, JobState state, Integer exitCode, Report report, String problem, String now,
      String lost) {
    job.state = state;
    job.exitCode = exitCode;
    job.completionTime = now;
    if (report != null) {
      countKnownFindingMatches(report);
      if (report.failure() != null) {
        problem = problem == null ? report.failure() : problem + "; " + report.failure();
      }
    }
    job.message = lost == null ? problem : problem == null ? lost : lost + "; " + problem;
    List<CellStatus> cells = jobCells(job, report, problem == null ? "missing from the harness report" : problem);
    if (lost != null) {
      cells = cells.stream().map(cell -> CellRecords.voided(cell, lost)).toList();
    }
    record(job, cells);
    return "harness Job " + job.name + " " + state.name().toLowerCase() + " (exit "
        + (exitCode == null ? "unknown" : exitCode) + "): " + cells.stream().mapToInt(c -> c.passed).sum() + "/"
        + repetitionsOf(job) + " passed" + (job.message == null ? "" : "; " + job.message);
  }

  /** Every Job that has not finished is failed as not run, its repetitions Unknown. */
  public void failUnfinishedJobs(String why) {
    for (HarnessJob job : status.harnessJobs) {
      if (!job.state.finished()) {
        failNotRun(job, why);
      }
    }
  }

  /**
   * With several clusters: cluster {@code cluster} failed (it did not start, or cannot go on); its Jobs not yet
   * finished are failed as not run, their repetitions Unknown naming the cluster. The other clusters go on.
   */
  public void failCluster(int cluster, String why) {
    String named = "cluster " + cluster + ": " + why;
    ClusterRecords.failed(status.clusters, cluster, named);
    for (HarnessJob job : status.harnessJobs) {
      if (!job.state.finished() && java.util.Objects.equals(job.cluster, cluster)) {
        failNotRun(job, named);
      }
    }
  }

  /** The clusters of the run that have not failed (all of one single cluster's run: [0]). */
  public List<Integer> liveClusters() {
    if (status.clusters == null) {
      return List.of(0);
    }
    return status.clusters.stream().filter(c -> c.state != SchedulerFailureTestStatus.ClusterState.Failed)
        .map(c -> c.index).toList();
  }

  private void failNotRun(HarnessJob job, String why) {
    job.state = JobState.Failed;
    job.message = "not run: " + why;
    record(job, jobCells(job, null, job.message));
  }

  /** Adds a finished Job's cells to the run's (one record per cell and build, over every cluster) and its cluster's. */
  private void record(HarnessJob job, List<CellStatus> cells) {
    for (CellStatus cell : cells) {
      int at = -1;
      for (int i = 0; i < status.cells.size(); i++) {
        CellStatus other = status.cells.get(i);
        if (other.name.equals(cell.name) && other.operation.equals(cell.operation)
            && java.util.Objects.equals(other.build, cell.build) && java.util.Objects.equals(other.pin, cell.pin)) {
          at = i;
        }
      }
      if (at < 0) {
        status.cells.add(cell);
      } else {
        status.cells.set(at, CellRecords.merged(status.cells.get(at), cell));
      }
    }
    if (job.cluster != null) {
      ClusterRecords.add(status.clusters, job.cluster, cells);
    }
    updateCounts();
  }

  /** Every repetition the Job was to run, at most (a soak's Job may stop sooner). */
  private int repetitionsOf(HarnessJob job) {
    return driverRun(job).mostRepetitions().getAsInt();
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
        && complete(status.cells.stream().mapToInt(c -> c.repetitions).sum())
        && status.cells.stream().allMatch(c -> CellRecords.accepted(c, runSpec.strict()));
  }

  /**
   * Whether the run reported all it was to: every repetition; for a soak, which may end at its time bound before its
   * round bound, at least one of every cell (a cell no Job reached was never tested; a soak that stopped at a failure
   * fails by that failure anyway).
   */
  private boolean complete(int reported) {
    return runSpec.soak() == null ? reported == status.total
        : status.cells.size() == runSpec.shape().cells() && status.cells.stream().allMatch(c -> c.repetitions > 0);
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
   * The cells of a Job from its report: one per scenario × operation the Job was to run, a repetition it did not report
   * counted as Unknown, never as passed.
   */
  private List<CellStatus> jobCells(HarnessJob job, Report report, String why) {
    List<CellStatus> cells = new ArrayList<>();
    DriverRun run = driverRun(job);
    List<ScenarioStats> reported = report == null ? List.of() : report.stats();
    for (ScenarioName name : run.scenarios()) {
      for (WriteOperation operation : run.operations()) {
        String cell = name.id() + "/" + operation.id();
        Optional<ScenarioStats> stats = reported.stream().filter(s -> s.cell().equals(cell)).findFirst();
        // A soak's Job runs as many rounds as it runs: what it reported, none once the soak had ended elsewhere, and
        // one Unknown round when it reported nothing (its pod died, or it never ran).
        int repetitions = run.soak() == null ? run.repetitionNumbers().size()
            : stats.map(ScenarioStats::runs).orElse(report == null ? 1 : 0);
        if (repetitions == 0) {
          continue;
        }
        CellStatus recorded = stats.map(s -> CellRecords.reported(s, job.name, repetitions, why))
            .orElseGet(() -> CellRecords.unreported(name.id(), operation.id(), job.name, repetitions, why));
        recorded.build = job.build;
        recorded.pin = dev.sft.contract.Pin.of(run.pins(), name).stream().findFirst().map(dev.sft.contract.Pin::id)
            .orElse(null);
        cells.add(recorded);
      }
    }
    return cells;
  }

  private void updateCounts() {
    status.passed = status.cells.stream().mapToInt(c -> c.passed).sum();
    status.known = status.cells.stream().mapToInt(c -> c.known).sum();
    status.summary = status.passed + "/" + status.total + (status.known == 0 ? "" : " (" + status.known + " known)");
  }
}
