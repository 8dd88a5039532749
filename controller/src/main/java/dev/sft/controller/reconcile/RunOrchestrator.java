package dev.sft.controller.reconcile;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.dependent.ChildResources;
import dev.sft.api.Names;
import dev.sft.controller.dependent.OwnedResource;
import dev.sft.controller.dependent.PodSecurity;
import dev.sft.controller.dependent.StorageCheckJobDependent;
import dev.sft.controller.observe.ClusterReadiness;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import dev.sft.controller.validate.SpecChange;
import dev.sft.controller.validate.SpecValidator;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Drives one test through its run: validate, provision the cluster and check its shared volume, wait until the
 * volume is writable and the master sees every worker ALIVE ({@link ClusterReadiness}), run the harness Jobs one
 * after the other ({@link HarnessJobSteps}; with {@code spec.compare} the baseline's, a roll of the cluster, then the
 * candidate's), and end the run ({@link RunEnding}: its outcome, then cleanup by policy). {@link StatusLedger} keeps
 * the record.
 *
 * <p>The status is the write-ahead log. Every create or delete is preceded by a status write that names it
 * ({@code step}, {@code harnessJobs[].state = Creating}), so a controller restarted at any point finds in the status
 * what it was doing and resumes; deterministic names make repeating a create harmless. A spec change during a run
 * waits: the run keeps using the spec it started with ({@code runSpec}).
 *
 * <p>With {@code spec.schedule}, {@link ScheduleKeeper} says what a firing does; a firing is recorded
 * ({@code lastScheduleTime}, and {@code nextScheduleTime} moved on) in the same status write that starts its run, so a
 * restarted controller never starts it twice. A change of the scheduling fields alone starts no run
 * ({@link SpecChange}).
 */
@ApplicationScoped
public class RunOrchestrator {
  /** How often to ask the master while waiting for workers; pod changes wake the controller sooner. */
  static final Duration CLUSTER_POLL = Duration.ofSeconds(2);
  /** Transitions performed in one reconciliation before yielding; each performs at most one status write. */
  private static final int MAX_TRANSITIONS = 12;

  private final KubernetesClient client;
  private final ChildResources children;
  private final ClusterReadiness readiness;
  private final HarnessJobSteps harnessJobs;
  private final RunEnding ending;
  private final ScheduleKeeper schedule;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final PodSecurity security;
  private final Clock clock;

  public RunOrchestrator(KubernetesClient client, ChildResources children, ClusterReadiness readiness,
      HarnessJobSteps harnessJobs, RunEnding ending, ScheduleKeeper schedule, StatusWriter statusWriter, EventRecorder events,
      PodSecurity security, Clock clock) {
    this.client = client;
    this.children = children;
    this.readiness = readiness;
    this.harnessJobs = harnessJobs;
    this.ending = ending;
    this.schedule = schedule;
    this.statusWriter = statusWriter;
    this.events = events;
    this.security = security;
    this.clock = clock;
  }

  /**
   * Advances the test as far as it can now.
   *
   * <p>It decides on the test as the API server has it now, not on the informer's copy: that copy can lag the
   * controller's own last status write (the watch event not yet in), and a decision on it would act and post Events
   * for a step already done before its status write failed on the stale resourceVersion.
   *
   * @param cached the resource from the informer cache; not modified
   * @return when to look again if no event arrives before
   */
  public Optional<Duration> advance(SchedulerFailureTest cached) {
    SchedulerFailureTest test = client.resources(SchedulerFailureTest.class)
        .inNamespace(cached.getMetadata().getNamespace()).withName(cached.getMetadata().getName()).get();
    if (test == null) {
      return Optional.empty(); // deleted since the event: its children go with it
    }
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
        return earliest(Optional.ofNullable(next.after()), schedule.untilNextFiring(ledger));
      }
    }
    return Optional.of(Duration.ZERO);
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
      return ending.cleanUp(ledger);
    }
    if (status.phase == Phase.Provisioning || status.phase == Phase.Running) {
      noteQueuedChange(ledger);
      ScheduleDecision.Replace replace = schedule.dueDuringRun(ledger);
      if (replace != null) {
        String why = "replaced by the schedule's firing at " + replace.firing() + " (concurrencyPolicy Replace)";
        events.normal(ledger.test(), Reason.RunReplaced, "run " + status.runId + " " + why);
        ledger.failUnfinishedJobs(why);
        return ending.finish(ledger, why);
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
      ScheduleDecision.Start firing = schedule.dueWhileIdle(ledger);
      return firing == null ? Next.IDLE : startRun(ledger, firing);
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
    return startRun(ledger, schedule.decideWhileIdle(ledger));
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
    status.nextScheduleTime = schedule.nextFiringFromNow(ledger);
    Conditions.runStarted(status, status.message, ledger.generation());
    statusWriter.write(test);
    events.normal(test, Reason.RunStarted, status.message);
    return Next.CONTINUE;
  }

  /**
   * The step was recorded as ApplyingCluster before any of these creates, and {@code clusterBuild} names the build
   * whose images the cluster gets. Applied again for a comparison's candidate, the StatefulSets roll to its images as
   * after a spec change; the run's storage check stands.
   */
  private Next applyCluster(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    ResolvedSpec spec = ledger.clusterSpec();
    for (OwnedResource<?> dependent : children.cluster()) {
      if (dependent.isOwned(spec)) {
        children.apply(test, spec, dependent);
      }
    }
    boolean rolling = status.harnessJobs.stream().anyMatch(j -> j.state != JobState.Pending);
    if (!rolling) {
      // Jobs of earlier runs would hold the kill transport's RBAC and clutter the namespace.
      children.deleteJobsOfOtherRuns(test, status.runId);
      // The harness starts only once the pods' user has created and renamed a file on the shared volume.
      children.createJob(test, StorageCheckJobDependent.desired(test, spec, security,
          Names.storageCheckJob(test, status.runNumber), status.runId));
    }
    status.step = Step.AwaitingCluster;
    status.clusterApplyTime = now();
    Conditions.set(status, Conditions.CLUSTER_READY, false, Reason.WaitingForWorkers,
        "waiting for " + spec.workers() + " workers ALIVE in the master"
            + (status.clusterBuild == null ? "" : " on the " + status.clusterBuild + " build's image"),
        ledger.generation());
    statusWriter.write(test);
    return Next.CONTINUE;
  }

  private Next awaitCluster(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    String applied = status.clusterApplyTime != null ? status.clusterApplyTime : status.startTime;
    long waited = Duration.between(Instant.parse(applied), clock.instant()).toSeconds();
    ClusterReadiness.Verdict verdict = readiness.assess(test, ledger.clusterSpec(),
        Names.storageCheckJob(test, status.runNumber), waited);
    boolean ready = verdict.outcome() == ClusterReadiness.Outcome.READY;
    boolean changed = Conditions.set(status, Conditions.CLUSTER_READY, ready, verdict.reason(), verdict.message(),
        ledger.generation());
    switch (verdict.outcome()) {
      case READY -> {
        status.clusterReadyTime = now();
        status.phase = Phase.Running;
        status.step = Step.RunningHarness;
        status.message = "cluster ready" + (status.clusterBuild == null ? "" : " for the " + status.clusterBuild
            + " build") + ": " + verdict.message();
        Conditions.forPhase(status, Reason.Running, "running the harness", ledger.generation());
        events.normal(test, Reason.ClusterReady, status.message);
        return Next.CONTINUE; // the next Job's write-ahead write records this too
      }
      case FAIL -> {
        events.warning(test, verdict.reason(), verdict.message());
        ledger.failUnfinishedJobs(verdict.message());
        return ending.finish(ledger, verdict.message());
      }
      default -> {
        if (changed) {
          statusWriter.write(test);
        }
        return Next.waitFor(CLUSTER_POLL);
      }
    }
  }

  /**
   * The run's harness Jobs one after the other. A comparison's candidate Job after the baseline's first rolls the
   * cluster to the candidate's images (recorded before the roll, as every create is).
   */
  private Next runHarness(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    HarnessJob job = ledger.nextJob();
    if (job == null) {
      return ending.finish(ledger, null);
    }
    if (job.state == JobState.Pending && !Objects.equals(job.build, status.clusterBuild)) {
      status.clusterBuild = job.build;
      status.step = Step.ApplyingCluster;
      status.message = "rolling the cluster to the " + job.build + " build's image " + ledger.clusterSpec()
          .sparkImage();
      statusWriter.write(ledger.test());
      events.normal(ledger.test(), Reason.ClusterRolling, status.message);
      return Next.CONTINUE;
    }
    return harnessJobs.advance(ledger, job);
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

  /** The spec the current run started with; later changes wait for the next run. */
  private ResolvedSpec resolve(SchedulerFailureTest test) {
    return ResolvedSpec.of(client.getKubernetesSerialization()
        .unmarshal(test.getStatus().runSpec, SchedulerFailureTestSpec.class));
  }

  private String now() {
    return clock.instant().toString();
  }
}
