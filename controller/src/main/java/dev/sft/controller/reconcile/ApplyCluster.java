package dev.sft.controller.reconcile;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Step;
import dev.sft.controller.owned.ChildResources;
import dev.sft.api.Names;
import dev.sft.controller.owned.OwnedResource;
import dev.sft.controller.owned.PodSecurity;
import dev.sft.controller.owned.StorageCheckJobManifest;
import dev.sft.controller.status.Conditions;
import dev.sft.controller.status.Reason;
import dev.sft.controller.status.StatusLedger;
import dev.sft.controller.status.StatusWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * Step {@code ApplyingCluster}: creates or updates the Spark cluster and its fixtures for the build
 * {@code clusterBuild} names, and at a run's first apply the storage check of its shared volume; then
 * {@code AwaitingCluster}. The step was recorded before any of these creates. Applied again for a comparison's
 * candidate ({@link RollCluster}), the StatefulSets roll to its images as after a spec change; the run's storage
 * check stands.
 */
@ApplicationScoped
public class ApplyCluster implements RunStep {
  private final ChildResources children;
  private final StatusWriter statusWriter;
  private final PodSecurity security;
  private final Clock clock;

  public ApplyCluster(ChildResources children, StatusWriter statusWriter, PodSecurity security, Clock clock) {
    this.children = children;
    this.statusWriter = statusWriter;
    this.security = security;
    this.clock = clock;
  }

  @Override
  public Next advance(StatusLedger ledger) {
    SchedulerFailureTest test = ledger.test();
    SchedulerFailureTestStatus status = ledger.status();
    ResolvedSpec spec = ledger.clusterSpec();
    for (OwnedResource<?> owned : children.cluster()) {
      if (owned.isOwned(spec)) {
        children.apply(test, spec, owned);
      }
    }
    // A lowered spec.parallelism leaves clusters no run uses; their pods would hold quota until the test is deleted.
    children.deleteLeftOvers(test, spec);
    boolean rolling = status.harnessJobs.stream().anyMatch(j -> j.state != JobState.Pending);
    if (!rolling) {
      // Jobs of earlier runs would hold the kill transport's RBAC and clutter the namespace.
      children.deleteJobsOfOtherRuns(test, status.runId);
      // The harness starts only once the pods' user has created and renamed a file on the shared volume.
      children.createJob(test, StorageCheckJobManifest.desired(test, spec, security,
          Names.storageCheckJob(test, status.runNumber), status.runId));
    }
    status.step = Step.AwaitingCluster;
    status.clusterApplyTime = clock.instant().toString();
    Conditions.set(status, Conditions.CLUSTER_READY, false, Reason.WaitingForWorkers,
        "waiting for " + spec.workers() + " workers ALIVE in the master"
            + (status.clusterBuild == null ? "" : " on the " + status.clusterBuild + " build's image"),
        ledger.generation());
    statusWriter.write(test);
    return Next.CONTINUE;
  }
}
