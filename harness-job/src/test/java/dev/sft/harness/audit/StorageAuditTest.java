package dev.sft.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit against a real Iceberg table (Hadoop tables, real manifests) with storage faults made by hand. */
class StorageAuditTest {
  private static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  private static DataFile register(Table table, Path file) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "not really parquet; the audit reads manifests, not data");
    return DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(file.toString())
        .withFileSizeInBytes(Files.size(file))
        .withRecordCount(1)
        .withFormat(FileFormat.PARQUET)
        .build();
  }

  @Test
  void findsOrphansAndMissingFilesAndIgnoresOnlyCrcSidecars(@TempDir Path dir) throws Exception {
    Path location = dir.resolve("table");
    Table table = new HadoopTables(new Configuration()).create(SCHEMA, location.toString());
    Path data = location.resolve("data");
    Path kept = data.resolve("00000-1-op-00001.parquet");
    Path deleted = data.resolve("00001-2-op-00001.parquet");
    table.newAppend().appendFile(register(table, kept)).appendFile(register(table, deleted)).commit();

    Path orphan = data.resolve("00000-7-op-00001.parquet");
    Files.writeString(orphan, "left behind by a killed attempt");
    Files.writeString(data.resolve(".00000-1-op-00001.parquet.crc"), "checksum");
    Files.writeString(data.resolve("unfinished.tmp"), "an unfinished file counts too");
    Files.delete(deleted);

    AuditResult audit = StorageAudit.audit(location.toString(),
        List.of(kept.toString(), deleted.toString()), List.of(orphan.toString()));

    assertThat(audit.snapshots()).isEqualTo(1);
    assertThat(audit.referenced()).containsExactlyInAnyOrder(kept.toString(), deleted.toString());
    assertThat(audit.physical()).containsExactlyInAnyOrder(
        kept.toString(), orphan.toString(), data.resolve("unfinished.tmp").toString());
    assertThat(audit.missing()).containsExactly(deleted.toString());
    assertThat(audit.orphan()).containsExactlyInAnyOrder(orphan.toString(), data.resolve("unfinished.tmp").toString());
    assertThat(audit.knownRejectedOrphans()).containsExactly(orphan.toString());
    assertThat(audit.unknownOrphans()).containsExactly(data.resolve("unfinished.tmp").toString());
  }

  @Test
  void anEmptyTableReferencesNothing(@TempDir Path dir) {
    Path location = dir.resolve("empty");
    new HadoopTables(new Configuration()).create(SCHEMA, location.toString());
    AuditResult audit = StorageAudit.audit(location.toString(), List.of(), List.of());
    assertThat(audit.currentSnapshotId()).isNull();
    assertThat(audit.snapshots()).isZero();
    assertThat(audit.physical()).isEmpty();
    assertThat(audit.referenced()).isEmpty();
  }
}
