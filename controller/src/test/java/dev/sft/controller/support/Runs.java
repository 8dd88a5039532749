package dev.sft.controller.support;

import dev.sft.contract.Verdict;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus.Step;

/** Drives a test's run the way the cluster and the harness would, with chosen verdicts. */
public final class Runs {
  private final TestCluster cluster;
  private final WorkloadSimulator workloads;

  public Runs(TestCluster cluster, WorkloadSimulator workloads) {
    this.cluster = cluster;
    this.workloads = workloads;
  }

  /** Brings the cluster up and finishes every harness Job of the current run; returns the run's id. */
  public String runToEnd(SchedulerFailureTest test, Verdict speculationStorage, Verdict lossStorage) {
    var applied = cluster.awaitStatus(test, "cluster applied", s -> s.step == Step.AwaitingCluster
        || s.step == Step.RunningHarness);
    int workers = applied.getSpec().spark.workers == null ? 2 : applied.getSpec().spark.workers;
    workloads.clusterUp(test, workers);
    String runId = applied.getStatus().runId;
    int repeat = applied.getSpec().repeat == null ? 1 : applied.getSpec().repeat;
    for (var job : applied.getStatus().harnessJobs) {
      cluster.awaitJob(test, job.name);
      Verdict storage = job.speculation ? speculationStorage : lossStorage;
      workloads.finishJob(test.getMetadata().getNamespace(), job.name,
          Reports.of(runId, job.scenarios, repeat, Verdict.Passed, storage), storage == Verdict.Passed ? 0 : 1);
    }
    return runId;
  }
}
