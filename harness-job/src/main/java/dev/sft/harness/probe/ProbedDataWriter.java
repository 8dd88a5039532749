package dev.sft.harness.probe;

import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.WriterCalls;
import java.io.IOException;
import dev.sft.contract.Pin;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * Wraps Iceberg's JVM data writer inside one task attempt. It publishes the attempt's markers and, for held
 * partitions, waits after handoff (the writer has committed its files and produced its message, but the scheduler
 * has not yet seen the task succeed) until the driver releases it; an initial attempt of a partition held before its
 * result waits there too, after its handoff marker. A held attempt that Spark kills leaves the wait by exception, so
 * Spark runs the writer's normal abort path, which is what the speculation scenarios observe. A row-level write's
 * writer ({@link ProbedDeltaWriter} for merge-on-read) also pauses on input.
 */
class ProbedDataWriter implements DataWriter<InternalRow> {
  private final DataWriter<InternalRow> delegate;
  private final AttemptProbe probe;
  /** Pauses row-level writes on input (see {@link WriterPause}); appends pause in their input instead. */
  final WriterPause pause;
  private List<String> handedOff = List.of();
  /** Spark's calls on the writer, recorded before each is passed on, so a failing call is recorded too. */
  private final WriterCalls.Log calls = new WriterCalls.Log();

  ProbedDataWriter(DataWriter<InternalRow> delegate, ProbeSpec spec) {
    this(delegate, spec, false);
  }

  ProbedDataWriter(DataWriter<InternalRow> delegate, ProbeSpec spec, boolean rowLevel) {
    this.delegate = delegate;
    this.probe = AttemptProbe.current(spec);
    this.pause = rowLevel ? WriterPause.of(probe) : WriterPause.none(probe);
    probe.publish(EvidenceLayout.STARTED, List.of(), rowLevel ? "row-level data writer" : "data writer");
  }

  @Override
  public void write(InternalRow row) throws IOException {
    calls.call(WriterCalls.WRITE);
    pause.beforeRow();
    delegate.write(row);
  }

  @Override
  public void write(InternalRow metadata, InternalRow row) throws IOException {
    calls.call(WriterCalls.WRITE);
    pause.beforeRow();
    delegate.write(metadata, row);
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    calls.call(WriterCalls.COMMIT);
    WriterCommitMessage message = delegate.commit();
    handedOff = CommitMessageFiles.of(message);
    probe.publish(EvidenceLayout.HANDOFF, handedOff, null);
    ShuffleLossPin.atHandoff(probe, handedOff);
    if (probe.spec().holdsAfterHandoff(probe.attempt().partition())) {
      probe.awaitRelease(handedOff);
      probe.publish(EvidenceLayout.RELEASED, handedOff, null);
    }
    if (probe.holdsBeforeResult()) {
      // commit() has returned the message and the files are closed; Spark sends the result only after we return.
      probe.holdBeforeResult(handedOff, "the data writer's commit() returned " + message.getClass().getName()
          + " naming " + handedOff.size() + " file(s); the task's result is held before it goes to the driver");
    }
    return new AttemptCommitMessage(probe.attempt(), handedOff, message);
  }

  @Override
  public void abort() throws IOException {
    calls.call(WriterCalls.ABORT);
    // The writer's abort runs exactly as Spark calls it, with the kill's interrupt pending if it is; the probe
    // records that state (and the executor log's position) before and after, and under the pin only adds time.
    boolean pinned = probe.spec().pins(Pin.LOSER_ABORT_INTERRUPTED);
    if (pinned && TaskContext.get() != null) {
      // A kill's interrupt can be gone by the time the abort begins (seen after the gate rethrew it pending);
      // Spark interrupts again when the stage finishes, so wait for that one.
      LoserAbortPin.awaitKillInterrupt(TaskContext.get());
    }
    AbortWatch watch = AbortWatch.begin();
    Optional<LoserAbortPin.PoolHold> poolHold = pinned && watch.interrupted()
        ? LoserAbortPin.holdDeletePool(probe.spec().timeoutMillis()) : Optional.empty();
    try {
      delegate.abort();
    } finally {
      poolHold.ifPresent(hold -> {
        hold.release();
        // Only a saturated pool kept every delete queued; otherwise the pin was not reached and says nothing.
        if (hold.saturated()) {
          probe.publish(EvidenceLayout.PINNED, handedOff, Pin.LOSER_ABORT_INTERRUPTED.id() + ": held all "
              + hold.threads() + " thread(s) of Iceberg's delete pool while the abort ran, interrupted from its start");
        }
      });
      // What the attempt handed off plus what its name prefix still finds on disk after the writer's own abort.
      TaskContext context = TaskContext.get();
      String reason = context != null && context.getKillReason().isDefined() ? context.getKillReason().get() : null;
      Set<String> files = new TreeSet<>(handedOff);
      files.addAll(probe.ownedFiles());
      probe.publishAbort(List.copyOf(files), reason, watch.end());
    }
  }

  @Override
  public void close() throws IOException {
    calls.call(WriterCalls.CLOSE);
    try {
      delegate.close();
    } finally {
      probe.publishCalls(calls.calls());
    }
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return delegate.currentMetricsValues();
  }
}
