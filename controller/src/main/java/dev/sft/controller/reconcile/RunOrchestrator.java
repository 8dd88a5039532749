package dev.sft.controller.reconcile;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.api.SchedulerFailureTestSpec;
import dev.sft.controller.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.controller.api.SchedulerFailureTestStatus;
import dev.sft.controller.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.controller.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.controller.api.SchedulerFailureTestStatus.JobState;
import dev.sft.controller.api.SchedulerFailureTestStatus.Phase;
import dev.sft.controller.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.dependent.ChildResources;
import dev.sft.controller.dependent.HarnessJobDependent;
import dev.sft.controller.dependent.Names;
import dev.sft.controller.dependent.OwnedResource;
import dev.sft.controller.dependent.PodSecurity;
import dev.sft.controller.dependent.StorageCheckJobDependent;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.schedule.ScheduleSettings;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Drives one test through its run: validate, provision the cluster and check its shared volume, wait until the
 * volume is writable and the master sees every worker ALIVE ({@link ClusterReadiness}), run the harness Jobs one
 * after the other, and clean up by policy. {@link StatusLedger} keeps the record.
 *
 * <p>The status is the write-ahead log. Every create or delete is preceded by a status write that names it
 * ({@code step}, {@code harnessJobs[].state = Creating}), so a controller restarted at any point finds in the status
 * what it was doing and resumes; deterministic names make repeating a create harmless. A spec change during a run
 * waits: the run keeps using the spec it started with ({@code runSpec}).
 *
 * <p>With {@code spec.schedule}, {@link ScheduleDecision} says what a firing does; a firing is recorded
 * ({@code lastScheduleTime}, and {@code nextScheduleTime} moved on) in the same status write that starts its run, so a
 * restarted controller never starts it twice. A change of the scheduling fields alone starts no run
 * ({@link SpecChange}).
 */
@ApplicationScoped
public class RunOrchestrator {
  /** How often to ask the master while waiting for workers; pod changes wake the controller sooner. */
  static final Duration CLUSTER_POLL = Duration.ofSeconds(2);
  /**
   * A safety net while a Job's pod runs; its completion normally wakes the controller through the Job informer. Until
   * the pod runs, the controller looks every {@link #CLUSTER_POLL}.
   */
  static final Duration HARNESS_POLL = Duration.ofSeconds(30);
  /** Transitions performed in one reconciliation before yielding; each performs at most one status write. */
  private static final int MAX_TRANSITIONS = 12;

  private final KubernetesClient client;
  private final ChildResources children;
  private final ClusterReadiness readiness;
  private final HarnessObserver harnessObserver;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final PodSecurity security;
  private final Clock clock;
  /** The longest an idle scheduled test sleeps before looking at the clock again, so clock changes are seen. */
  private final Duration scheduleRecheck;

  public RunOrchestrator(KubernetesClient client, ChildResources children, ClusterReadiness readiness,
      HarnessObserver harnessObserver, StatusWriter statusWriter, EventRecorder events, PodSecurity security,
      Clock clock, @ConfigProperty(name = "sft.schedule.recheck", defaultValue = "PT1H") Duration scheduleRecheck) {
    this.client = client;
    this.children = children;
    this.readiness = readiness;
    this.harnessObserver = harnessObserver;
    this.statusWriter = statusWriter;
    this.events = events;
    this.security = security;
    this.clock = clock;
    this.scheduleRecheck = scheduleRecheck;
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
    StatusLedger ledger = new StatusLedger(test, test.getStatus().runSpec == null ? null : resolve(test));
    if (Conditions.clearReconcileError(ledger.status(), ledger.generation())) {
      statusWriter.write(test);
    }
    for (int i = 0; i < MAX_TRANSITIONS; i++) {
      Next next = step(ledger);
      if (!next.proceed()) {
        return earliest(Optional.ofNullable(next.after()), untilNextFiring(ledger));
      }
    }
    return Optional.of(Duration.ZERO);
  }

  /**
   * How long until the schedule's next firing, at most {@link #scheduleRecheck}: empty without a schedule or while
   * suspended (a spec change wakes the controller).
   */
  private Optional<Duration> untilNextFiring(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    Optional<ScheduleSettings> schedule = schedule(ledger);
    if (status.nextScheduleTime == null || schedule.isEmpty() || schedule.get().suspend()) {
      return Optional.empty();
    }
    Duration until = Duration.between(clock.instant(), Instant.parse(status.nextScheduleTime));
    // Never sooner than a second: a firing is due at its instant, and a clock a little behind must not spin.
    until = until.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : until;
    return Optional.of(until.compareTo(scheduleRecheck) > 0 ? scheduleRecheck : until);
  }

  private static Optional<Duration> earliest(Optional<Duration> a, Optional<Duration> b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() || a.get().compareTo(b.get()) <= 0 ? a : b;
  }

  private Next step(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    if (status.step == Step.CleaningUp) {
      return cleanUp(ledger);
    }
    if (status.phase == Phase.Provisioning || status.phase == Phase.Running) {
      noteQueuedChange(ledger);
      Next replaced = scheduleDuringRun(ledger);
      if (replaced != null) {
        return replaced;
      }
      return switch (status.step) {
        case ApplyingCluster -> applyCluster(ledger);
        case AwaitingCluster -> awaitCluster(ledger);
        case RunningHarness -> runHarness(ledger);
        default -> throw new IllegalStateException("run " + status.runId + " in phase " + status.phase
            + " has step " + status.step);
      };
    }
    // Idle: never run, stalled, or finished. A generation without a run starts one, unless only its schedule
    // changed; a due firing of the schedule starts one too.
    if (status.runGeneration != null && status.runGeneration == ledger.generation()) {
      if (!Objects.equals(status.observedGeneration, ledger.generation())) {
        statusWriter.write(ledger.test());
      }
      return scheduleWhileIdle(ledger);
    }
    List<SpecValidator.Violation> violations = SpecValidator.validate(ledger.test());
    if (!violations.isEmpty()) {
      return stall(ledger, violations);
    }
    if (status.phase != null && status.phase.finished() && status.runSpec != null
        && SpecChange.onlyScheduling(client.getKubernetesSerialization(), status.runSpec, ledger.test().getSpec())) {
      adoptGeneration(ledger);
      statusWriter.write(ledger.test());
      return Next.CONTINUE;
    }
    return startRun(ledger, decideSchedule(ledger, false));
  }

  /**
   * The current generation differs from the run's only in when to run (schedule, suspend, history, ...): the run
   * stands for it, as it would have run the same. Argo CD and {@code kubectl wait} read {@code runGeneration}.
   */
  private static void adoptGeneration(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    status.runGeneration = ledger.generation();
    status.conditions.forEach(c -> c.setObservedGeneration(ledger.generation()));
  }

  /** A firing while no run is in progress: start a run, or record one missed past its deadline. */
  private Next scheduleWhileIdle(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    ScheduleDecision decision = decideSchedule(ledger, false);
    if (decision instanceof ScheduleDecision.Start) {
      return startRun(ledger, decision);
    }
    if (decision instanceof ScheduleDecision.Missed missed) {
      status.nextScheduleTime = missed.next().toString();
      statusWriter.write(ledger.test());
      events.warning(ledger.test(), Reason.ScheduleMissed, missedMessage(ledger, missed));
      return Next.IDLE;
    }
    String next = nextScheduleTime(decision);
    if (!Objects.equals(next, status.nextScheduleTime)) {
      status.nextScheduleTime = next;
      statusWriter.write(ledger.test());
    }
    return Next.IDLE;
  }

  /**
   * A firing while a run is in progress: skipped ({@code Forbid}), or the run ends as replaced ({@code Replace}) and
   * the firing, still due, starts the next run once it has been cleaned up.
   *
   * @return how to go on when the run was ended, else null (the run goes on)
   */
  private Next scheduleDuringRun(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    ScheduleDecision decision = decideSchedule(ledger, true);
    if (decision instanceof ScheduleDecision.Replace replace) {
      String why = "replaced by the schedule's firing at " + replace.firing() + " (concurrencyPolicy Replace)";
      events.normal(test, Reason.RunReplaced, "run " + status.runId + " " + why);
      ledger.failUnfinishedJobs(why);
      return finishRun(ledger, why);
    }
    if (decision instanceof ScheduleDecision.Skip skip) {
      status.nextScheduleTime = skip.next().toString();
      statusWriter.write(test);
      events.normal(test, Reason.ScheduleSkipped, "the schedule's firing at " + skip.firing() + " was skipped: run "
          + status.runId + " is in progress (concurrencyPolicy Forbid); next firing " + skip.next());
      return null;
    }
    if (decision instanceof ScheduleDecision.Missed missed) {
      status.nextScheduleTime = missed.next().toString();
      statusWriter.write(test);
      events.warning(test, Reason.ScheduleMissed, missedMessage(ledger, missed));
      return null;
    }
    String next = nextScheduleTime(decision);
    if (!Objects.equals(next, status.nextScheduleTime)) {
      status.nextScheduleTime = next;
      statusWriter.write(test);
    }
    return null;
  }

  private static String missedMessage(StatusLedger ledger, ScheduleDecision.Missed missed) {
    return "the schedule's firing at " + missed.firing() + " was missed: more than startingDeadlineSeconds ("
        + ledger.test().getSpec().startingDeadlineSeconds + ") ago; next firing " + missed.next();
  }

  /** What {@code status.nextScheduleTime} should say when nothing starts now. */
  private static String nextScheduleTime(ScheduleDecision decision) {
    if (decision instanceof ScheduleDecision.Wait wait) {
      return wait.next().toString();
    }
    if (decision instanceof ScheduleDecision.Replace replace) {
      return replace.firing().toString(); // still due: it starts the next run
    }
    return null; // unscheduled (the others are handled where they occur)
  }

  private ScheduleDecision decideSchedule(StatusLedger ledger, boolean runInProgress) {
    String watermark = ledger.status().nextScheduleTime;
    return ScheduleDecision.decide(schedule(ledger), watermark == null ? null : Instant.parse(watermark),
        runInProgress, clock.instant());
  }

  /**
   * The test's current schedule (its live spec, not the run's: a schedule change applies at once). A schedule the
   * validator refuses (queued during a run) fires nothing; the test stalls on it when the run ends.
   */
  private static Optional<ScheduleSettings> schedule(StatusLedger ledger) {
    try {
      return ScheduleSettings.of(ledger.test().getSpec());
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private Next stall(StatusLedger ledger, List<SpecValidator.Violation> violations) {
    SchedulerFailureTestStatus status = ledger.status();
    String message = "invalid spec, nothing was created: "
        + violations.stream().map(SpecValidator.Violation::toString).collect(Collectors.joining("; "));
    var stalled = Conditions.find(status, Conditions.STALLED);
    boolean alreadyReported = stalled != null && message.equals(stalled.getMessage())
        && Objects.equals(status.observedGeneration, ledger.generation());
    if (alreadyReported) {
      return Next.IDLE;
    }
    ledger.archiveFinishedRun();
    status.phase = Phase.Pending;
    status.message = message;
    Conditions.stalled(status, Reason.InvalidSpec, message, ledger.generation());
    statusWriter.write(ledger.test());
    events.warning(ledger.test(), Reason.InvalidSpec, message);
    return Next.IDLE;
  }

  /**
   * Starts a run for a new generation or a firing of the schedule ({@code firing} a {@link ScheduleDecision.Start});
   * the firing is recorded in the same write, and the schedule counts from now.
   */
  private Next startRun(StatusLedger ledger, ScheduleDecision firing) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    boolean newGeneration = !Objects.equals(status.runGeneration, ledger.generation());
    int runNumber = (status.runNumber == null ? 0 : status.runNumber) + 1;
    // The suffix keeps a re-created test of the same name from reusing an evidence folder. It is derived, not random:
    // a reconcile that starts the same run again from a stale cache must name it the same.
    String runId = test.getMetadata().getName() + "-r" + runNumber + "-"
        + String.format("%04x", (test.getMetadata().getUid() + "/" + runNumber).hashCode() & 0xffff);
    ledger.startRun(runId, runNumber, client.getKubernetesSerialization().asJson(test.getSpec()),
        ResolvedSpec.of(test.getSpec()));
    status.phase = Phase.Provisioning;
    status.step = Step.ApplyingCluster;
    status.startTime = now();
    status.message = "run " + status.runId + " started for generation " + status.runGeneration;
    if (firing instanceof ScheduleDecision.Start start) {
      status.lastScheduleTime = start.firing().toString();
      status.message = "run " + status.runId + " started for " + (newGeneration ? "generation "
          + status.runGeneration + " and " : "") + "the schedule's firing at " + start.firing();
    }
    // A spec change starts a run at once; the schedule's firings count from it.
    status.nextScheduleTime = schedule(ledger).map(s -> s.cron().next(clock.instant(), s.zone()).toString())
        .orElse(null);
    Conditions.runStarted(status, status.message, ledger.generation());
    statusWriter.write(test);
    events.normal(test, Reason.RunStarted, status.message);
    return Next.CONTINUE;
  }

  /** The step was recorded as ApplyingCluster before any of these creates. */
  private Next applyCluster(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    ResolvedSpec spec = ledger.runSpec();
    for (OwnedResource<?> dependent : children.cluster()) {
      if (dependent.isOwned(spec)) {
        children.apply(test, spec, dependent);
      }
    }
    // Jobs of earlier runs would hold the kill transport's RBAC and clutter the namespace.
    children.deleteJobsOfOtherRuns(test, status.runId);
    // The harness starts only once the pods' user has created and renamed a file on the shared volume.
    children.createJob(test, StorageCheckJobDependent.desired(test, spec, security,
        Names.storageCheckJob(test, status.runNumber), status.runId));
    status.step = Step.AwaitingCluster;
    Conditions.set(status, Conditions.CLUSTER_READY, false, Reason.WaitingForWorkers,
        "waiting for " + spec.workers() + " workers ALIVE in the master", ledger.generation());
    statusWriter.write(test);
    return Next.CONTINUE;
  }

  private Next awaitCluster(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    long waited = Duration.between(Instant.parse(status.startTime), clock.instant()).toSeconds();
    ClusterReadiness.Verdict verdict = readiness.assess(test, ledger.runSpec(),
        Names.storageCheckJob(test, status.runNumber), waited);
    boolean ready = verdict.outcome() == ClusterReadiness.Outcome.READY;
    boolean changed = Conditions.set(status, Conditions.CLUSTER_READY, ready, verdict.reason(), verdict.message(),
        ledger.generation());
    switch (verdict.outcome()) {
      case READY -> {
        status.clusterReadyTime = now();
        status.phase = Phase.Running;
        status.step = Step.RunningHarness;
        status.message = "cluster ready: " + verdict.message();
        Conditions.forPhase(status, Reason.Running, "running the harness", ledger.generation());
        events.normal(test, Reason.ClusterReady, status.message);
        return Next.CONTINUE; // the next Job's write-ahead write records this too
      }
      case FAIL -> {
        events.warning(test, verdict.reason(), verdict.message());
        ledger.failUnfinishedJobs(verdict.message());
        return finishRun(ledger, verdict.message());
      }
      default -> {
        if (changed) {
          statusWriter.write(test);
        }
        return Next.waitFor(CLUSTER_POLL);
      }
    }
  }

  private Next runHarness(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    HarnessJob job = ledger.nextJob();
    if (job == null) {
      return finishRun(ledger, null);
    }
    switch (job.state) {
      case Pending -> {
        job.state = JobState.Creating;
        job.startTime = now();
        DriverRun run = ledger.driverRun(job);
        status.message = running(job);
        Conditions.set(status, Conditions.HARNESS_COMPLETE, false, Reason.JobRunning, status.message,
            ledger.generation());
        statusWriter.write(test); // write-ahead: a restarted controller knows this Job may exist
        children.createJob(test, HarnessJobDependent.desired(test, ledger.runSpec(), security, job.name, run));
        events.normal(test, Reason.HarnessJobCreated, status.message);
        return Next.waitFor(CLUSTER_POLL); // until its pod runs: a refused or stuck pod changes nothing in the Job
      }
      case Creating, Running -> {
        HarnessObserver.Observation seen = harnessObserver.observe(test, job.name);
        switch (seen.state()) {
          case ABSENT -> {
            if (job.state == JobState.Creating) {
              // The controller stopped between the write-ahead and the create: create it now, once.
              children.createJob(test, HarnessJobDependent.desired(test, ledger.runSpec(), security, job.name,
                  ledger.driverRun(job)));
              events.normal(test, Reason.HarnessJobCreated, status.message + " (resumed)");
              return Next.waitFor(CLUSTER_POLL);
            }
            finishJob(ledger, job, JobState.Failed, null, null, "the Job was deleted before it finished");
            return Next.CONTINUE;
          }
          case ACTIVE -> {
            return harnessActive(ledger, job, seen);
          }
          default -> {
            finishJob(ledger, job, seen.state() == HarnessObserver.State.SUCCEEDED ? JobState.Succeeded
                : JobState.Failed, seen.exitCode(), seen.report(), seen.problem());
            List<String> losses = SparkPodLosses.since(sparkPods(test), Instant.parse(job.startTime));
            if (!losses.isEmpty()) {
              String why = "unplanned loss while harness Job " + job.name + " ran: " + String.join("; ", losses);
              ledger.voidResults(job, why);
              status.message = why;
              events.warning(test, Reason.UnplannedLoss, why);
            }
            return Next.CONTINUE; // the next write (next Job's write-ahead, or the outcome) records this
          }
        }
      }
      default -> throw new IllegalStateException("unexpected job state " + job.state);
    }
  }

  /** The test's master and worker pods as they are now. */
  private List<Pod> sparkPods(SchedulerFailureTest test) {
    return client.pods().inNamespace(test.getMetadata().getNamespace())
        .withLabel(Names.TEST_LABEL, test.getMetadata().getName()).list().getItems().stream()
        .filter(pod -> pod.getMetadata().getLabels() != null && List.of(Names.MASTER, Names.WORKER)
            .contains(pod.getMetadata().getLabels().get(Names.COMPONENT_LABEL)))
        .toList();
  }

  /**
   * A harness Job that has not finished: a pod that cannot start fails the Job at once (the run goes on to the next
   * Job, which reports the same if the cause is shared); one that does not start yet is quoted in
   * {@code HarnessComplete} and looked at again within seconds, since no Job change may wake the controller.
   */
  private Next harnessActive(StatusLedger ledger, HarnessJob job, HarnessObserver.Observation seen) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    StartProblems.Problem start = seen.start();
    if (start != null && !start.heals()) {
      finishJob(ledger, job, JobState.Failed, null, null, "the harness pod cannot start: " + start.message());
      events.warning(test, Reason.PodsCannotStart, start.message());
      return Next.CONTINUE;
    }
    boolean changed = job.state == JobState.Creating;
    job.state = JobState.Running;
    String message = start == null ? running(job) : "harness Job " + job.name + " not started: " + start.message();
    changed |= Conditions.set(status, Conditions.HARNESS_COMPLETE, false,
        start == null ? Reason.JobRunning : Reason.PodsNotStarting, message, ledger.generation());
    status.message = message;
    if (changed) {
      statusWriter.write(test);
    }
    return Next.waitFor(seen.running() ? HARNESS_POLL : CLUSTER_POLL);
  }

  private static String running(HarnessJob job) {
    return "running harness Job " + job.name + " (speculation " + (job.speculation ? "on" : "off") + ")";
  }

  private void finishJob(StatusLedger ledger, HarnessJob job, JobState state, Integer exitCode,
      Report report, String observedProblem) {
    String message = ledger.finishJob(job, state, exitCode, report, observedProblem, now());
    if (state == JobState.Succeeded) {
      events.normal(ledger.test(), Reason.HarnessJobSucceeded, message);
    } else {
      events.warning(ledger.test(), Reason.HarnessJobFailed, message);
    }
    ledger.status().message = message;
  }

  /** Records the run's outcome, then cleans up by policy; the outcome is written before anything is deleted. */
  private Next finishRun(StatusLedger ledger, String failure) {
    SchedulerFailureTestStatus status = ledger.status();
    boolean succeeded = ledger.runSucceeded() && failure == null;
    if (!succeeded && failure == null) {
      failure = ledger.failedJobs();
    }
    status.phase = succeeded ? Phase.Succeeded : Phase.Failed;
    status.lastResult = status.phase;
    status.completionTime = now();
    String known = ledger.closeKnownFindings();
    String outcome = "run " + status.runId + " " + (succeeded ? "succeeded" : "failed") + ": " + status.passed + "/"
        + status.total + " scenario repetitions passed both verdicts" + (known == null ? "" : "; " + known)
        + (failure == null ? "" : "; " + failure);
    status.message = outcome;
    Reason reason = succeeded ? Reason.RunSucceeded : Reason.RunFailed;
    Conditions.forPhase(status, reason, outcome, ledger.generation());
    if (ledger.allJobsFinished()) {
      Conditions.set(status, Conditions.HARNESS_COMPLETE, true, Reason.AllJobsFinished, outcome,
          ledger.generation());
    }
    boolean retain = policy(ledger) == CleanupPolicy.Retain;
    status.cleanup = retain ? Cleanup.Retained : Cleanup.Pending;
    // Even a retained cluster loses what protects it only during a run (its disruption budget).
    status.step = Step.CleaningUp;
    statusWriter.write(ledger.test());
    if (succeeded) {
      events.normal(ledger.test(), reason, outcome);
    } else {
      events.warning(ledger.test(), reason, outcome);
    }
    return Next.CONTINUE;
  }

  /**
   * The step was recorded as CleaningUp before these deletes. {@code Retain} keeps the Jobs and the cluster and deletes
   * only what protects the pods during a run.
   */
  private Next cleanUp(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    CleanupPolicy policy = policy(ledger);
    boolean retain = policy == CleanupPolicy.Retain;
    if (!retain) {
      for (Job job : children.jobs(test)) {
        children.delete(test, Job.class, job.getMetadata().getName());
      }
    }
    for (OwnedResource<?> dependent : children.cluster()) {
      if (dependent.isOwned(ledger.runSpec()) && !dependent.survives(policy)) {
        children.delete(test, dependent.type(), dependent.name(test));
      }
    }
    ledger.status().cleanup = retain ? Cleanup.Retained : Cleanup.Done;
    ledger.status().step = Step.Done;
    statusWriter.write(test);
    if (!retain) {
      events.normal(test, Reason.CleanedUp, "deleted by cleanup policy " + policy);
    }
    return Next.CONTINUE;
  }

  /** A spec change during a run is recorded once and waits for the run to end. */
  private void noteQueuedChange(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    long generation = ledger.generation();
    if (generation == status.runGeneration || Objects.equals(status.observedGeneration, generation)) {
      return;
    }
    if (SpecValidator.validate(ledger.test()).isEmpty()
        && SpecChange.onlyScheduling(client.getKubernetesSerialization(), status.runSpec, ledger.test().getSpec())) {
      adoptGeneration(ledger); // nothing to queue: the schedule applies at once, the run goes on
      statusWriter.write(ledger.test());
      return;
    }
    String message = "generation " + generation + " queued until run " + status.runId + " ends";
    Conditions.set(status, Conditions.RECONCILING, true, Reason.RunQueued, message, generation);
    statusWriter.write(ledger.test());
    events.normal(ledger.test(), Reason.RunQueued, message);
  }

  private static CleanupPolicy policy(StatusLedger ledger) {
    return ledger.status().phase == Phase.Succeeded ? ledger.runSpec().onSuccess() : ledger.runSpec().onFailure();
  }

  /** The spec the current run started with; later changes wait for the next run. */
  private ResolvedSpec resolve(SchedulerFailureTest test) {
    return ResolvedSpec.of(client.getKubernetesSerialization()
        .unmarshal(test.getStatus().runSpec, SchedulerFailureTestSpec.class));
  }

  private String now() {
    return clock.instant().toString();
  }
}
