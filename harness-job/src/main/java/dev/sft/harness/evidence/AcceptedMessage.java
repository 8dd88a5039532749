package dev.sft.harness.evidence;

import java.util.List;

/** Recorded on the driver when Spark's job result handler accepts an attempt's commit message. */
public record AcceptedMessage(AttemptIdentity attempt, List<String> files, long timeMillis) {}
