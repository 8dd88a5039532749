package dev.sft.harness.probe;

/** Recorded on the driver after the writer's job commit returned (success) or threw (failure). */
public record CommitMarker(boolean succeeded, int messages, long timeMillis, String detail) {}
