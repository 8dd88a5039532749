package dev.sft.harness.probe;

import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * Wraps the writer under test inside one task attempt. It publishes the attempt's markers and, for held partitions,
 * waits after handoff (the writer has committed its files and produced its message, but the scheduler has not yet
 * seen the task succeed) until the driver releases it. A held attempt that Spark kills throws out of the wait, so
 * Spark runs the writer's normal abort path, which is what the speculation scenarios observe.
 */
final class ProbedDataWriter implements DataWriter<InternalRow> {
  private static final long POLL_MILLIS = 20;

  private final DataWriter<InternalRow> delegate;
  private final ProbeSpec spec;
  private final GatePaths paths;
  private final AttemptIdentity attempt;
  private final Path attemptDir;
  private List<String> handedOff = List.of();

  ProbedDataWriter(DataWriter<InternalRow> delegate, ProbeSpec spec) {
    this.delegate = delegate;
    this.spec = spec;
    this.paths = spec.paths();
    this.attempt = AttemptIdentity.current();
    this.attemptDir = paths.attempt(attempt.partition(), attempt.taskAttemptId());
    publish(GatePaths.STARTED, List.of(), null);
  }

  @Override
  public void write(InternalRow row) throws IOException {
    delegate.write(row);
  }

  @Override
  public void write(InternalRow metadata, InternalRow row) throws IOException {
    delegate.write(metadata, row);
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
      publish(GatePaths.ABORTED, handedOff, reason);
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
    Path release = attemptDir.resolve(GatePaths.RELEASE);
    Path releaseAll = paths.releaseAll();
    long deadline = System.currentTimeMillis() + spec.timeoutMillis();
    while (!Files.exists(release) && !Files.exists(releaseAll)) {
      if (System.currentTimeMillis() > deadline) {
        String diagnostic = "gate timed out after " + spec.timeoutMillis() + " ms waiting for " + release
            + " or " + releaseAll;
        publish(GatePaths.GATE_TIMEOUT, handedOff, diagnostic);
        throw new IOException(diagnostic);
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        // Spark interrupts a task it kills (e.g. "another attempt succeeded"); rethrowing lets it run abort().
        TaskContext.get().killTaskIfInterrupted();
        throw new InterruptedIOException("interrupted while held at " + attemptDir);
      }
    }
  }

  private void publish(String marker, List<String> files, String detail) {
    Markers.publish(
        attemptDir.resolve(marker),
        new AttemptMarker(
            marker.replace(".json", ""), attempt, WriterFiles.states(files), System.currentTimeMillis(), detail));
  }
}
