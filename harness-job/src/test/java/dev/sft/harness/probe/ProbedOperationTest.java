package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.judge.WriteEvidence;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DeltaBatchWrite;
import org.apache.spark.sql.connector.write.DeltaWrite;
import org.apache.spark.sql.connector.write.DeltaWriteBuilder;
import org.apache.spark.sql.connector.write.DeltaWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.SupportsDelta;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A probed row-level operation plans like the writer's own: copy-on-write stays a group rewrite, merge-on-read stays
 * a delta with Iceberg's row ID, and both writes keep the writer's distribution, ordering and partition count. The
 * driver side records each accepted message once (delete files included) and the commit's own count.
 */
class ProbedOperationTest {
  @TempDir
  Path dir;

  static final NamedReference FILE = Expressions.column("_file");
  static final NamedReference POS = Expressions.column("_pos");
  static final Distribution BY_FILE = Distributions.clustered(new Expression[] {FILE});
  static final SortOrder[] BY_POSITION = {Expressions.sort(FILE, SortDirection.ASCENDING),
      Expressions.sort(POS, SortDirection.ASCENDING)};

  ProbeSpec spec(List<Integer> holdBeforeInput) {
    return new ProbeSpec(dir.toString(), dir.resolve("data").toString(), List.of(2), 100, holdBeforeInput, 1000);
  }

  /** Requirements shaped like Iceberg's for a row-level write (test double). */
  interface Requirements extends RequiresDistributionAndOrdering {
    @Override
    default Distribution requiredDistribution() {
      return BY_FILE;
    }

    @Override
    default SortOrder[] requiredOrdering() {
      return BY_POSITION;
    }

    @Override
    default boolean distributionStrictlyRequired() {
      return false;
    }

    @Override
    default int requiredNumPartitions() {
      return 4;
    }

    @Override
    default long advisoryPartitionSizeInBytes() {
      return 12345;
    }
  }

  /** The writer's delta batch write, reduced to recording what the probe hands it (test double). */
  static final class RecordingDeltaBatchWrite implements DeltaBatchWrite {
    final List<WriterCommitMessage> accepted = new ArrayList<>();
    WriterCommitMessage[] committed;

    @Override
    public DeltaWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      return (partitionId, taskId) -> {
        throw new UnsupportedOperationException("executor side: covered by the row-level IT");
      };
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

  static final class CopyOnWrite implements RowLevelOperation {
    final BatchWrite batch = new ProbedBatchWriteTest.RecordingBatchWrite();

    @Override
    public Command command() {
      return Command.UPDATE;
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
      throw new UnsupportedOperationException("not used");
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
      return new WriteBuilder() {
        @Override
        public Write build() {
          return new Requirements() {
            @Override
            public BatchWrite toBatch() {
              return batch;
            }
          };
        }
      };
    }

    @Override
    public NamedReference[] requiredMetadataAttributes() {
      return new NamedReference[] {FILE, POS};
    }
  }

  static final class MergeOnRead implements SupportsDelta {
    final RecordingDeltaBatchWrite batch = new RecordingDeltaBatchWrite();

    @Override
    public Command command() {
      return Command.MERGE;
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
      throw new UnsupportedOperationException("not used");
    }

    @Override
    public DeltaWriteBuilder newWriteBuilder(LogicalWriteInfo info) {
      return new DeltaWriteBuilder() {
        @Override
        public DeltaWrite build() {
          return new DeltaRequirements() {
            @Override
            public DeltaBatchWrite toBatch() {
              return batch;
            }
          };
        }
      };
    }

    @Override
    public NamedReference[] rowId() {
      return new NamedReference[] {FILE, POS};
    }

    @Override
    public boolean representUpdateAsDeleteAndInsert() {
      return true;
    }
  }

  interface DeltaRequirements extends DeltaWrite, Requirements {}

  static void assertSameRequirements(Write probed) {
    assertThat(probed).isInstanceOf(RequiresDistributionAndOrdering.class);
    RequiresDistributionAndOrdering r = (RequiresDistributionAndOrdering) probed;
    assertThat(r.requiredDistribution()).isSameAs(BY_FILE);
    assertThat(r.requiredOrdering()).isSameAs(BY_POSITION);
    assertThat(r.distributionStrictlyRequired()).isFalse();
    assertThat(r.requiredNumPartitions()).isEqualTo(4);
    assertThat(r.advisoryPartitionSizeInBytes()).isEqualTo(12345);
  }

  @Test
  void copyOnWriteStaysAGroupRewriteWithTheWritersRequirements() {
    CopyOnWrite operation = new CopyOnWrite();
    RowLevelOperation probed = ProbedOperation.probe(operation, spec(List.of()));

    assertThat(probed).isNotInstanceOf(SupportsDelta.class);
    assertThat(probed.command()).isEqualTo(RowLevelOperation.Command.UPDATE);
    assertThat(probed.requiredMetadataAttributes()).containsExactly(FILE, POS);
    Write write = probed.newWriteBuilder(null).build();
    assertSameRequirements(write);
    assertThat(write.toBatch()).isInstanceOf(ProbedBatchWrite.class);
  }

  @Test
  void mergeOnReadStaysADeltaWithTheWritersRowIdAndRequirements() {
    MergeOnRead operation = new MergeOnRead();
    RowLevelOperation probed = ProbedOperation.probe(operation, spec(List.of()));

    assertThat(probed).isInstanceOf(SupportsDelta.class);
    SupportsDelta delta = (SupportsDelta) probed;
    assertThat(delta.rowId()).containsExactly(FILE, POS);
    assertThat(delta.representUpdateAsDeleteAndInsert()).isTrue();
    DeltaWrite write = delta.newWriteBuilder(null).build();
    assertSameRequirements(write);
    DeltaBatchWrite batch = write.toBatch();
    assertThat(batch.createBatchWriterFactory(null)).isInstanceOf(ProbedDeltaWriterFactory.class);
  }

  /** A message shaped like Iceberg's DeltaTaskCommit: its data and delete files, as the driver receives it. */
  static final class DeltaTaskCommit implements WriterCommitMessage {
    private final String data;
    private final String deletes;

    DeltaTaskCommit(String data, String deletes) {
      this.data = data;
      this.deletes = deletes;
    }

    @SuppressWarnings("unused")
    private org.apache.iceberg.DataFile[] dataFiles() {
      return new org.apache.iceberg.DataFile[] {org.apache.iceberg.DataFiles.builder(
              org.apache.iceberg.PartitionSpec.unpartitioned())
          .withPath(data).withFileSizeInBytes(1).withRecordCount(1)
          .withFormat(org.apache.iceberg.FileFormat.PARQUET).build()};
    }

    @SuppressWarnings("unused")
    private org.apache.iceberg.DeleteFile[] deleteFiles() {
      return new org.apache.iceberg.DeleteFile[] {org.apache.iceberg.FileMetadata.deleteFileBuilder(
              org.apache.iceberg.PartitionSpec.unpartitioned())
          .ofPositionDeletes().withPath(deletes).withFileSizeInBytes(1).withRecordCount(1)
          .withFormat(org.apache.iceberg.FileFormat.PARQUET).build()};
    }
  }

  @Test
  void aDeltaCommitRecordsEachAcceptedMessageWithItsDeleteFilesAndTheCommitsCount() {
    MergeOnRead operation = new MergeOnRead();
    DeltaBatchWrite batch = ((SupportsDelta) ProbedOperation.probe(operation, spec(List.of())))
        .newWriteBuilder(null).build().toBatch();
    List<String> files = List.of("/d/00001-21-op-00001.parquet", "/d/00001-21-op-00002-deletes.puffin");
    WriterCommitMessage inner = new DeltaTaskCommit(files.get(0), files.get(1));
    AttemptCommitMessage message = new AttemptCommitMessage(new AttemptIdentity(5, 0, 1, 21, 0, "2", "h", 7), files,
        inner);

    batch.onDataWriterCommit(message);
    batch.commit(new WriterCommitMessage[] {message, null});

    WriteEvidence evidence = WriteEvidence.read(spec(List.of()).paths());
    assertThat(evidence.accepted()).singleElement().satisfies(a -> {
      assertThat(a.attempt().taskAttemptId()).isEqualTo(21L);
      assertThat(a.files()).containsExactlyElementsOf(files);
    });
    assertThat(evidence.commits()).singleElement().satisfies(c -> {
      assertThat(c.succeeded()).isTrue();
      assertThat(c.messages()).isEqualTo(1);
    });
    assertThat(operation.batch.accepted).containsExactly(inner);
    assertThat(operation.batch.committed).containsExactly(inner, null);
  }

  @Test
  void aHoldBeforeInputIsLeftToTheShuffleManagerAndTheOperationIsProbedAsUsual() {
    assertThat(ProbedOperation.probe(new MergeOnRead(), spec(List.of(1)))).isInstanceOf(ProbedDeltaOperation.class);
  }
}
