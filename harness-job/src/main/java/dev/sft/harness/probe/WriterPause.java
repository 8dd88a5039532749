package dev.sft.harness.probe;

import dev.sft.harness.evidence.EvidenceLayout;
import java.io.IOException;

/**
 * The pause on input for a row-level write (DELETE, UPDATE, MERGE). Its rows come from Spark's own scan of the
 * table, not from a scenario's input RDD, so {@link PausingInput} has nowhere to sit; the probed writer pauses
 * instead, with the same rule: an initial attempt (stage attempt 0, attempt 0) that has been supplied
 * {@link ProbeSpec#pauseAfterRows()} rows publishes {@code paused.json} with the files it owns so far and waits for
 * the driver's release before it takes the next row. A row is one writer call: a written row (copy-on-write), or a
 * delete, update, insert or reinsert (merge-on-read; Iceberg's UPDATE is a delete plus a reinsert).
 */
final class WriterPause {
  private final AttemptProbe probe;
  private final long afterRows;
  private long supplied;
  private boolean paused;

  private WriterPause(AttemptProbe probe, long afterRows) {
    this.probe = probe;
    this.afterRows = afterRows;
  }

  /** No pause: the append path, which pauses in its input. */
  static WriterPause none(AttemptProbe probe) {
    return new WriterPause(probe, 0);
  }

  /** The spec's pause for this attempt, if it is an initial attempt; none otherwise. */
  static WriterPause of(AttemptProbe probe) {
    return new WriterPause(probe, probe.isInitialAttempt() ? probe.spec().pauseAfterRows() : 0);
  }

  /** Called before each row reaches the writer under test. */
  void beforeRow() throws IOException {
    if (afterRows > 0 && !paused && supplied >= afterRows) {
      paused = true;
      probe.publish(EvidenceLayout.PAUSED, probe.ownedFiles(), "paused in the writer after " + supplied + " rows",
          supplied);
      probe.awaitRelease(probe.ownedFiles());
    }
    supplied++;
  }
}
