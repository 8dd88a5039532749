package dev.sft.harness.evidence;

import java.util.SortedSet;

/**
 * The table as the operation set it up before the monitored write: which snapshots it had, so the audit can tell
 * the write's new snapshot and the files it added from the files the table already referenced. Written to the
 * evidence folder ({@link EvidenceLayout#PRIOR_STATE}) so {@code sft audit} and {@code sft judge} judge the same way.
 *
 * @param operation the operation id
 * @param snapshotIds the table's snapshots before the monitored write (empty for a new table)
 */
public record PriorState(String operation, SortedSet<Long> snapshotIds) {}
