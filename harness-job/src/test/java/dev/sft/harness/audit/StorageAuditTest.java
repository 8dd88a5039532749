package dev.sft.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileMetadata;
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
        List.of(kept.toString(), deleted.toString()), List.of(orphan.toString()), List.of(orphan.toString()));

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
  void onlyTheHiddenSidecarOfAFileThatExistsIsIgnored(@TempDir Path dir) throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Path file = Files.writeString(data.resolve("00000-1-op-00001.parquet"), "data");
    Path sidecar = Files.writeString(data.resolve(".00000-1-op-00001.parquet.crc"), "checksum");
    Path sidecarOfDeleted = Files.writeString(data.resolve(".00001-2-op-00001.parquet.crc"), "checksum of a file gone");
    Path visibleCrc = Files.writeString(data.resolve("stray.crc"), "not a sidecar");
    Path bareDotCrc = Files.writeString(data.resolve("..crc"), "names no file");
    Path onlyCrc = Files.writeString(data.resolve(".crc"), "names no file either");

    assertThat(StorageAudit.inventory(data)).doesNotContain(sidecar.toString()).containsExactlyInAnyOrder(
        file.toString(), sidecarOfDeleted.toString(), visibleCrc.toString(), bareDotCrc.toString(),
        onlyCrc.toString());
  }

  private static DeleteFile positionDeletes(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "position deletes");
    return FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned())
        .ofPositionDeletes()
        .withPath(file.toString())
        .withFileSizeInBytes(Files.size(file))
        .withRecordCount(1)
        .withFormat(FileFormat.PARQUET)
        .build();
  }

  @Test
  void referencedIsEveryLiveSnapshotsDataAndDeleteFilesAndAddedIsTheNewSnapshotsOnly(@TempDir Path dir)
      throws Exception {
    Path location = dir.resolve("table");
    Table table = new HadoopTables(new Configuration()).create(SCHEMA, PartitionSpec.unpartitioned(),
        java.util.Map.of("format-version", "2"), location.toString());
    Path data = location.resolve("data");
    Path oldA = data.resolve("00000-1-prior-00001.parquet");
    Path oldB = data.resolve("00000-1-prior-00002.parquet");
    DataFile priorA = register(table, oldA);
    DataFile priorB = register(table, oldB);
    table.newAppend().appendFile(priorA).appendFile(priorB).commit();
    java.util.Set<Long> prior = StorageAudit.snapshotIds(location.toString());
    // The monitored write: one commit that replaces both prior files and adds a data file and a delete file.
    Path added = data.resolve("00000-9-op-00001.parquet");
    Path deletes = data.resolve("00000-9-op-00002-deletes.parquet");
    table.newRowDelta().addRows(register(table, added)).addDeletes(positionDeletes(deletes))
        .removeRows(priorA).removeRows(priorB).commit();
    List<String> winners = List.of(added.toString(), deletes.toString());

    AuditResult audit = StorageAudit.audit(location.toString(), prior, winners, physical -> List.of(), physical -> List.of());

    assertThat(audit.snapshots()).isEqualTo(2);
    assertThat(audit.newSnapshots()).isEqualTo(1);
    assertThat(audit.builtOnPrior()).isTrue();
    assertThat(audit.prior()).containsExactlyInAnyOrder(oldA.toString(), oldB.toString());
    assertThat(audit.added()).containsExactlyInAnyOrder(added.toString(), deletes.toString());
    assertThat(audit.removed()).containsExactlyInAnyOrder(oldA.toString(), oldB.toString());
    // The replaced files are still referenced by the prior snapshot: neither orphans nor missing.
    assertThat(audit.referenced()).containsExactlyInAnyOrder(oldA.toString(), oldB.toString(), added.toString(),
        deletes.toString());
    assertThat(audit.orphan()).isEmpty();
    assertThat(audit.missing()).isEmpty();
    assertThat(AuditRules.evaluate(audit, true, AuditRules.OrphanPolicy.NONE))
        .allMatch(c -> c.verdict() == dev.sft.contract.Verdict.Passed);

    // Without its delete file among the winners the new snapshot adds a file no accepted winner wrote.
    AuditResult unattributed = StorageAudit.audit(location.toString(), prior, List.of(added.toString()),
        physical -> List.of(), physical -> List.of());
    assertThat(unattributed.addedNotWinner()).containsExactly(deletes.toString());
    assertThat(AuditRules.evaluate(unattributed, true, AuditRules.OrphanPolicy.NONE))
        .filteredOn(c -> c.rule().equals("manifest.equals-accepted-winners"))
        .singleElement().extracting(c -> c.verdict()).isEqualTo(dev.sft.contract.Verdict.Failed);

    // A replaced file deleted from storage is missing: the prior snapshot still references it.
    Files.delete(oldA);
    assertThat(StorageAudit.audit(location.toString(), prior, winners, physical -> List.of(), physical -> List.of()).missing())
        .containsExactly(oldA.toString());
  }

  @Test
  void aSecondCommitOfTheWriteIsASecondNewSnapshot(@TempDir Path dir) throws Exception {
    Path location = dir.resolve("table");
    Table table = new HadoopTables(new Configuration()).create(SCHEMA, location.toString());
    Path data = location.resolve("data");
    table.newAppend().appendFile(register(table, data.resolve("00000-1-prior.parquet"))).commit();
    java.util.Set<Long> prior = StorageAudit.snapshotIds(location.toString());
    Path first = data.resolve("00000-5-op-1.parquet");
    Path second = data.resolve("00001-6-op-1.parquet");
    table.newAppend().appendFile(register(table, first)).commit();
    table.newAppend().appendFile(register(table, second)).commit();
    AuditResult audit = StorageAudit.audit(location.toString(), prior, List.of(first.toString(), second.toString()),
        physical -> List.of(), physical -> List.of());
    assertThat(audit.newSnapshots()).isEqualTo(2);
    assertThat(audit.builtOnPrior()).isFalse();
    assertThat(audit.added()).containsExactlyInAnyOrder(first.toString(), second.toString());
  }

  @Test
  void anEmptyTableReferencesNothing(@TempDir Path dir) {
    Path location = dir.resolve("empty");
    new HadoopTables(new Configuration()).create(SCHEMA, location.toString());
    AuditResult audit = StorageAudit.audit(location.toString(), List.of(), List.of(), List.of());
    assertThat(audit.currentSnapshotId()).isNull();
    assertThat(audit.snapshots()).isZero();
    assertThat(audit.physical()).isEmpty();
    assertThat(audit.referenced()).isEmpty();
  }
}
