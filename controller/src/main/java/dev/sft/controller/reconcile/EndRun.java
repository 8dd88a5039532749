package dev.sft.controller.reconcile;

import dev.sft.contract.BuildComparison;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.Cleanup;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.owned.ChildResources;
import dev.sft.controller.owned.OwnedResource;
import dev.sft.controller.schedule.ScheduleDecision;
import dev.sft.controller.status.BuildCellComparison;
import dev.sft.controller.status.FindingHistory;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * The end of a run: its outcome (by its verdicts, or with {@code spec.compare} by the comparison of its two builds)
 * written first ({@link #finish}, by the step that ends the run), then step {@code CleaningUp} ({@link #advance}): the
 * cleanup its policy asks for, the step written ahead of the deletes, then {@code Done}.
 */
@ApplicationScoped
public class EndRun implements RunStep {
  private final ChildResources children;
  private final StatusWriter statusWriter;
  private final EventRecorder events;
  private final Clock clock;

  public EndRun(ChildResources children, StatusWriter statusWriter, EventRecorder events, Clock clock) {
    this.children = children;
    this.statusWriter = statusWriter;
    this.events = events;
    this.clock = clock;
  }

  /**
   * The schedule's firing replaces the run in progress ({@code concurrencyPolicy Replace}): its unfinished Jobs fail
   * as not run, and it ends; the firing, still due, starts the next run once this one is cleaned up.
   */
  Next replaced(StatusLedger ledger, ScheduleDecision.Replace replace) {
    String why = "replaced by the schedule's firing at " + replace.firing() + " (concurrencyPolicy Replace)";
    events.normal(ledger.test(), Reason.RunReplaced, "run " + ledger.status().runId + " " + why);
    ledger.failUnfinishedJobs(why);
    return finish(ledger, why);
  }

  /** Records the run's outcome, then cleans up by policy; the outcome is written before anything is deleted. */
  Next finish(StatusLedger ledger, String failure) {
    SchedulerFailureTestStatus status = ledger.status();
    boolean succeeded;
    if (ledger.runSpec().compares()) {
      BuildComparison comparison = BuildCellComparison.of(status);
      status.comparison = BuildCellComparison.record(comparison);
      String unjudged = ledger.unjudgedJobs();
      succeeded = failure == null && unjudged == null && !comparison.failed();
      if (failure == null) {
        failure = unjudged != null ? unjudged
            : comparison.failed() ? BuildCellComparison.failures(comparison) : null;
      }
    } else {
      String stale = ledger.staleFailure();
      succeeded = ledger.runSucceeded() && failure == null && stale == null;
      if (!succeeded && failure == null) {
        failure = ledger.failedJobs() != null ? ledger.failedJobs() : stale;
      }
    }
    status.phase = succeeded ? Phase.Succeeded : Phase.Failed;
    status.lastResult = status.phase;
    status.findings = FindingHistory.next(status.findings, status, ledger.runSpec().writer().id());
    status.completionTime = clock.instant().toString();
    String known = ledger.closeKnownFindings();
    String outcome = "run " + status.runId + " " + (succeeded ? "succeeded" : "failed") + ": " + (status.comparison
        == null ? "" : comparisonCounts(status.comparison) + "; ") + status.passed + "/" + status.total
        + " scenario repetitions passed both verdicts" + (known == null ? "" : "; " + known)
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

  private static String comparisonCounts(SchedulerFailureTestStatus.ComparisonStatus comparison) {
    return "baseline and candidate compared: " + comparison.regressed + " regressed, " + comparison.fixed + " fixed, "
        + comparison.same + " same, " + comparison.inconclusive + " inconclusive";
  }

  /**
   * The step was recorded as CleaningUp before these deletes. {@code Retain} keeps the Jobs and the cluster and deletes
   * only what protects the pods during a run.
   */
  @Override
  public Next advance(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    CleanupPolicy policy = policy(ledger);
    boolean retain = policy == CleanupPolicy.Retain;
    if (!retain) {
      for (Job job : children.jobs(test)) {
        children.delete(test, Job.class, job.getMetadata().getName());
      }
    }
    for (OwnedResource<?> owned : children.cluster()) {
      if (owned.isOwned(ledger.runSpec()) && !owned.survives(policy)) {
        children.delete(test, owned.type(), owned.name(test));
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

  private static CleanupPolicy policy(StatusLedger ledger) {
    return ledger.status().phase == Phase.Succeeded ? ledger.runSpec().onSuccess() : ledger.runSpec().onFailure();
  }

}
