package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.api.Names;
import dev.sft.controller.observe.ClusterReadiness;
import dev.sft.controller.status.ClusterRecords;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Step {@code AwaitingCluster}: waits until the shared volume is writable and each Spark cluster's master sees every
 * worker ALIVE ({@link ClusterReadiness}), then {@code RunningHarness}. The harness Jobs of the turn that waits for the
 * cluster (the run's first, or a comparison's candidate's) start sooner, once every cluster takes a driver (its master
 * answers, its worker pods of the latest template run, no other worker is known to it): the drivers' start overlaps the
 * workers' registration, and each driver's preflight waits for its executors. A single cluster that cannot become ready
 * ends the run ({@link EndRun}); of several ({@code spec.parallelism}), such a cluster fails alone, its repetitions
 * Unknown naming it, and the run ends only when none is left.
 */
@ApplicationScoped
public class AwaitCluster implements RunStep {
  /**
   * How often to ask the master while waiting for workers; pod changes wake the controller sooner, but not the master's
   * answering nor a worker's registering, which start the harness (a few reads a second, for seconds).
   */
  static final Duration CLUSTER_POLL = Duration.ofSeconds(1);

  private final ClusterReadiness readiness;
  private final EndRun endRun;
  private final TurnJobs turnJobs;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;

  public AwaitCluster(ClusterReadiness readiness, EndRun endRun, TurnJobs turnJobs, StatusWriter statusWriter,
      EventRecorder events, Clock clock) {
    this.readiness = readiness;
    this.endRun = endRun;
    this.turnJobs = turnJobs;
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
    boolean parallel = status.clusters != null;
    List<String> seen = new ArrayList<>();
    ClusterReadiness.Assessment waiting = null;
    boolean failed = false;
    boolean takesDriver = true;
    for (int cluster : ledger.liveClusters()) {
      ClusterReadiness.Assessment assessment = readiness.assess(test, ledger.clusterSpec(),
          Names.storageCheckJob(test, status.runNumber), waited, cluster);
      String message = parallel ? "cluster " + cluster + ": " + assessment.message() : assessment.message();
      takesDriver &= assessment.takesDriver();
      switch (assessment.outcome()) {
        case FAIL -> {
          events.warning(test, assessment.reason(), message);
          if (!parallel) {
            Conditions.set(status, Conditions.CLUSTER_READY, false, assessment.reason(), message,
                ledger.generation());
            ledger.failUnfinishedJobs(assessment.message());
            return endRun.finish(ledger, assessment.message());
          }
          // Only this cluster's repetitions are void; the others go on.
          ledger.failCluster(cluster, assessment.message());
          failed = true;
        }
        case WAIT -> {
          waiting = waiting == null ? assessment : waiting;
          seen.add(message);
        }
        default -> seen.add(message);
      }
    }
    if (ledger.liveClusters().isEmpty()) {
      return endRun.finish(ledger, "every cluster failed: " + status.clusters.stream().map(c -> c.message)
          .collect(Collectors.joining("; ")));
    }
    String message = String.join("; ", seen);
    boolean ready = waiting == null;
    boolean changed = Conditions.set(status, Conditions.CLUSTER_READY, ready,
        ready ? Reason.WorkersAlive : waiting.reason(), message, ledger.generation()) || failed;
    if (ready) {
      ledger.liveClusters().forEach(cluster -> ClusterRecords.ready(status.clusters, cluster));
      status.clusterReadyTime = clock.instant().toString();
      status.phase = Phase.Running;
      status.step = Step.RunningHarness;
      status.message = "cluster" + (parallel ? "s" : "") + " ready" + (status.clusterBuild == null ? "" : " for the "
          + status.clusterBuild + " build") + ": " + message;
      Conditions.forPhase(status, Reason.Running, "running the harness", ledger.generation());
      events.normal(test, Reason.ClusterReady, status.message);
      return Next.CONTINUE; // the next Job's write-ahead write records this too
    }
    List<HarnessJob> turn = ledger.turn();
    if (takesDriver && !turn.isEmpty() && turn.stream().allMatch(j -> j.state == JobState.Pending)
        && !RollCluster.due(status, turn.get(0))) {
      turnJobs.create(ledger, turn); // its write-ahead write records the condition too
      return Next.waitFor(CLUSTER_POLL);
    }
    if (changed) {
      statusWriter.write(test);
    }
    return Next.waitFor(CLUSTER_POLL);
  }
}
