package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.observe.ClusterReadiness;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Step {@code AwaitingCluster}: waits until the shared volume is writable and the master sees every worker ALIVE
 * ({@link ClusterReadiness}), then {@code RunningHarness}; a cluster that cannot become ready ends the run
 * ({@link EndRun}).
 */
@ApplicationScoped
public class AwaitCluster implements RunStep {
  /** How often to ask the master while waiting for workers; pod changes wake the controller sooner. */
  static final Duration CLUSTER_POLL = Duration.ofSeconds(2);

  private final ClusterReadiness readiness;
  private final EndRun endRun;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;

  public AwaitCluster(ClusterReadiness readiness, EndRun endRun, StatusWriter statusWriter, EventRecorder events,
      Clock clock) {
    this.readiness = readiness;
    this.endRun = endRun;
    this.statusWriter = statusWriter;
    this.events = events;
    this.clock = clock;
  }

  @Override
  public Next advance(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    String applied = status.clusterApplyTime != null ? status.clusterApplyTime : status.startTime;
    long waited = Duration.between(Instant.parse(applied), clock.instant()).toSeconds();
    ClusterReadiness.Assessment assessment = readiness.assess(test, ledger.clusterSpec(),
        Names.storageCheckJob(test, status.runNumber), waited);
    boolean ready = assessment.outcome() == ClusterReadiness.Outcome.READY;
    boolean changed = Conditions.set(status, Conditions.CLUSTER_READY, ready, assessment.reason(), assessment.message(),
        ledger.generation());
    switch (assessment.outcome()) {
      case READY -> {
        status.clusterReadyTime = clock.instant().toString();
        status.phase = Phase.Running;
        status.step = Step.RunningHarness;
        status.message = "cluster ready" + (status.clusterBuild == null ? "" : " for the " + status.clusterBuild
            + " build") + ": " + assessment.message();
        Conditions.forPhase(status, Reason.Running, "running the harness", ledger.generation());
        events.normal(test, Reason.ClusterReady, status.message);
        return Next.CONTINUE; // the next Job's write-ahead write records this too
      }
      case FAIL -> {
        events.warning(test, assessment.reason(), assessment.message());
        ledger.failUnfinishedJobs(assessment.message());
        return endRun.finish(ledger, assessment.message());
      }
      default -> {
        if (changed) {
          statusWriter.write(test);
        }
        return Next.waitFor(CLUSTER_POLL);
      }
    }
  }
}
