package dev.sft.harness.audit;

import dev.sft.harness.evidence.WriterFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopFileIO;
import org.apache.iceberg.hadoop.HadoopTables;

/**
 * Compares what is physically on storage with what the table's live snapshots reference. It needs no Spark, so
 * the same code serves the scenarios and the stand-alone audit.
 */
public final class StorageAudit {
  /**
   * Hadoop's local filesystem writes a checksum sidecar {@code .NAME.crc} beside each file {@code NAME}: the only
   * files the inventory ignores, and only beside a file that exists (a stray {@code x.crc}, or the sidecar of a file
   * that is gone, is a file left on storage like any other).
   */
  public static final String CRC_SUFFIX = ".crc";

  private StorageAudit() {}

  /** A Hadoop-catalog table folder, or one of its metadata JSON files (that exact version of the table). */
  public static Table load(String tableLocation) {
    Configuration conf = new Configuration();
    if (tableLocation.endsWith(".metadata.json")) {
      return new BaseTable(new StaticTableOperations(tableLocation, new HadoopFileIO(conf)), tableLocation);
    }
    return new HadoopTables(conf).load(tableLocation);
  }

  public static String dataLocation(Table table) {
    String configured = table.properties().get(TableProperties.WRITE_DATA_LOCATION);
    return WriterFiles.localPath(configured != null ? configured : table.location() + "/data");
  }

  public static AuditResult audit(String tableLocation, Collection<String> winner, Collection<String> rejected,
      Collection<String> killed) {
    return audit(tableLocation, Set.of(), winner, physical -> rejected, physical -> killed);
  }

  /**
   * The audit, with the rejected files attributed from the same inventory the audit takes (a killed attempt's files
   * are known only by their names on storage), so the table is loaded and the data location walked once.
   * {@code priorSnapshots} are the snapshots the table had before the monitored write (none for a new table).
   */
  public static AuditResult audit(String tableLocation, Set<Long> priorSnapshots, Collection<String> winner,
      Function<Collection<String>, Collection<String>> rejectedAmong,
      Function<Collection<String>, Collection<String>> killedAmong) {
    Table table = load(tableLocation);
    String dataLocation = dataLocation(table);
    SortedSet<String> physical = inventory(Path.of(dataLocation));
    return FileSets.derive(
        WriterFiles.localPath(table.location()),
        dataLocation,
        TableFileReader.read(table, priorSnapshots),
        physical,
        winner,
        rejectedAmong.apply(physical),
        killedAmong.apply(physical));
  }

  /** The ids of the table's live snapshots, recorded before a monitored write as its prior state. */
  public static SortedSet<Long> snapshotIds(String tableLocation) {
    SortedSet<Long> ids = new TreeSet<>();
    for (Snapshot snapshot : load(tableLocation).snapshots()) {
      ids.add(snapshot.snapshotId());
    }
    return ids;
  }

  /** Every regular file under the data location, including unfinished ones, except the checksum sidecars of files listed. */
  public static SortedSet<String> inventory(Path dataLocation) {
    SortedSet<String> walked = new TreeSet<>();
    if (!Files.isDirectory(dataLocation)) {
      return walked;
    }
    try (Stream<Path> walk = Files.walk(dataLocation)) {
      walk.filter(Files::isRegularFile).map(Path::toString).forEach(walked::add);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot inventory " + dataLocation, e);
    }
    SortedSet<String> files = new TreeSet<>(walked);
    files.removeIf(file -> sidecarOf(file).filter(walked::contains).isPresent());
    return files;
  }

  /** The file {@code NAME} whose checksum sidecar {@code file} would be ({@code .NAME.crc} beside it), if it has that form. */
  static java.util.Optional<String> sidecarOf(String file) {
    Path path = Path.of(file);
    String name = path.getFileName().toString();
    if (!name.startsWith(".") || !name.endsWith(CRC_SUFFIX) || name.length() <= 1 + CRC_SUFFIX.length()) {
      return java.util.Optional.empty();
    }
    String checked = name.substring(1, name.length() - CRC_SUFFIX.length());
    return java.util.Optional.of(path.resolveSibling(checked).toString());
  }

  /** The data and delete files reachable from every live snapshot. */
  public static SortedSet<String> referenced(Table table) {
    return TableFileReader.read(table, Set.of()).referenced();
  }
}
