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

  /** Builds the audit from the four observed sets; everything else is derived. */
  public static AuditResult derive(
      String tableLocation, String dataLocation, Long snapshotId, int snapshots,
      Collection<String> physical, Collection<String> referenced,
      Collection<String> winner, Collection<String> rejected) {
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
        snapshotId,
        snapshots,
        new TreeSet<>(physical),
        new TreeSet<>(referenced),
        new TreeSet<>(winner),
        new TreeSet<>(rejected),
        orphan,
        minus(referenced, physical),
        intersect(orphan, rejected),
        minus(orphan, rejected),
        intersect(referenced, rejected),
        minus(referenced, winner),
        minus(winner, referenced),
        outside);
  }
}
