package dev.sft.controller.reconcile;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.api.SchedulerFailureTestSpec;
import dev.sft.controller.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.controller.api.SchedulerFailureTestStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.controller.api.SchedulerFailureTestStatus.JobState;
import dev.sft.controller.api.SchedulerFailureTestStatus.Phase;
import dev.sft.controller.api.SchedulerFailureTestStatus.RunRecord;
import dev.sft.controller.api.SchedulerFailureTestStatus.ScenarioResultStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.dependent.ChildResources;
import dev.sft.controller.dependent.HarnessJobDependent;
import dev.sft.controller.dependent.Names;
import dev.sft.controller.dependent.OwnedResource;
import dev.sft.controller.dependent.SharedClaimDependent;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * Drives one test through its run: validate, provision the cluster, wait until the master sees every worker ALIVE,
 * run the harness Jobs one after the other, copy their verdicts, and clean up by policy.
 *
 * <p>The status is the write-ahead log. Every create or delete is preceded by a status write that names it
 * ({@code step}, {@code harnessJobs[].state = Creating}), so a controller restarted at any point finds in the status
 * what it was doing and resumes; deterministic names make repeating a create harmless. A spec change during a run
 * waits: the run keeps using the spec it started with ({@code runSpec}).
 */
@ApplicationScoped
public class RunOrchestrator {
  /** Earlier runs kept in {@code status.history}. */
  public static final int HISTORY_LIMIT = 10;
  /** How often to ask the master while waiting for workers; pod changes wake the controller sooner. */
  static final Duration CLUSTER_POLL = Duration.ofSeconds(2);
  /** A safety net while a Job runs; its completion normally wakes the controller through the Job informer. */
  static final Duration HARNESS_POLL = Duration.ofSeconds(30);
  /** Transitions performed in one reconciliation before yielding; each performs at most one status write. */
  private static final int MAX_TRANSITIONS = 12;

  private final KubernetesClient client;
  private final ChildResources children;
  private final ClusterObserver clusterObserver;
  private final HarnessObserver harnessObserver;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final HarnessJobDependent harnessJob = new HarnessJobDependent();

  public RunOrchestrator(KubernetesClient client, ChildResources children, ClusterObserver clusterObserver,
      HarnessObserver harnessObserver, StatusWriter statusWriter, EventRecorder events) {
    this.client = client;
    this.children = children;
    this.clusterObserver = clusterObserver;
    this.harnessObserver = harnessObserver;
    this.statusWriter = statusWriter;
    this.events = events;
  }

  /** What to do after a transition: go on in this reconciliation, or stop and look again later (or on an event). */
  private record Next(boolean proceed, Duration after) {
    static final Next CONTINUE = new Next(true, null);
    static final Next IDLE = new Next(false, null);

    static Next waitFor(Duration duration) {
      return new Next(false, duration);
    }
  }

  /**
   * Advances the test as far as it can now.
   *
   * @param cached the resource from the informer cache; not modified
   * @return when to look again if no event arrives before
   */
  public Optional<Duration> advance(SchedulerFailureTest cached) {
    SchedulerFailureTest test = client.getKubernetesSerialization().clone(cached);
    if (test.getStatus() == null) {
      test.setStatus(new SchedulerFailureTestStatus());
    }
    for (int i = 0; i < MAX_TRANSITIONS; i++) {
      Next next = step(test);
      if (!next.proceed()) {
        return Optional.ofNullable(next.after());
      }
    }
    return Optional.of(Duration.ZERO);
  }

  private Next step(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    if (status.step == Step.CleaningUp) {
      return cleanUp(test);
    }
    if (status.phase == Phase.Provisioning || status.phase == Phase.Running) {
      noteQueuedChange(test);
      return switch (status.step) {
        case ApplyingCluster -> applyCluster(test);
        case AwaitingCluster -> awaitCluster(test);
        case RunningHarness -> runHarness(test);
        default -> throw new IllegalStateException("run " + status.runId + " in phase " + status.phase
            + " has step " + status.step);
      };
    }
    // Idle: never run, stalled, or finished. A generation without a run starts one.
    long generation = generation(test);
    if (status.runGeneration != null && status.runGeneration == generation) {
      if (!Objects.equals(status.observedGeneration, generation)) {
        statusWriter.write(test);
      }
      return Next.IDLE;
    }
    List<SpecValidator.Violation> violations = SpecValidator.validate(test);
    if (!violations.isEmpty()) {
      return stall(test, violations);
    }
    return startRun(test);
  }

  private Next stall(SchedulerFailureTest test, List<SpecValidator.Violation> violations) {
    SchedulerFailureTestStatus status = test.getStatus();
    String message = "invalid spec, nothing was created: "
        + violations.stream().map(SpecValidator.Violation::toString).collect(Collectors.joining("; "));
    var stalled = Conditions.find(status, Conditions.STALLED);
    boolean alreadyReported = stalled != null && message.equals(stalled.getMessage())
        && Objects.equals(status.observedGeneration, generation(test));
    if (alreadyReported) {
      return Next.IDLE;
    }
    archiveFinishedRun(status);
    status.phase = Phase.Pending;
    status.message = message;
    Conditions.invalidSpec(status, message, generation(test));
    statusWriter.write(test);
    events.warning(test, EventRecorder.INVALID_SPEC, message);
    return Next.IDLE;
  }

  private Next startRun(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    archiveFinishedRun(status);
    ResolvedSpec spec = ResolvedSpec.of(test.getSpec());
    int runNumber = (status.runNumber == null ? 0 : status.runNumber) + 1;
    status.runNumber = runNumber;
    status.runId = test.getMetadata().getName() + "-r" + runNumber + "-"
        + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
    status.runGeneration = generation(test);
    status.runSpec = client.getKubernetesSerialization().asJson(test.getSpec());
    status.phase = Phase.Provisioning;
    status.step = Step.ApplyingCluster;
    status.startTime = now();
    status.clusterReadyTime = null;
    status.completionTime = null;
    status.cleanup = null;
    status.harnessJobs = new ArrayList<>();
    for (boolean speculation : new boolean[] {true, false}) {
      List<ScenarioName> scenarios = spec.scenariosWithSpeculation(speculation);
      if (!scenarios.isEmpty()) {
        HarnessJob job = new HarnessJob();
        job.name = Names.harnessJob(test, runNumber, speculation);
        job.speculation = speculation;
        job.scenarios = scenarios.stream().map(ScenarioName::id).toList();
        job.state = JobState.Pending;
        status.harnessJobs.add(job);
      }
    }
    status.results = new ArrayList<>();
    status.total = spec.scenarios().size() * spec.repeat();
    status.passed = 0;
    status.summary = "0/" + status.total;
    status.message = "run " + status.runId + " started for generation " + status.runGeneration;
    Conditions.forPhase(status, "Provisioning", status.message, generation(test));
    Conditions.set(status, Conditions.CLUSTER_READY, false, "Provisioning", "creating the Spark cluster",
        generation(test));
    Conditions.set(status, Conditions.HARNESS_COMPLETE, false, "NotStarted", "waiting for the cluster",
        generation(test));
    statusWriter.write(test);
    events.normal(test, EventRecorder.RUN_STARTED, status.message);
    return Next.CONTINUE;
  }

  /** The step was recorded as ApplyingCluster before any of these creates. */
  private Next applyCluster(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    ResolvedSpec spec = runSpec(test);
    for (OwnedResource<?> dependent : ChildResources.CLUSTER) {
      if (dependent.isOwned(spec)) {
        children.apply(test, spec, dependent);
      }
    }
    // Jobs of earlier runs would hold the kill transport's RBAC and clutter the namespace.
    for (Job old : children.harnessJobs(test)) {
      if (!status.runId.equals(old.getMetadata().getLabels().get(Names.RUN_ID_LABEL))) {
        children.delete(test, Job.class, old.getMetadata().getName());
      }
    }
    status.step = Step.AwaitingCluster;
    Conditions.set(status, Conditions.CLUSTER_READY, false, "WaitingForWorkers",
        "waiting for " + spec.workers() + " workers ALIVE in the master", generation(test));
    statusWriter.write(test);
    return Next.CONTINUE;
  }

  private Next awaitCluster(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    ResolvedSpec spec = runSpec(test);
    ClusterObserver.Observation cluster = clusterObserver.observe(test, spec);
    if (cluster.ready()) {
      status.clusterReadyTime = now();
      status.phase = Phase.Running;
      status.step = Step.RunningHarness;
      status.message = "cluster ready: " + cluster.describe();
      Conditions.set(status, Conditions.CLUSTER_READY, true, "WorkersAlive", cluster.describe(), generation(test));
      Conditions.forPhase(status, "Running", "running the harness", generation(test));
      events.normal(test, EventRecorder.CLUSTER_READY, status.message);
      return Next.CONTINUE; // the next Job's write-ahead write records this too
    }
    long waited = Duration.between(Instant.parse(status.startTime), Instant.now()).toSeconds();
    if (waited > spec.readyTimeoutSeconds()) {
      String message = "cluster not ready after " + spec.readyTimeoutSeconds() + " s: " + cluster.describe();
      Conditions.set(status, Conditions.CLUSTER_READY, false, EventRecorder.CLUSTER_NOT_READY, message,
          generation(test));
      events.warning(test, EventRecorder.CLUSTER_NOT_READY, message);
      for (HarnessJob job : status.harnessJobs) {
        if (!job.state.finished()) {
          job.state = JobState.Failed;
          job.message = "not run: " + message;
          addUnknownResults(status, job, spec, job.message);
        }
      }
      return finishRun(test, message);
    }
    boolean changed = Conditions.set(status, Conditions.CLUSTER_READY, false, "WaitingForWorkers",
        cluster.describe(), generation(test));
    if (changed) {
      statusWriter.write(test);
    }
    return Next.waitFor(CLUSTER_POLL);
  }

  private Next runHarness(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    ResolvedSpec spec = runSpec(test);
    HarnessJob job = status.harnessJobs.stream().filter(j -> !j.state.finished()).findFirst().orElse(null);
    if (job == null) {
      return finishRun(test, null);
    }
    HarnessJobDependent.Plan plan = new HarnessJobDependent.Plan(job.name, status.runId, job.speculation,
        job.scenarios.stream().map(ScenarioName::fromId).toList());
    switch (job.state) {
      case Pending -> {
        job.state = JobState.Creating;
        job.startTime = now();
        status.message = "running harness Job " + job.name + " (speculation " + onOff(job.speculation) + ")";
        Conditions.set(status, Conditions.HARNESS_COMPLETE, false, "JobRunning", status.message, generation(test));
        statusWriter.write(test); // write-ahead: a restarted controller knows this Job may exist
        children.createJob(test, harnessJob.desired(test, spec, plan));
        events.normal(test, EventRecorder.HARNESS_JOB_CREATED, status.message);
        return Next.waitFor(HARNESS_POLL);
      }
      case Creating, Running -> {
        HarnessObserver.Observation seen = harnessObserver.observe(test, job.name);
        switch (seen.state()) {
          case ABSENT -> {
            if (job.state == JobState.Creating) {
              // The controller stopped between the write-ahead and the create: create it now, once.
              children.createJob(test, harnessJob.desired(test, spec, plan));
              events.normal(test, EventRecorder.HARNESS_JOB_CREATED, status.message + " (resumed)");
              return Next.waitFor(HARNESS_POLL);
            }
            finishJob(test, job, spec, JobState.Failed, null, null, "the Job was deleted before it finished");
            return Next.CONTINUE;
          }
          case ACTIVE -> {
            if (job.state == JobState.Creating) {
              job.state = JobState.Running;
              statusWriter.write(test);
            }
            return Next.waitFor(HARNESS_POLL);
          }
          default -> {
            finishJob(test, job, spec, seen.state() == HarnessObserver.State.SUCCEEDED ? JobState.Succeeded
                : JobState.Failed, seen.exitCode(), seen.report(), seen.problem());
            return Next.CONTINUE; // the next write (next Job's write-ahead, or the outcome) records this
          }
        }
      }
      default -> throw new IllegalStateException("unexpected job state " + job.state);
    }
  }

  private void finishJob(SchedulerFailureTest test, HarnessJob job, ResolvedSpec spec, JobState state,
      Integer exitCode, Report report, String problem) {
    SchedulerFailureTestStatus status = test.getStatus();
    job.state = state;
    job.exitCode = exitCode;
    job.completionTime = now();
    if (report != null) {
      for (ScenarioResult result : report.scenarios()) {
        status.results.add(copy(result, job.name));
      }
      if (report.failure() != null) {
        problem = problem == null ? report.failure() : problem + "; " + report.failure();
      }
    }
    job.message = problem;
    addUnknownResults(status, job, spec, problem == null ? "missing from the harness report" : problem);
    long passedHere = status.results.stream().filter(r -> job.name.equals(r.job))
        .filter(RunOrchestrator::passed).count();
    String message = "harness Job " + job.name + " " + state.name().toLowerCase() + " (exit "
        + (exitCode == null ? "unknown" : exitCode) + "): " + passedHere + "/"
        + job.scenarios.size() * spec.repeat() + " passed" + (problem == null ? "" : "; " + problem);
    if (state == JobState.Succeeded) {
      events.normal(test, EventRecorder.HARNESS_JOB_SUCCEEDED, message);
    } else {
      events.warning(test, EventRecorder.HARNESS_JOB_FAILED, message);
    }
    status.message = message;
    updateCounts(status);
  }

  /** Records the run's outcome, then cleans up by policy; the outcome is written before anything is deleted. */
  private Next finishRun(SchedulerFailureTest test, String failure) {
    SchedulerFailureTestStatus status = test.getStatus();
    ResolvedSpec spec = runSpec(test);
    updateCounts(status);
    boolean succeeded = failure == null
        && status.harnessJobs.stream().allMatch(j -> j.state == JobState.Succeeded)
        && status.results.size() == status.total
        && status.results.stream().allMatch(RunOrchestrator::passed);
    status.phase = succeeded ? Phase.Succeeded : Phase.Failed;
    status.completionTime = now();
    String outcome = "run " + status.runId + " " + (succeeded ? "succeeded" : "failed") + ": " + status.summary
        + " scenario repetitions passed both verdicts" + (failure == null ? "" : "; " + failure);
    status.message = outcome;
    String reason = succeeded ? EventRecorder.RUN_SUCCEEDED : EventRecorder.RUN_FAILED;
    Conditions.forPhase(status, reason, outcome, generation(test));
    if (status.harnessJobs.stream().allMatch(j -> j.state.finished())) {
      Conditions.set(status, Conditions.HARNESS_COMPLETE, true, "AllJobsFinished", outcome, generation(test));
    }
    CleanupPolicy policy = succeeded ? spec.onSuccess() : spec.onFailure();
    boolean retain = policy == CleanupPolicy.Retain;
    status.cleanup = retain ? "Retained" : "Pending";
    status.step = retain ? Step.Done : Step.CleaningUp;
    statusWriter.write(test);
    if (succeeded) {
      events.normal(test, reason, outcome);
    } else {
      events.warning(test, reason, outcome);
    }
    return Next.CONTINUE;
  }

  /** The step was recorded as CleaningUp before these deletes. */
  private Next cleanUp(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    ResolvedSpec spec = runSpec(test);
    CleanupPolicy policy = status.phase == Phase.Succeeded ? spec.onSuccess() : spec.onFailure();
    for (Job job : children.harnessJobs(test)) {
      children.delete(test, Job.class, job.getMetadata().getName());
    }
    for (OwnedResource<?> dependent : ChildResources.CLUSTER) {
      boolean isClaim = dependent instanceof SharedClaimDependent;
      if (dependent.isOwned(spec) && (!isClaim || policy == CleanupPolicy.DeleteAll)) {
        children.delete(test, dependent.type(), dependent.name(test));
      }
    }
    status.cleanup = "Done";
    status.step = Step.Done;
    statusWriter.write(test);
    events.normal(test, EventRecorder.CLEANED_UP, "deleted by cleanup policy " + policy);
    return Next.CONTINUE;
  }

  /** A spec change during a run is recorded once and waits for the run to end. */
  private void noteQueuedChange(SchedulerFailureTest test) {
    SchedulerFailureTestStatus status = test.getStatus();
    long generation = generation(test);
    if (generation == status.runGeneration || Objects.equals(status.observedGeneration, generation)) {
      return;
    }
    String message = "generation " + generation + " queued until run " + status.runId + " ends";
    Conditions.set(status, Conditions.RECONCILING, true, EventRecorder.RUN_QUEUED, message, generation);
    statusWriter.write(test);
    events.normal(test, EventRecorder.RUN_QUEUED, message);
  }

  private static void archiveFinishedRun(SchedulerFailureTestStatus status) {
    if (status.runId == null || status.phase == null || !status.phase.finished()) {
      return;
    }
    RunRecord record = new RunRecord();
    record.runId = status.runId;
    record.generation = status.runGeneration;
    record.outcome = status.phase;
    record.passed = status.passed;
    record.total = status.total;
    record.startTime = status.startTime;
    record.completionTime = status.completionTime;
    record.message = status.message;
    status.history.add(0, record);
    while (status.history.size() > HISTORY_LIMIT) {
      status.history.remove(status.history.size() - 1);
    }
  }

  /** Scenario repetitions a Job was to run but did not report count as Unknown, never as passed. */
  private static void addUnknownResults(SchedulerFailureTestStatus status, HarnessJob job, ResolvedSpec spec,
      String why) {
    for (String scenario : job.scenarios) {
      for (int repetition = 1; repetition <= spec.repeat(); repetition++) {
        final int rep = repetition;
        boolean reported = status.results.stream().anyMatch(r -> r.name.equals(scenario) && r.repetition == rep);
        if (!reported) {
          ScenarioResultStatus unknown = new ScenarioResultStatus();
          unknown.name = scenario;
          unknown.repetition = repetition;
          unknown.scheduler = Verdict.Unknown;
          unknown.storage = Verdict.Unknown;
          unknown.rows = -1;
          unknown.distinctIds = -1;
          unknown.newSnapshots = -1;
          unknown.acceptedMessages = -1;
          unknown.orphanFiles = -1;
          unknown.knownRejectedOrphans = -1;
          unknown.missingFiles = -1;
          unknown.message = why;
          unknown.job = job.name;
          status.results.add(unknown);
        }
      }
    }
  }

  private static ScenarioResultStatus copy(ScenarioResult result, String jobName) {
    ScenarioResultStatus copy = new ScenarioResultStatus();
    copy.name = result.name();
    copy.repetition = result.repetition();
    copy.scheduler = result.scheduler() == null ? Verdict.Unknown : result.scheduler();
    copy.storage = result.storage() == null ? Verdict.Unknown : result.storage();
    copy.rows = result.rows();
    copy.distinctIds = result.distinctIds();
    copy.newSnapshots = result.newSnapshots();
    copy.acceptedMessages = result.acceptedMessages();
    copy.orphanFiles = result.orphanFiles();
    copy.knownRejectedOrphans = result.knownRejectedOrphans();
    copy.missingFiles = result.missingFiles();
    copy.durationMs = result.durationMs();
    copy.evidence = result.evidence();
    copy.message = result.message();
    copy.job = jobName;
    return copy;
  }

  private static boolean passed(ScenarioResultStatus result) {
    return result.scheduler == Verdict.Passed && result.storage == Verdict.Passed;
  }

  private static void updateCounts(SchedulerFailureTestStatus status) {
    status.passed = (int) status.results.stream().filter(RunOrchestrator::passed).count();
    status.summary = status.passed + "/" + status.total;
  }

  /** The spec the current run started with; later changes wait for the next run. */
  private ResolvedSpec runSpec(SchedulerFailureTest test) {
    return ResolvedSpec.of(client.getKubernetesSerialization()
        .unmarshal(test.getStatus().runSpec, SchedulerFailureTestSpec.class));
  }

  private static long generation(SchedulerFailureTest test) {
    Long generation = test.getMetadata().getGeneration();
    return generation == null ? 0 : generation;
  }

  private static String onOff(boolean value) {
    return value ? "on" : "off";
  }

  private static String now() {
    return Instant.now().toString();
  }
}
