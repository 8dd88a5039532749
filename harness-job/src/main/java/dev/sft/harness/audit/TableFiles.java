package dev.sft.harness.audit;

import java.util.Collection;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What the table's metadata says about its files, split by the monitored write: every data and delete file that a
 * live snapshot references, those that the snapshots from before the write reference, and what the write's new
 * snapshot(s) added and removed. Local absolute paths.
 *
 * @param currentSnapshotId the current snapshot, or null for none
 * @param snapshots live snapshots in all
 * @param newSnapshots snapshots that were not there before the write
 * @param builtOnPrior whether the current snapshot's parent is the current snapshot from before the write (none for
 *     a new table)
 * @param referenced data and delete files reachable from every live snapshot
 * @param prior data and delete files reachable from the snapshots from before the write
 * @param added data and delete files the new snapshot(s) added
 * @param removed data and delete files the new snapshot(s) removed (still referenced by a prior snapshot)
 */
public record TableFiles(Long currentSnapshotId, int snapshots, int newSnapshots, boolean builtOnPrior,
    SortedSet<String> referenced, SortedSet<String> prior, SortedSet<String> added, SortedSet<String> removed) {

  public TableFiles {
    referenced = new TreeSet<>(referenced);
    prior = new TreeSet<>(prior);
    added = new TreeSet<>(added);
    removed = new TreeSet<>(removed);
  }

  /** A table the write created: every snapshot is new and everything referenced was added by it. */
  public static TableFiles newTable(Long currentSnapshotId, int snapshots, Collection<String> referenced) {
    return new TableFiles(currentSnapshotId, snapshots, snapshots, true, new TreeSet<>(referenced), new TreeSet<>(),
        new TreeSet<>(referenced), new TreeSet<>());
  }
}
