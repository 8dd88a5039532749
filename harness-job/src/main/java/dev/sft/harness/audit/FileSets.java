package dev.sft.harness.audit;

import java.util.Collection;
import java.util.SortedSet;
import java.util.TreeSet;

/** The set algebra of the audit, kept in one place so it can be tested on its own. */
public final class FileSets {
  private FileSets() {}

  public static SortedSet<String> minus(Collection<String> left, Collection<String> right) {
    SortedSet<String> result = new TreeSet<>(left);
    result.removeAll(right);
    return result;
  }

  public static SortedSet<String> intersect(Collection<String> left, Collection<String> right) {
    SortedSet<String> result = new TreeSet<>(left);
    result.retainAll(right);
    return result;
  }

  /** Builds the audit of a table the write created, from the four observed sets; everything else is derived. */
  public static AuditResult derive(
      String tableLocation, String dataLocation, Long snapshotId, int snapshots,
      Collection<String> physical, Collection<String> referenced,
      Collection<String> winner, Collection<String> rejected, Collection<String> killed) {
    return derive(tableLocation, dataLocation, TableFiles.newTable(snapshotId, snapshots, referenced), physical,
        winner, rejected, killed);
  }

  /** Builds the audit from what the table's metadata says, the inventory and the attribution. */
  public static AuditResult derive(
      String tableLocation, String dataLocation, TableFiles table,
      Collection<String> physical, Collection<String> winner, Collection<String> rejected,
      Collection<String> killed) {
    SortedSet<String> referenced = table.referenced();
    SortedSet<String> orphan = minus(physical, referenced);
    String dataPrefix = dataLocation.endsWith("/") ? dataLocation : dataLocation + "/";
    SortedSet<String> outside = new TreeSet<>();
    for (String file : referenced) {
      if (!file.startsWith(dataPrefix)) {
        outside.add(file);
      }
    }
    return new AuditResult(
        tableLocation,
        dataLocation,
        table.currentSnapshotId(),
        table.snapshots(),
        table.newSnapshots(),
        table.builtOnPrior(),
        new TreeSet<>(physical),
        referenced,
        table.prior(),
        table.added(),
        table.removed(),
        new TreeSet<>(winner),
        new TreeSet<>(rejected),
        new TreeSet<>(killed),
        orphan,
        minus(referenced, physical),
        intersect(orphan, killed),
        minus(orphan, killed),
        intersect(referenced, rejected),
        minus(minus(referenced, table.prior()), winner),
        minus(winner, referenced),
        minus(table.added(), winner),
        minus(winner, table.added()),
        outside);
  }
}
