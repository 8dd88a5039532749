package dev.sft.harness.judge;

/** What the row verification read from the table: counts and both EXCEPT ALL differences against the source. */
public record RowCounts(long rows, long distinctIds, long expectedNotInTable, long tableNotInExpected) {}
