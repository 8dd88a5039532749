package dev.sft.harness.evidence;

/**
 * What the row verification read: the expected multiset's counts, the table's, and both EXCEPT ALL differences of
 * whole rows between them.
 *
 * @param expectedNotInTable rows of the expected multiset missing from the table
 * @param tableNotInExpected rows of the table that the expected multiset does not have (duplicates included)
 */
public record RowCounts(long expectedRows, long expectedDistinctIds, long rows, long distinctIds,
    long expectedNotInTable, long tableNotInExpected) {}
