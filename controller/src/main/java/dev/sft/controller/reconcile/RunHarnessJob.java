package dev.sft.controller.reconcile;

import dev.sft.contract.Report;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.Names;
import dev.sft.controller.observe.HarnessObserver;
import dev.sft.controller.observe.SparkPodLosses;
import dev.sft.controller.observe.StartProblems;
import dev.sft.controller.status.ClusterRecords;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Step {@code RunningHarness}: the run's harness Jobs turn by turn ({@code harnessJobs[].state}), a turn being one
 * build's driver run of one speculation setting on every Spark cluster ({@code spec.parallelism}; one Job with one
 * cluster). The turn's Jobs are created at once ({@link TurnJobs}; the first turn's may already have been, by {@link
 * AwaitCluster}), watched as they start and run, and each one's cells recorded when it ends; a Spark pod of its cluster
 * lost while it ran voids its verdicts, and only its. A comparison's first candidate turn waits for the clusters' roll
 * to the candidate's images ({@link RollCluster}); after the last turn the run ends ({@link EndRun}).
 */
@ApplicationScoped
public class RunHarnessJob implements RunStep {
  /** How often to look while a Job's pod does not run yet: a refused or stuck pod changes nothing in the Job. */
  static final Duration START_POLL = AwaitCluster.CLUSTER_POLL;
  /**
   * A safety net while a Job's pod runs; its completion normally wakes the controller through the Job informer.
   */
  static final Duration HARNESS_POLL = Duration.ofSeconds(30);

  private final KubernetesClient client;
  private final RollCluster rollCluster;
  private final EndRun endRun;
  private final TurnJobs turnJobs;
  private final HarnessObserver harnessObserver;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;

  public RunHarnessJob(KubernetesClient client, RollCluster rollCluster, EndRun endRun, TurnJobs turnJobs,
      HarnessObserver harnessObserver, StatusWriter statusWriter, EventRecorder events, Clock clock) {
    this.client = client;
    this.rollCluster = rollCluster;
    this.endRun = endRun;
    this.turnJobs = turnJobs;
    this.harnessObserver = harnessObserver;
    this.statusWriter = statusWriter;
    this.events = events;
    this.clock = clock;
  }

  @Override
  public Next advance(StatusLedger ledger) {
    List<HarnessJob> turn = ledger.turn();
    if (turn.isEmpty()) {
      return endRun.finish(ledger, null);
    }
    if (RollCluster.due(ledger.status(), turn.get(0))) {
      return rollCluster.advance(ledger);
    }
    List<HarnessJob> pending = turn.stream().filter(j -> j.state == JobState.Pending).toList();
    if (!pending.isEmpty()) {
      turnJobs.create(ledger, pending);
      return Next.waitFor(START_POLL);
    }
    Duration soonest = HARNESS_POLL;
    boolean finished = false;
    for (HarnessJob job : turn) {
      Next step = advance(ledger, job);
      finished |= job.state.finished();
      if (!step.proceed() && step.after() != null && step.after().compareTo(soonest) < 0) {
        soonest = step.after();
      }
    }
    if (turn.stream().allMatch(j -> j.state.finished())) {
      return Next.CONTINUE; // the next write (next turn's write-ahead, or the outcome) records this
    }
    if (finished) {
      statusWriter.write(ledger.test()); // the turn goes on on other clusters: record the Jobs that ended
    }
    return Next.waitFor(soonest);
  }

  /** Advances {@code job}, an unfinished harness Job of the current turn that was created, by one step. */
  private Next advance(StatusLedger ledger, HarnessJob job) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    switch (job.state) {
      case Creating, Running -> {
        HarnessObserver.Observation seen = harnessObserver.observe(test, job.name);
        switch (seen.state()) {
          case ABSENT -> {
            if (job.state == JobState.Creating) {
              // The controller stopped between the write-ahead and the create: create it now, once.
              turnJobs.create(ledger, job);
              events.normal(test, Reason.HarnessJobCreated, status.message + " (resumed)");
              return Next.waitFor(START_POLL);
            }
            finish(ledger, job, JobState.Failed, null, null, "the Job was deleted before it finished", null);
            return Next.CONTINUE;
          }
          case ACTIVE -> {
            return active(ledger, job, seen);
          }
          default -> {
            List<String> losses = SparkPodLosses.since(sparkPods(test, job), Instant.parse(job.startTime));
            String lost = losses.isEmpty() ? null : "unplanned loss while harness Job " + job.name + " ran"
                + (job.cluster == null ? "" : " on cluster " + job.cluster) + ": " + String.join("; ", losses);
            finish(ledger, job, seen.state() == HarnessObserver.State.SUCCEEDED ? JobState.Succeeded
                : JobState.Failed, seen.exitCode(), seen.report(), seen.problem(), lost);
            if (lost != null) {
              status.message = lost;
              if (job.cluster != null) {
                ClusterRecords.lost(status.clusters, job.cluster, lost);
              }
              events.warning(test, Reason.UnplannedLoss, lost);
            }
            return Next.CONTINUE;
          }
        }
      }
      default -> throw new IllegalStateException("unexpected job state " + job.state);
    }
  }

  /** The master and worker pods of the cluster {@code job} ran on, as they are now (every one of a single cluster). */
  private List<Pod> sparkPods(SchedulerFailureTest test, HarnessJob job) {
    return client.pods().inNamespace(test.getMetadata().getNamespace())
        .withLabel(Names.TEST_LABEL, test.getMetadata().getName()).list().getItems().stream()
        .filter(pod -> pod.getMetadata().getLabels() != null && List.of(Names.MASTER, Names.WORKER)
            .contains(pod.getMetadata().getLabels().get(Names.COMPONENT_LABEL)))
        .filter(pod -> job.cluster == null
            || String.valueOf(job.cluster).equals(pod.getMetadata().getLabels().get(Names.CLUSTER_LABEL)))
        .toList();
  }

  /**
   * A harness Job that has not finished: a pod that cannot start fails the Job at once (the run goes on to the next
   * Job, which reports the same if the cause is shared); one that does not start yet is quoted in
   * {@code HarnessComplete} and looked at again within seconds, since no Job change may wake the controller.
   */
  private Next active(StatusLedger ledger, HarnessJob job, HarnessObserver.Observation seen) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    StartProblems.Problem start = seen.start();
    if (start != null && !start.heals()) {
      finish(ledger, job, JobState.Failed, null, null, "the harness pod cannot start: " + start.message(), null);
      events.warning(test, Reason.PodsCannotStart, start.message());
      return Next.CONTINUE;
    }
    boolean changed = job.state == JobState.Creating;
    job.state = JobState.Running;
    String message = start == null ? TurnJobs.running(job, ledger.runSpec().soak() != null)
        : "harness Job " + job.name + " not started: " + start.message();
    changed |= Conditions.set(status, Conditions.HARNESS_COMPLETE, false,
        start == null ? Reason.JobRunning : Reason.PodsNotStarting, message, ledger.generation());
    status.message = message;
    if (changed) {
      statusWriter.write(test);
    }
    return Next.waitFor(seen.running() ? HARNESS_POLL : START_POLL);
  }

  private void finish(StatusLedger ledger, HarnessJob job, JobState state, Integer exitCode,
      Report report, String observedProblem, String lost) {
    String message = ledger.finishJob(job, state, exitCode, report, observedProblem, clock.instant().toString(),
        lost);
    if (state == JobState.Succeeded) {
      events.normal(ledger.test(), Reason.HarnessJobSucceeded, message);
    } else {
      events.warning(ledger.test(), Reason.HarnessJobFailed, message);
    }
    ledger.status().message = message;
  }
}
