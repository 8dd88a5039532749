package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.WriterFiles;
import java.lang.reflect.Constructor;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.io.WriteResult;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.junit.jupiter.api.Test;

/**
 * The writer-files record reads Iceberg's own commit messages, built here from the pinned Iceberg's real classes: an
 * append's or copy-on-write rewrite's {@code TaskCommit}, and a merge-on-read {@code DeltaTaskCommit} with data
 * files, position delete files and deletion vectors. If Iceberg renames an accessor, this test fails, not a run.
 */
class IcebergCommitMessagesTest {
  static final String DATA = "/w/db/t/data/";

  static DataFile dataFile(String name) {
    return DataFiles.builder(PartitionSpec.unpartitioned()).withPath("file:" + DATA + name)
        .withFormat(FileFormat.PARQUET).withFileSizeInBytes(100).withRecordCount(10).build();
  }

  static DeleteFile positionDeletes(String name) {
    return FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned()).ofPositionDeletes()
        .withPath("file:" + DATA + name).withFormat(FileFormat.PARQUET).withFileSizeInBytes(50).withRecordCount(3)
        .build();
  }

  /** A deletion vector: one blob of a Puffin file that holds the vectors of several data files. */
  static DeleteFile deletionVector(String puffin, String dataFile, long offset) {
    return FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned()).ofPositionDeletes()
        .withPath("file:" + DATA + puffin).withFormat(FileFormat.PUFFIN).withFileSizeInBytes(500)
        .withRecordCount(3).withReferencedDataFile("file:" + DATA + dataFile).withContentOffset(offset)
        .withContentSizeInBytes(40).build();
  }

  static WriterCommitMessage deltaTaskCommit(WriteResult result) throws Exception {
    Class<?> type = Class.forName("org.apache.iceberg.spark.source.SparkPositionDeltaWrite$DeltaTaskCommit");
    Constructor<?> constructor = type.getDeclaredConstructor(WriteResult.class);
    constructor.setAccessible(true);
    return (WriterCommitMessage) constructor.newInstance(result);
  }

  static WriterCommitMessage taskCommit(DataFile... files) throws Exception {
    Class<?> type = Class.forName("org.apache.iceberg.spark.source.SparkWrite$TaskCommit");
    Constructor<?> constructor = type.getDeclaredConstructor(DataFile[].class);
    constructor.setAccessible(true);
    return (WriterCommitMessage) constructor.newInstance((Object) files);
  }

  @Test
  void aRewriteListsItsDataFiles() throws Exception {
    WriterCommitMessage message = taskCommit(dataFile("00001-7-op-00001.parquet"), dataFile("00001-7-op-00002.parquet"));
    assertThat(CommitMessageFiles.of(message))
        .containsExactly(DATA + "00001-7-op-00001.parquet", DATA + "00001-7-op-00002.parquet");
  }

  @Test
  void aPositionDeltaListsItsDataAndDeleteFilesButNotTheDeleteFilesItReplaces() throws Exception {
    WriteResult result = WriteResult.builder()
        .addDataFiles(dataFile("00002-9-op-00001.parquet"))
        .addDeleteFiles(positionDeletes("00002-9-op-00002-deletes.parquet"))
        .addRewrittenDeleteFiles(positionDeletes("00002-4-old-00001-deletes.parquet"))
        .addReferencedDataFiles("file:" + DATA + "00002-1-seed-00001.parquet")
        .build();
    List<String> files = CommitMessageFiles.of(deltaTaskCommit(result));
    assertThat(files).containsExactly(DATA + "00002-9-op-00001.parquet", DATA + "00002-9-op-00002-deletes.parquet");
    assertThat(WriterFiles.attemptOf(files)).satisfies(a -> {
      assertThat(a.partition()).isEqualTo(2);
      assertThat(a.taskAttemptId()).isEqualTo(9L);
    });
  }

  @Test
  void deletionVectorsSharingOnePuffinFileListItOnce() throws Exception {
    WriteResult result = WriteResult.builder()
        .addDeleteFiles(deletionVector("00000-12-op-00001-deletes.puffin", "00000-1-seed-00001.parquet", 4),
            deletionVector("00000-12-op-00001-deletes.puffin", "00001-2-seed-00001.parquet", 44))
        .build();
    assertThat(CommitMessageFiles.of(deltaTaskCommit(result))).containsExactly(DATA + "00000-12-op-00001-deletes.puffin");
  }

  @Test
  void anEmptyTaskHandsOffNoFiles() throws Exception {
    assertThat(CommitMessageFiles.of(deltaTaskCommit(WriteResult.builder().build()))).isEmpty();
    assertThat(CommitMessageFiles.of(taskCommit())).isEmpty();
  }
}
