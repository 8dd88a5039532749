package dev.sft.harness.evidence;

import java.util.List;

/**
 * An accepted commit message the probe could not attribute to one attempt (not wrapped, and its files do not name a
 * single attempt). It is recorded rather than dropped, so the scheduler verdict can fail on it.
 */
public record UnattributedMessage(String messageClass, List<String> files, long timeMillis, String reason) {}
