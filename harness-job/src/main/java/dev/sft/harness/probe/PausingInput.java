package dev.sft.harness.probe;

import dev.sft.harness.evidence.EvidenceLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;

/**
 * The executor-loss scenarios' input hook, as in the reference suite: an initial writer attempt stops supplying
 * rows after {@link ProbeSpec#pauseAfterRows()} (before input end and writer close) and reports the files it owns
 * so far, by its attempt-unique name prefix, until the driver releases it. It sits in the JVM input iterator, so it
 * measures rows supplied to the writer, whichever writer (Iceberg's JVM writer or Comet's native one) consumes them.
 */
public final class PausingInput implements FlatMapFunction<Iterator<Row>, Row> {
  private final ProbeSpec spec;

  public PausingInput(ProbeSpec spec) {
    this.spec = spec;
  }

  @Override
  public Iterator<Row> call(Iterator<Row> rows) {
    return wrap(spec, rows);
  }

  /** The rows, paused after the configured count for an initial attempt; unchanged otherwise. */
  public static Iterator<Row> wrap(ProbeSpec spec, Iterator<Row> rows) {
    AttemptProbe probe = AttemptProbe.current(spec);
    probe.publish(EvidenceLayout.STARTED, java.util.List.of(), "input");
    if (spec.pauseAfterRows() <= 0 || !probe.isInitialAttempt()) {
      return rows;
    }
    return new Iterator<>() {
      private long supplied;
      private boolean paused;

      @Override
      public boolean hasNext() {
        if (!paused && supplied >= spec.pauseAfterRows()) {
          paused = true;
          pause();
        }
        return rows.hasNext();
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        supplied++;
        return rows.next();
      }

      private void pause() {
        try {
          probe.publish(EvidenceLayout.PAUSED, probe.ownedFiles(), "paused after " + supplied + " rows", supplied);
          probe.awaitRelease(probe.ownedFiles());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }
}
