package dev.sft.controller.reconcile;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Report;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.controller.owned.ChildResources;
import dev.sft.controller.owned.HarnessJobManifest;
import dev.sft.api.Names;
import dev.sft.controller.owned.PodSecurity;
import dev.sft.controller.observe.HarnessObserver;
import dev.sft.controller.observe.SparkPodLosses;
import dev.sft.controller.observe.StartProblems;
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
 * Step {@code RunningHarness}: the run's harness Jobs one after the other ({@code harnessJobs[].state}). The first
 * unfinished Job is created (after the write-ahead write that names it), watched as it starts and runs, and its cells
 * recorded when it ends; a Spark pod lost while it ran voids its verdicts. A comparison's first candidate Job waits
 * for the cluster's roll to the candidate's images ({@link RollCluster}); after the last Job the run ends
 * ({@link EndRun}).
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
  private final ChildResources children;
  private final HarnessObserver harnessObserver;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final PodSecurity security;
  private final Clock clock;

  public RunHarnessJob(KubernetesClient client, RollCluster rollCluster, EndRun endRun, ChildResources children,
      HarnessObserver harnessObserver, StatusWriter statusWriter, EventRecorder events, PodSecurity security,
      Clock clock) {
    this.client = client;
    this.rollCluster = rollCluster;
    this.endRun = endRun;
    this.children = children;
    this.harnessObserver = harnessObserver;
    this.statusWriter = statusWriter;
    this.events = events;
    this.security = security;
    this.clock = clock;
  }

  @Override
  public Next advance(StatusLedger ledger) {
    HarnessJob job = ledger.nextJob();
    if (job == null) {
      return endRun.finish(ledger, null);
    }
    if (RollCluster.due(ledger.status(), job)) {
      return rollCluster.advance(ledger);
    }
    return advance(ledger, job);
  }

  /** Advances {@code job}, the run's first unfinished harness Job, by one step. */
  private Next advance(StatusLedger ledger, HarnessJob job) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    switch (job.state) {
      case Pending -> {
        job.state = JobState.Creating;
        job.startTime = clock.instant().toString();
        status.message = running(job);
        Conditions.set(status, Conditions.HARNESS_COMPLETE, false, Reason.JobRunning, status.message,
            ledger.generation());
        statusWriter.write(test); // write-ahead: a restarted controller knows this Job may exist
        create(ledger, job);
        events.normal(test, Reason.HarnessJobCreated, status.message);
        return Next.waitFor(START_POLL);
      }
      case Creating, Running -> {
        HarnessObserver.Observation seen = harnessObserver.observe(test, job.name);
        switch (seen.state()) {
          case ABSENT -> {
            if (job.state == JobState.Creating) {
              // The controller stopped between the write-ahead and the create: create it now, once.
              create(ledger, job);
              events.normal(test, Reason.HarnessJobCreated, status.message + " (resumed)");
              return Next.waitFor(START_POLL);
            }
            finish(ledger, job, JobState.Failed, null, null, "the Job was deleted before it finished");
            return Next.CONTINUE;
          }
          case ACTIVE -> {
            return active(ledger, job, seen);
          }
          default -> {
            finish(ledger, job, seen.state() == HarnessObserver.State.SUCCEEDED ? JobState.Succeeded
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

  private void create(StatusLedger ledger, HarnessJob job) {
    DriverRun run = ledger.driverRun(job);
    children.createJob(ledger.test(), HarnessJobManifest.desired(ledger.test(), ledger.buildSpec(job), security,
        job.name, run, ledger.comparisonOf(job)));
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
  private Next active(StatusLedger ledger, HarnessJob job, HarnessObserver.Observation seen) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    StartProblems.Problem start = seen.start();
    if (start != null && !start.heals()) {
      finish(ledger, job, JobState.Failed, null, null, "the harness pod cannot start: " + start.message());
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
    return Next.waitFor(seen.running() ? HARNESS_POLL : START_POLL);
  }

  private static String running(HarnessJob job) {
    return "running harness Job " + job.name + " (" + (job.build == null ? "" : job.build + " build, ")
        + "speculation " + (job.speculation ? "on" : "off") + ")";
  }

  private void finish(StatusLedger ledger, HarnessJob job, JobState state, Integer exitCode,
      Report report, String observedProblem) {
    String message = ledger.finishJob(job, state, exitCode, report, observedProblem, clock.instant().toString());
    if (state == JobState.Succeeded) {
      events.normal(ledger.test(), Reason.HarnessJobSucceeded, message);
    } else {
      events.warning(ledger.test(), Reason.HarnessJobFailed, message);
    }
    ledger.status().message = message;
  }
}
