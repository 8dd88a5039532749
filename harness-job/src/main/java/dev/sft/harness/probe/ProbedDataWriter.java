package dev.sft.harness.probe;

import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * Wraps the writer under test inside one task attempt. It publishes the attempt's markers, pauses initial attempts
 * after a number of rows when asked (executor-loss scenarios) and, for held partitions, waits after handoff (the writer has committed its files and produced its message, but the scheduler has not yet
 * seen the task succeed) until the driver releases it. A held attempt that Spark kills throws out of the wait, so
 * Spark runs the writer's normal abort path, which is what the speculation scenarios observe.
 */
final class ProbedDataWriter implements DataWriter<InternalRow> {
  private final DataWriter<InternalRow> delegate;
  private final ProbeSpec spec;
  private final GatePaths paths;
  private final AttemptIdentity attempt;
  private final Path attemptDir;
  private List<String> handedOff = List.of();
  private boolean pauseArmed;
  private long rowsWritten;

  ProbedDataWriter(DataWriter<InternalRow> delegate, ProbeSpec spec) {
    this.delegate = delegate;
    this.spec = spec;
    this.paths = spec.paths();
    this.attempt = AttemptIdentity.current();
    this.attemptDir = paths.attempt(attempt.partition(), attempt.taskAttemptId());
    this.pauseArmed = spec.pauseAfterRows() > 0 && Gate.isInitialAttempt(attempt);
    publish(GatePaths.STARTED, List.of(), null);
  }

  @Override
  public void write(InternalRow row) throws IOException {
    pauseIfDue();
    delegate.write(row);
    rowsWritten++;
  }

  @Override
  public void write(InternalRow metadata, InternalRow row) throws IOException {
    pauseIfDue();
    delegate.write(metadata, row);
    rowsWritten++;
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    WriterCommitMessage message = delegate.commit();
    handedOff = WriterFiles.files(message);
    publish(GatePaths.HANDOFF, handedOff, null);
    if (spec.holdsAfterHandoff(attempt.partition())) {
      awaitRelease();
      publish(GatePaths.RELEASED, handedOff, null);
    }
    return new AttemptCommitMessage(attempt, handedOff, message);
  }

  @Override
  public void abort() throws IOException {
    try {
      delegate.abort();
    } finally {
      // Record what the writer's own abort left behind; the audit later proves it from the storage side too.
      TaskContext context = TaskContext.get();
      String reason = context != null && context.getKillReason().isDefined() ? context.getKillReason().get() : null;
      // What the attempt handed off plus what its name prefix still finds on disk after the writer's own abort.
      java.util.Set<String> files = new java.util.TreeSet<>(handedOff);
      files.addAll(WriterFiles.ownedBy(spec.dataLocation(), attempt));
      publish(GatePaths.ABORTED, List.copyOf(files), reason);
    }
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return delegate.currentMetricsValues();
  }

  private void awaitRelease() throws IOException {
    Gate.awaitRelease(spec, attemptDir, diagnostic -> publish(GatePaths.GATE_TIMEOUT, handedOff, diagnostic));
  }

  /**
   * Executor-loss scenarios: the initial attempt stops pulling input after the configured number of rows, before
   * input end and writer close, and reports the files it owns so far (by its attempt-unique name prefix).
   */
  private void pauseIfDue() throws IOException {
    if (pauseArmed && rowsWritten == spec.pauseAfterRows()) {
      pauseArmed = false;
      publish(GatePaths.PAUSED, WriterFiles.ownedBy(spec.dataLocation(), attempt), "paused after "
          + rowsWritten + " rows");
      awaitRelease();
    }
  }

  private void publish(String marker, List<String> files, String detail) {
    Markers.publish(
        attemptDir.resolve(marker),
        new AttemptMarker(
            marker.replace(".json", ""), attempt, WriterFiles.states(files), System.currentTimeMillis(), detail));
  }
}
