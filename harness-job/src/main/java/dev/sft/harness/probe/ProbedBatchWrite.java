package dev.sft.harness.probe;

import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.CommitMarker;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.UnattributedMessage;
import dev.sft.harness.evidence.WriterFiles;
import java.util.List;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteSummary;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * Driver side of the probe. {@link #onDataWriterCommit} is called by Spark's job result handler, so what it records
 * is exactly the set of messages Spark accepted; {@link #commit} records the job commit marker.
 */
public class ProbedBatchWrite implements BatchWrite {
  private final BatchWrite delegate;
  final ProbeSpec spec;
  private final boolean rowLevel;

  public ProbedBatchWrite(BatchWrite delegate, ProbeSpec spec) {
    this(delegate, spec, false);
  }

  /** {@code rowLevel}: a row-level write (its writers pause on input themselves, see {@link WriterPause}). */
  ProbedBatchWrite(BatchWrite delegate, ProbeSpec spec, boolean rowLevel) {
    this.delegate = delegate;
    this.spec = spec;
    this.rowLevel = rowLevel;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new ProbedWriterFactory(delegate.createBatchWriterFactory(info), spec, rowLevel);
  }

  @Override
  public boolean useCommitCoordinator() {
    return delegate.useCommitCoordinator();
  }

  @Override
  public void onDataWriterCommit(WriterCommitMessage message) {
    if (message instanceof AttemptCommitMessage wrapped) {
      // The files of the writer's own message as the driver received it, not the executor's list beside it: the
      // accepted set is then evidence of its own, which the handoff the executor published is compared with.
      recordAccepted(wrapped.attempt(), CommitMessageFiles.of(wrapped.writerMessage()));
    } else if (message != null) {
      // Comet's native writer hands Iceberg's own message over; its files name the attempt that wrote them.
      List<String> files = CommitMessageFiles.of(message);
      AttemptIdentity attempt = WriterFiles.attemptOf(files);
      if (attempt != null) {
        recordAccepted(attempt, files);
      } else {
        Markers.publish(spec.paths().newUnattributedMarker(),
            new UnattributedMessage(message.getClass().getName(), files, System.currentTimeMillis(),
                "the message is not wrapped and its files do not name exactly one attempt"));
      }
    }
    delegate.onDataWriterCommit(AttemptCommitMessage.unwrap(message));
  }

  /**
   * Publishes the attempt's accepted marker exactly once. Spark calls this on the driver's single DAG event loop,
   * and only the driver writes accepted markers, so checking before publishing cannot race; a second message of
   * the same attempt is recorded beside, never over, the first.
   */
  private synchronized void recordAccepted(AttemptIdentity attempt, List<String> files) {
    AcceptedMessage accepted = new AcceptedMessage(attempt, files, System.currentTimeMillis());
    java.nio.file.Path marker = spec.paths().acceptedMarker(attempt);
    if (java.nio.file.Files.exists(marker)) {
      Markers.publish(spec.paths().newAcceptedDuplicateMarker(attempt), accepted);
    } else {
      Markers.publish(marker, accepted);
    }
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    recordCommit(messages, () -> delegate.commit(AttemptCommitMessage.unwrapAll(messages)));
  }

  @Override
  public void commit(WriterCommitMessage[] messages, WriteSummary summary) {
    recordCommit(messages, () -> delegate.commit(AttemptCommitMessage.unwrapAll(messages), summary));
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    delegate.abort(AttemptCommitMessage.unwrapAll(messages));
  }

  /** The commit marker's count is the commit's own: the non-null messages it was handed. */
  private void recordCommit(WriterCommitMessage[] messages, Runnable commit) {
    int committed = (int) java.util.Arrays.stream(messages).filter(java.util.Objects::nonNull).count();
    recordCommit(spec, committed, null, commit);
  }

  /** Runs {@code commit} and records its commit marker; {@code detail} describes a successful commit. */
  static void recordCommit(ProbeSpec spec, int committed, String detail, Runnable commit) {
    java.nio.file.Path marker = spec.paths().newCommitMarker();
    try {
      commit.run();
    } catch (RuntimeException e) {
      Markers.publish(marker, new CommitMarker(false, committed, System.currentTimeMillis(), e.toString()));
      throw e;
    }
    Markers.publish(marker, new CommitMarker(true, committed, System.currentTimeMillis(), detail));
  }
}
