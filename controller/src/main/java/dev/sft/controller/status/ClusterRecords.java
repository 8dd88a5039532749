package dev.sft.controller.status;

import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.ClusterState;
import dev.sft.api.SchedulerFailureTestStatus.ClusterStatus;
import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import java.util.ArrayList;
import java.util.List;

/**
 * The status records of a run's Spark clusters ({@code status.clusters}, with {@code spec.parallelism} above 1): counts
 * of the repetitions dealt to each and how they ended, never the repetitions themselves, so the status stays within its
 * bounds at any repeat.
 */
public final class ClusterRecords {
  private ClusterRecords() {}

  /** One Pending record per cluster, with the repetitions its Jobs are to run: scenarios × operations × share. */
  static List<ClusterStatus> planned(List<HarnessJob> jobs, int clusters, int operations) {
    List<ClusterStatus> records = new ArrayList<>();
    for (int k = 0; k < clusters; k++) {
      ClusterStatus record = new ClusterStatus();
      record.index = k;
      record.state = ClusterState.Pending;
      records.add(record);
    }
    for (HarnessJob job : jobs) {
      records.get(job.cluster).repetitions += job.scenarios.size() * operations * job.repeat;
    }
    return records;
  }

  /** Adds a finished Job's cells to its cluster's counts. */
  static void add(List<ClusterStatus> records, int cluster, List<CellStatus> cells) {
    ClusterStatus record = records.get(cluster);
    record.passed += cells.stream().mapToInt(c -> c.passed).sum();
    record.unknown += cells.stream().mapToInt(c -> c.unknown).sum();
  }

  static void failed(List<ClusterStatus> records, int cluster, String why) {
    records.get(cluster).state = ClusterState.Failed;
    records.get(cluster).message = why;
  }

  /** Marks a cluster Ready, unless it failed: a failed cluster stays failed for the rest of its run. */
  public static void ready(List<ClusterStatus> records, int cluster) {
    if (records != null && records.get(cluster).state != ClusterState.Failed) {
      records.get(cluster).state = ClusterState.Ready;
    }
  }

  /** A lost pod voided one of the cluster's Jobs: said on the cluster, which goes on (its StatefulSet replaces it). */
  public static void lost(List<ClusterStatus> records, int cluster, String why) {
    records.get(cluster).message = why;
  }
}
