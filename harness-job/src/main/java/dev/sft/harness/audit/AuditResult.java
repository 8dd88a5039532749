package dev.sft.harness.audit;

import java.util.SortedSet;

/**
 * What the storage audit found, as written to {@code storage-audit.json}. All sets hold local absolute paths;
 * "referenced" is every data and delete file reachable from any live snapshot, "prior" those of the snapshots from
 * before the monitored write, "added" and "removed" what its new snapshot changed.
 *
 * <ul>
 *   <li>{@code orphan = physical - referenced}
 *   <li>{@code missing = referenced - physical}
 *   <li>{@code killed}: the files of rejected attempts the harness's kill caught (a SIGKILL skips their cleanup);
 *       {@code knownRejectedOrphans = orphan ∩ killed}, {@code unknownOrphans = orphan - killed}: the loss
 *       scenarios tolerate only the first
 *   <li>{@code referencedNotWinner = referenced - prior - winner}, {@code winnerNotReferenced = winner - referenced}
 *   <li>{@code addedNotWinner = added - winner}, {@code winnerNotAdded = winner - added}
 * </ul>
 */
public record AuditResult(
    String tableLocation,
    String dataLocation,
    Long currentSnapshotId,
    int snapshots,
    int newSnapshots,
    boolean builtOnPrior,
    SortedSet<String> physical,
    SortedSet<String> referenced,
    SortedSet<String> prior,
    SortedSet<String> added,
    SortedSet<String> removed,
    SortedSet<String> winner,
    SortedSet<String> rejected,
    SortedSet<String> killed,
    SortedSet<String> orphan,
    SortedSet<String> missing,
    SortedSet<String> knownRejectedOrphans,
    SortedSet<String> unknownOrphans,
    SortedSet<String> referencedRejected,
    SortedSet<String> referencedNotWinner,
    SortedSet<String> winnerNotReferenced,
    SortedSet<String> addedNotWinner,
    SortedSet<String> winnerNotAdded,
    SortedSet<String> referencedOutsideDataLocation) {}
