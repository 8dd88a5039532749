package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.judge.WriteEvidence;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.ContentFile;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver side of the probe records every accepted message once, and the commit's own message count. */
class ProbedBatchWriteTest {
  @TempDir
  Path dir;

  /** The writer under test's batch write, reduced to recording what the probe hands it (test double). */
  static final class RecordingBatchWrite implements BatchWrite {
    final List<WriterCommitMessage> accepted = new ArrayList<>();
    WriterCommitMessage[] committed;

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      throw new UnsupportedOperationException("not used by these tests");
    }

    @Override
    public void onDataWriterCommit(WriterCommitMessage message) {
      accepted.add(message);
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
      committed = messages;
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {}
  }

  /** An unwrapped message shaped like Iceberg's TaskCommit, whose files name no attempt. */
  static final class AnonymousTaskCommit implements WriterCommitMessage {
    @SuppressWarnings("unused")
    private ContentFile<?>[] files() {
      return new ContentFile<?>[0];
    }
  }

  /** A message shaped like Iceberg's TaskCommit, naming one data file, as the driver receives it. */
  static final class TaskCommit implements WriterCommitMessage {
    private final String path;

    TaskCommit(String path) {
      this.path = path;
    }

    @SuppressWarnings("unused")
    private ContentFile<?>[] files() {
      return new ContentFile<?>[] {org.apache.iceberg.DataFiles.builder(org.apache.iceberg.PartitionSpec.unpartitioned())
          .withPath(path).withFileSizeInBytes(1).withRecordCount(1)
          .withFormat(org.apache.iceberg.FileFormat.PARQUET).build()};
    }
  }

  static final WriterCommitMessage INNER = new TaskCommit("/data/00000-10-a.parquet");

  ProbeSpec spec() {
    return new ProbeSpec(dir.toString(), dir.resolve("data").toString(), List.of(), 0, List.of(), 1000);
  }

  static AttemptCommitMessage wrapped(long tid) {
    return new AttemptCommitMessage(new AttemptIdentity(3, 0, 0, tid, 0, "1", "h", 9),
        List.of("/data/00000-" + tid + "-a.parquet"), INNER);
  }

  @Test
  void aSecondMessageOfTheSameAttemptIsRecordedBesideTheFirstNeverOverIt() {
    RecordingBatchWrite writer = new RecordingBatchWrite();
    ProbedBatchWrite probed = new ProbedBatchWrite(writer, spec());
    probed.onDataWriterCommit(wrapped(10));
    probed.onDataWriterCommit(wrapped(10));
    probed.onDataWriterCommit(wrapped(11));

    WriteEvidence evidence = WriteEvidence.read(spec().paths());
    assertThat(evidence.accepted()).extracting(a -> a.attempt().taskAttemptId()).containsExactly(10L, 11L);
    assertThat(evidence.duplicateAccepted()).extracting(a -> a.attempt().taskAttemptId()).containsExactly(10L);
    assertThat(writer.accepted).containsOnly(INNER).hasSize(3);
  }

  @Test
  void theAcceptedFilesAreTheOnesTheDriverReceivedNotTheExecutorsListBesideThem() {
    RecordingBatchWrite writer = new RecordingBatchWrite();
    WriterCommitMessage received = new TaskCommit("/data/00000-10-received.parquet");
    new ProbedBatchWrite(writer, spec()).onDataWriterCommit(new AttemptCommitMessage(
        new AttemptIdentity(3, 0, 0, 10, 0, "1", "h", 9), List.of("/data/00000-10-claimed.parquet"), received));

    WriteEvidence evidence = WriteEvidence.read(spec().paths());
    assertThat(evidence.accepted()).singleElement()
        .satisfies(a -> assertThat(a.files()).containsExactly("/data/00000-10-received.parquet"));
    assertThat(writer.accepted).containsExactly(received);
  }

  @Test
  void aMessageThatNamesNoAttemptIsRecordedNotDropped() {
    RecordingBatchWrite writer = new RecordingBatchWrite();
    AnonymousTaskCommit anonymous = new AnonymousTaskCommit();
    new ProbedBatchWrite(writer, spec()).onDataWriterCommit(anonymous);

    WriteEvidence evidence = WriteEvidence.read(spec().paths());
    assertThat(evidence.accepted()).isEmpty();
    assertThat(evidence.unattributedAccepted()).singleElement()
        .satisfies(u -> assertThat(u.messageClass()).isEqualTo(AnonymousTaskCommit.class.getName()));
    assertThat(writer.accepted).containsExactly(anonymous);
  }

  @Test
  void theCommitMarkerCountsTheNonNullMessagesTheCommitWasHanded() {
    RecordingBatchWrite writer = new RecordingBatchWrite();
    new ProbedBatchWrite(writer, spec()).commit(new WriterCommitMessage[] {wrapped(10), null, wrapped(12)});

    WriteEvidence evidence = WriteEvidence.read(spec().paths());
    assertThat(evidence.commits()).singleElement().satisfies(c -> {
      assertThat(c.succeeded()).isTrue();
      assertThat(c.messages()).isEqualTo(2);
    });
    assertThat(writer.committed).containsExactly(INNER, null, INNER);
  }
}
