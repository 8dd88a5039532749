package dev.sft.controller.reconcile;

import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Decides, from the storage and the Spark cluster as they are now, whether a run may start its harness, must wait,
 * or has failed: a volume the pods cannot write fails at once ({@code SharedStorageNotWritable}); past the readiness
 * time-out, a claim still {@code Pending} fails as {@code ClaimPending}, anything else as {@code ClusterNotReady}.
 * Reads only.
 */
@ApplicationScoped
public class ClusterReadiness {
  public enum Outcome { READY, WAIT, FAIL }

  /** @param reason the {@code ClusterReady} condition's reason; {@code message} its message */
  public record Verdict(Outcome outcome, Reason reason, String message) {}

  private final ClusterObserver cluster;
  private final StorageObserver storage;

  public ClusterReadiness(ClusterObserver cluster, StorageObserver storage) {
    this.cluster = cluster;
    this.storage = storage;
  }

  /**
   * @param storageCheckJob the run's storage-check Job
   * @param waitedSeconds how long the run has waited for its cluster
   */
  public Verdict assess(SchedulerFailureTest test, ResolvedSpec spec, String storageCheckJob, long waitedSeconds) {
    StorageObserver.Observation volume = storage.observe(test, spec, storageCheckJob);
    if (volume.state() == StorageObserver.State.NOT_WRITABLE) {
      return new Verdict(Outcome.FAIL, Reason.SharedStorageNotWritable, volume.message());
    }
    boolean claimPending = volume.state() == StorageObserver.State.CLAIM_PENDING;
    if (claimPending) {
      // A pending claim keeps every pod that mounts it from starting: it is the news, not the workers.
      return waitOrFail(spec, waitedSeconds, Reason.ClaimPending, Reason.ClaimPending, volume.message());
    }
    ClusterObserver.Observation sparkCluster = cluster.observe(test, spec);
    if (sparkCluster.ready() && volume.state() == StorageObserver.State.WRITABLE) {
      return new Verdict(Outcome.READY, Reason.WorkersAlive, sparkCluster.describe());
    }
    return waitOrFail(spec, waitedSeconds, Reason.WaitingForWorkers, Reason.ClusterNotReady,
        sparkCluster.describe() + "; " + volume.message());
  }

  private static Verdict waitOrFail(ResolvedSpec spec, long waitedSeconds, Reason waiting, Reason failed,
      String seen) {
    if (waitedSeconds > spec.readyTimeoutSeconds()) {
      return new Verdict(Outcome.FAIL, failed, "cluster not ready after " + spec.readyTimeoutSeconds() + " s: "
          + seen);
    }
    return new Verdict(Outcome.WAIT, waiting, seen);
  }
}
