package dev.sft.harness.audit;

import dev.sft.harness.evidence.WriterFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * Reads {@link TableFiles} out of a table's metadata: the live data and delete files of every snapshot's data and
 * delete manifests (each manifest read once, however many snapshots share it), and what the snapshots the write
 * made added and removed.
 */
final class TableFileReader {
  private TableFileReader() {}

  static TableFiles read(Table table, Set<Long> priorSnapshots) {
    Map<String, SortedSet<String>> manifests = new HashMap<>();
    SortedSet<String> referenced = new TreeSet<>();
    SortedSet<String> prior = new TreeSet<>();
    SortedSet<String> added = new TreeSet<>();
    SortedSet<String> removed = new TreeSet<>();
    int snapshots = 0;
    int fresh = 0;
    Long priorCurrent = null;
    for (Snapshot snapshot : table.snapshots()) {
      snapshots++;
      boolean isPrior = priorSnapshots.contains(snapshot.snapshotId());
      SortedSet<String> live = new TreeSet<>();
      for (ManifestFile manifest : snapshot.allManifests(table.io())) {
        live.addAll(manifests.computeIfAbsent(manifest.path(), p -> liveFiles(table, manifest)));
      }
      referenced.addAll(live);
      if (isPrior) {
        prior.addAll(live);
        priorCurrent = latest(table, priorCurrent, snapshot);
      } else {
        fresh++;
        snapshot.addedDataFiles(table.io()).forEach(f -> added.add(path(f)));
        snapshot.addedDeleteFiles(table.io()).forEach(f -> added.add(path(f)));
        snapshot.removedDataFiles(table.io()).forEach(f -> removed.add(path(f)));
        snapshot.removedDeleteFiles(table.io()).forEach(f -> removed.add(path(f)));
      }
    }
    Snapshot current = table.currentSnapshot();
    boolean builtOnPrior = current == null
        || java.util.Objects.equals(current.parentId(), priorCurrent) && !priorSnapshots.contains(current.snapshotId());
    return new TableFiles(current == null ? null : current.snapshotId(), snapshots, fresh, builtOnPrior, referenced,
        prior, added, removed);
  }

  /** Of two prior snapshots, the later one in the table's history: the table's current snapshot before the write. */
  private static Long latest(Table table, Long known, Snapshot candidate) {
    if (known == null) {
      return candidate.snapshotId();
    }
    return table.snapshot(known).sequenceNumber() >= candidate.sequenceNumber() ? known : candidate.snapshotId();
  }

  private static SortedSet<String> liveFiles(Table table, ManifestFile manifest) {
    SortedSet<String> files = new TreeSet<>();
    try (ManifestReader<? extends ContentFile<?>> reader = manifest.content() == ManifestContent.DATA
        ? ManifestFiles.read(manifest, table.io(), table.specs())
        : ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
      for (ContentFile<?> file : reader) {
        files.add(path(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read manifest " + manifest.path(), e);
    }
    return files;
  }

  private static String path(ContentFile<?> file) {
    return WriterFiles.localPath(file.location());
  }
}
