package dev.sft.controller.reconcile;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.status.EventRecorder;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Objects;

/**
 * The turn of a comparison's candidate: its first Job is next but the cluster runs the baseline's images. Records the
 * candidate's build as the cluster's and goes back to {@code ApplyingCluster}, before anything is rolled (write-ahead,
 * as every create is).
 */
@ApplicationScoped
public class RollCluster implements RunStep {
  private final StatusWriter statusWriter;
  private final EventRecorder events;

  public RollCluster(StatusWriter statusWriter, EventRecorder events) {
    this.statusWriter = statusWriter;
    this.events = events;
  }

  /** Whether {@code job}, the run's next, needs the cluster on another build's images before it is created. */
  static boolean due(SchedulerFailureTestStatus status, HarnessJob job) {
    return job.state == JobState.Pending && !Objects.equals(job.build, status.clusterBuild);
  }

  @Override
  public Next advance(StatusLedger ledger) {
    SchedulerFailureTestStatus status = ledger.status();
    HarnessJob job = ledger.nextJob();
    if (job == null || !due(status, job)) {
      throw new IllegalStateException("run " + status.runId + " has no Job waiting for another build's cluster");
    }
    status.clusterBuild = job.build;
    status.step = Step.ApplyingCluster;
    status.message = "rolling the cluster to the " + job.build + " build's image " + ledger.clusterSpec()
        .sparkImage();
    statusWriter.write(ledger.test());
    events.normal(ledger.test(), Reason.ClusterRolling, status.message);
    return Next.CONTINUE;
  }
}
