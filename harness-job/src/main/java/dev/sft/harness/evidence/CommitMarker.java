package dev.sft.harness.evidence;

/**
 * Recorded on the driver after the writer's job commit returned (success) or threw (failure).
 *
 * @param messages the non-null commit messages the job commit was handed: the commit's own count
 */
public record CommitMarker(boolean succeeded, int messages, long timeMillis, String detail) {}
