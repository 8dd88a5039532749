package dev.sft.harness.evidence;

import java.nio.file.Path;

/**
 * Where the probe's markers and gates live inside a scenario's evidence folder. Attempt folders are named by
 * partition and task attempt id (TID), which Spark never reuses, so every marker is unique per attempt.
 */
public record GatePaths(Path scenarioDir) {
  public Path gates() {
    return scenarioDir.resolve(EvidenceLayout.GATES);
  }

  public Path attempts() {
    return gates().resolve("attempts");
  }

  public Path attempt(int partition, long taskAttemptId) {
    return attempts().resolve("p" + partition + "-t" + taskAttemptId);
  }

  public Path release(int partition, long taskAttemptId) {
    return attempt(partition, taskAttemptId).resolve(RELEASE);
  }

  /** The driver's emergency release: every held attempt continues (used when a scenario is torn down). */
  public Path releaseAll() {
    return gates().resolve("release-all");
  }

  public Path accepted() {
    return gates().resolve("accepted");
  }

  /** A second accepted message of an attempt that already has one: recorded, never overwriting the first. */
  public Path acceptedDuplicates() {
    return gates().resolve("accepted-duplicates");
  }

  /** Accepted messages the probe could not attribute to an attempt. */
  public Path acceptedUnattributed() {
    return gates().resolve("accepted-unattributed");
  }

  public Path commits() {
    return gates().resolve("commits");
  }

  public static final String STARTED = "started.json";
  public static final String HANDOFF = "handoff.json";
  public static final String PAUSED = "paused.json";
  public static final String HELD_BEFORE_INPUT = "held-before-input.json";
  /**
   * Published by an attempt held after its writer committed, before its result goes to the driver
   * ({@code ProbeSpec.holdBeforeResult()}), with its complete files.
   */
  public static final String HELD_AFTER_COMMIT = "held-after-commit.json";
  public static final String RELEASE = "release";
  public static final String RELEASED = "released.json";
  public static final String ABORTED = "aborted.json";
  public static final String GATE_TIMEOUT = "gate-timeout.json";
  /** Published by a task completion listener when the attempt's task is over, whatever its outcome. */
  public static final String COMPLETED = "completed.json";
}
