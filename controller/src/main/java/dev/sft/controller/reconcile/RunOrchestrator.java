package dev.sft.controller.reconcile;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;

/**
 * Drives one test through its run by handing it to the step its status names: {@link StartRun} while no run is in
 * progress, then {@link ApplyCluster}, {@link AwaitCluster}, {@link RunHarnessJob} (which hands a comparison's turn
 * to the candidate to {@link RollCluster}) and {@link EndRun}. {@link StatusLedger} keeps the record.
 *
 * <p>The status is the write-ahead log. Every create or delete is preceded by a status write that names it
 * ({@code step}, {@code harnessJobs[].state = Creating}), so a controller restarted at any point finds in the status
 * what it was doing and resumes; deterministic names make repeating a create harmless. A spec change during a run
 * waits ({@link GenerationKeeper}): the run keeps using the spec it started with ({@code runSpec}). During a run,
 * before its step, the schedule may skip a firing or replace the run ({@link ScheduleKeeper}).
 */
@ApplicationScoped
public class RunOrchestrator {
  /** Transitions performed in one reconciliation before yielding; each performs at most one status write. */
  private static final int MAX_TRANSITIONS = 12;

  private final KubernetesClient client;
  private final StartRun startRun;
  private final ApplyCluster applyCluster;
  private final AwaitCluster awaitCluster;
  private final RunHarnessJob runHarnessJob;
  private final EndRun endRun;
  private final ScheduleKeeper schedule;
  private final GenerationKeeper generations;
  private final StatusWriter statusWriter;

  public RunOrchestrator(KubernetesClient client, StartRun startRun, ApplyCluster applyCluster,
      AwaitCluster awaitCluster, RunHarnessJob runHarnessJob, EndRun endRun, ScheduleKeeper schedule,
      GenerationKeeper generations, StatusWriter statusWriter) {
    this.client = client;
    this.startRun = startRun;
    this.applyCluster = applyCluster;
    this.awaitCluster = awaitCluster;
    this.runHarnessJob = runHarnessJob;
    this.endRun = endRun;
    this.schedule = schedule;
    this.generations = generations;
    this.statusWriter = statusWriter;
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
    if (status.step == SchedulerFailureTestStatus.Step.CleaningUp) {
      return endRun.advance(ledger);
    }
    if (status.phase != Phase.Provisioning && status.phase != Phase.Running) {
      return startRun.advance(ledger);
    }
    generations.noteDuringRun(ledger);
    ScheduleDecision.Replace replace = schedule.dueDuringRun(ledger);
    if (replace != null) {
      return endRun.replaced(ledger, replace);
    }
    RunStep step = switch (status.step) {
      case ApplyingCluster -> applyCluster;
      case AwaitingCluster -> awaitCluster;
      case RunningHarness -> runHarnessJob;
      default -> throw new IllegalStateException("run " + status.runId + " in phase " + status.phase
          + " has step " + status.step);
    };
    return step.advance(ledger);
  }

  /** The spec the current run started with; later changes wait for the next run. */
  private ResolvedSpec resolve(SchedulerFailureTest test) {
    return ResolvedSpec.of(client.getKubernetesSerialization()
        .unmarshal(test.getStatus().runSpec, SchedulerFailureTestSpec.class));
  }
}
