package dev.sft.controller.status;

/**
 * The reasons of the status conditions and of the Events, in one place and kept stable for alerting, GitOps health
 * checks and tests: the name of each constant is the reason string Kubernetes shows.
 */
public enum Reason {
  // A run's way through its phases.
  RunStarted,
  Provisioning,
  WaitingForWorkers,
  WorkersAlive,
  ClusterReady,
  /** With spec.compare: the baseline's Jobs are done, and the cluster rolls to the candidate build's images. */
  ClusterRolling,
  ClusterNotReady,
  /** The shared claim is not bound; the message names its storage class and the provisioner's latest Event. */
  ClaimPending,
  /**
   * Pods do not start yet but may (a quota refusal, an unschedulable pod, a first failed image pull): the message
   * quotes Kubernetes' Event or the pod's waiting reason; the run waits until its readiness time-out.
   */
  PodsNotStarting,
  /**
   * Pods cannot start without a change (refused by Pod Security or an OpenShift SCC, {@code ImagePullBackOff},
   * {@code CreateContainerConfigError}): the run fails at once, quoting Kubernetes.
   */
  PodsCannotStart,
  /** The pods' user cannot create and rename a file on the shared volume (the run's storage check). */
  SharedStorageNotWritable,
  NotStarted,
  Running,
  JobRunning,
  HarnessJobCreated,
  HarnessJobSucceeded,
  HarnessJobFailed,
  /**
   * A Spark pod was replaced, restarted, evicted or deleted while a harness Job ran: that Job's repetitions are
   * Unknown, never scored as the scenarios' own doing.
   */
  UnplannedLoss,
  AllJobsFinished,
  RunSucceeded,
  RunFailed,
  CleanedUp,
  // Why nothing moves.
  RunQueued,
  /** A firing of spec.schedule while a run is in progress, skipped by concurrencyPolicy Forbid. */
  ScheduleSkipped,
  /** A firing of spec.schedule found later than spec.startingDeadlineSeconds: not started. */
  ScheduleMissed,
  /** A firing of spec.schedule ended the run in progress (concurrencyPolicy Replace). */
  RunReplaced,
  InvalidSpec,
  /** The namespace's ResourceQuotas leave no room for the run's pods or claim: not started, nothing created. */
  QuotaExceeded,
  /** Reconciling threw; JOSDK retries, and the {@code Reconciling} condition's message says what failed. */
  ReconcileError
}
