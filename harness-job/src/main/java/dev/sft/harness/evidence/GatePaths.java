package dev.sft.harness.evidence;

import java.nio.file.Path;
import java.util.UUID;

/**
 * Where the probe's markers and gates live inside a scenario's evidence folder; the names are
 * {@link EvidenceLayout}'s.
 */
public record GatePaths(Path scenarioDir) {
  public Path gates() {
    return scenarioDir.resolve(EvidenceLayout.GATES);
  }

  public Path attempts() {
    return gates().resolve(EvidenceLayout.ATTEMPTS);
  }

  public Path attempt(int partition, long taskAttemptId) {
    return attempts().resolve(EvidenceLayout.attemptFolder(partition, taskAttemptId));
  }

  public Path release(int partition, long taskAttemptId) {
    return attempt(partition, taskAttemptId).resolve(EvidenceLayout.RELEASE);
  }

  /** The driver's emergency release: every held attempt continues (used when a scenario is torn down). */
  public Path releaseAll() {
    return gates().resolve(EvidenceLayout.RELEASE_ALL);
  }

  public Path accepted() {
    return gates().resolve(EvidenceLayout.ACCEPTED);
  }

  /** The attempt's accepted marker. */
  public Path acceptedMarker(AttemptIdentity attempt) {
    return accepted().resolve(attemptName(attempt) + EvidenceLayout.MARKER_SUFFIX);
  }

  /** A second accepted message of an attempt that already has one: recorded, never overwriting the first. */
  public Path acceptedDuplicates() {
    return gates().resolve(EvidenceLayout.ACCEPTED_DUPLICATES);
  }

  /** A new marker for another accepted message of {@code attempt}. */
  public Path newAcceptedDuplicateMarker(AttemptIdentity attempt) {
    return acceptedDuplicates().resolve(
        attemptName(attempt) + "-" + UUID.randomUUID() + EvidenceLayout.MARKER_SUFFIX);
  }

  /** Accepted messages the probe could not attribute to an attempt. */
  public Path acceptedUnattributed() {
    return gates().resolve(EvidenceLayout.ACCEPTED_UNATTRIBUTED);
  }

  /** A new marker for an accepted message the probe could not attribute. */
  public Path newUnattributedMarker() {
    return acceptedUnattributed().resolve(UUID.randomUUID() + EvidenceLayout.MARKER_SUFFIX);
  }

  public Path commits() {
    return gates().resolve(EvidenceLayout.COMMITS);
  }

  /** A new commit marker, named by the time it is taken. */
  public Path newCommitMarker() {
    return commits().resolve(EvidenceLayout.COMMIT_PREFIX + System.currentTimeMillis() + "-" + UUID.randomUUID()
        + EvidenceLayout.MARKER_SUFFIX);
  }

  private static String attemptName(AttemptIdentity attempt) {
    return EvidenceLayout.attemptFolder(attempt.partition(), attempt.taskAttemptId());
  }
}
