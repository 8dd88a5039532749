package dev.sft.controller.observe;

import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.status.Reason;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Decides, from the storage and the Spark cluster as they are now, whether a run may start its harness, must wait,
 * or has failed: a volume the pods cannot write fails at once ({@code SharedStorageNotWritable}), and so do pods that
 * cannot start ({@code PodsCannotStart}: refused by Pod Security or an SCC, an image that cannot be pulled, a broken
 * container config); pods that do not start yet but may ({@code PodsNotStarting}: a quota, an unschedulable pod) are
 * quoted while the run waits. Past the readiness time-out, a claim still {@code Pending} fails as {@code ClaimPending}, anything else as {@code ClusterNotReady}.
 * Reads only.
 */
@ApplicationScoped
public class ClusterReadiness {
  public enum Outcome { READY, WAIT, FAIL }

  /**
   * @param reason the {@code ClusterReady} condition's reason; {@code message} its message
   * @param takesDriver whether the harness may start on the cluster already: ready, or waiting only for workers that
   *     run and register ({@link ClusterObserver.Observation#takesDriver()}) on a writable volume, nothing failing to
   *     start
   */
  public record Assessment(Outcome outcome, Reason reason, String message, boolean takesDriver) {
    Assessment(Outcome outcome, Reason reason, String message) {
      this(outcome, reason, message, outcome == Outcome.READY);
    }
  }

  private final ClusterObserver cluster;
  private final StorageObserver storage;
  private final StartProblems startProblems;

  public ClusterReadiness(ClusterObserver cluster, StorageObserver storage, StartProblems startProblems) {
    this.cluster = cluster;
    this.storage = storage;
    this.startProblems = startProblems;
  }

  /**
   * @param storageCheckJob the run's storage-check Job
   * @param waitedSeconds how long the run has waited for its cluster
   */
  public Assessment assess(SchedulerFailureTest test, ResolvedSpec spec, String storageCheckJob, long waitedSeconds) {
    return assess(test, spec, storageCheckJob, waitedSeconds, 0);
  }

  /** As {@link #assess(SchedulerFailureTest, ResolvedSpec, String, long)} for Spark cluster {@code cluster} of several. */
  public Assessment assess(SchedulerFailureTest test, ResolvedSpec spec, String storageCheckJob, long waitedSeconds,
      int cluster) {
    StorageObserver.Observation volume = storage.observe(test, spec, storageCheckJob);
    if (volume.state() == StorageObserver.State.NOT_WRITABLE) {
      return new Assessment(Outcome.FAIL, Reason.SharedStorageNotWritable, volume.message());
    }
    boolean claimPending = volume.state() == StorageObserver.State.CLAIM_PENDING;
    if (claimPending) {
      // A pending claim keeps every pod that mounts it from starting: it is the news, not the workers.
      return waitOrFail(spec, waitedSeconds, Reason.ClaimPending, Reason.ClaimPending, volume.message());
    }
    ClusterObserver.Observation sparkCluster = this.cluster.observe(test, spec, cluster);
    if (sparkCluster.ready() && volume.state() == StorageObserver.State.WRITABLE) {
      return new Assessment(Outcome.READY, Reason.WorkersAlive, sparkCluster.describe());
    }
    // Why pods do not start is the news: it leads the message, and what cannot heal fails the run now.
    StartProblems.Problem start = startProblems.ofCluster(test, storageCheckJob, cluster, spec.parallelism() > 1);
    if (start != null && !start.heals()) {
      return new Assessment(Outcome.FAIL, Reason.PodsCannotStart, "pods cannot start: " + start.message());
    }
    String seen = sparkCluster.describe() + "; " + volume.message();
    Assessment waiting = waitOrFail(spec, waitedSeconds, start == null ? Reason.WaitingForWorkers
        : Reason.PodsNotStarting, Reason.ClusterNotReady, start == null ? seen : start.message() + "; " + seen);
    boolean takesDriver = waiting.outcome() == Outcome.WAIT && start == null
        && volume.state() == StorageObserver.State.WRITABLE && sparkCluster.takesDriver();
    return new Assessment(waiting.outcome(), waiting.reason(), waiting.message(), takesDriver);
  }

  private static Assessment waitOrFail(ResolvedSpec spec, long waitedSeconds, Reason waiting, Reason failed,
      String seen) {
    if (waitedSeconds > spec.readyTimeoutSeconds()) {
      return new Assessment(Outcome.FAIL, failed, "cluster not ready after " + spec.readyTimeoutSeconds() + " s: "
          + seen);
    }
    return new Assessment(Outcome.WAIT, waiting, seen);
  }
}
