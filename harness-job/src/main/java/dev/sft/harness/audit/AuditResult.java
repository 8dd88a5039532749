package dev.sft.harness.audit;

import java.util.SortedSet;

/**
 * What the storage audit found, as written to {@code storage-audit.json}. All sets hold local absolute paths.
 *
 * <ul>
 *   <li>{@code orphan = physical - referenced}
 *   <li>{@code missing = referenced - physical}
 *   <li>{@code knownRejectedOrphans = orphan ∩ rejected}, {@code unknownOrphans = orphan - rejected}
 * </ul>
 */
public record AuditResult(
    String tableLocation,
    String dataLocation,
    Long currentSnapshotId,
    int snapshots,
    SortedSet<String> physical,
    SortedSet<String> referenced,
    SortedSet<String> winner,
    SortedSet<String> rejected,
    SortedSet<String> orphan,
    SortedSet<String> missing,
    SortedSet<String> knownRejectedOrphans,
    SortedSet<String> unknownOrphans,
    SortedSet<String> referencedRejected,
    SortedSet<String> referencedNotWinner,
    SortedSet<String> winnerNotReferenced,
    SortedSet<String> referencedOutsideDataLocation) {}
