package dev.sft.controller.status;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.FindingTrend;
import dev.sft.contract.Fingerprint;
import dev.sft.contract.ScenarioStats;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.StatusBounds;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.FindingsStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A finished run's findings by fingerprint ({@link Fingerprint}), and their trend from the run before it, as the status
 * keeps them: the run before is known only by the fingerprints the status kept of it, so a fingerprint is new when
 * that list lacks it (a list that was cut short says so), resolved when this run ran its cells and did not show it.
 * Bounded: at most {@link #MAX_FINGERPRINTS} listed, the rest counted.
 */
public final class FindingHistory {
  public static final int MAX_FINGERPRINTS = (int) StatusBounds.FINGERPRINTS;
  static final int MAX_NEW_LISTED = (int) StatusBounds.NEW_FINGERPRINTS;

  private FindingHistory() {}

  /**
   * The findings of the run whose cells the status holds, against {@code previous} (the status's findings of the run
   * before, or null). A comparison's trend is the candidate's.
   */
  public static FindingsStatus next(FindingsStatus previous, SchedulerFailureTestStatus status, String writer) {
    List<ScenarioStats> cells = status.cells.stream()
        .filter(c -> c.build == null || BuildComparison.CANDIDATE.equals(c.build))
        .map(CellRecords::summary).toList();
    List<Fingerprint.Seen> seen = Fingerprint.of(writer, cells);
    Set<String> scopes = Fingerprint.scopes(writer, cells).keySet();
    Map<String, String> before = new TreeMap<>();
    if (previous != null && previous.fingerprints != null) {
      previous.fingerprints.forEach(entry -> before.put(entry.substring(0, entry.lastIndexOf(' ')), entry));
    }
    boolean beforeComplete = previous == null || previous.omitted == null || previous.omitted == 0;
    FindingsStatus next = new FindingsStatus();
    next.runId = status.runId;
    next.fingerprints = new ArrayList<>();
    next.newFingerprints = new ArrayList<>();
    int fresh = 0;
    int ongoing = 0;
    int rare = 0;
    for (Fingerprint.Seen s : seen) {
      if (next.fingerprints.size() < MAX_FINGERPRINTS) {
        next.fingerprints.add(s.fingerprint() + " " + s.repetitions() + "/" + s.of());
      }
      rare += s.rare(FindingTrend.DEFAULT_RARE) ? 1 : 0;
      if (before.containsKey(s.fingerprint())) {
        ongoing++;
      } else if (previous != null && beforeComplete) {
        fresh++;
        if (next.newFingerprints.size() < MAX_NEW_LISTED) {
          next.newFingerprints.add(s.fingerprint());
        }
      }
    }
    Set<String> now = new java.util.TreeSet<>(seen.stream().map(Fingerprint.Seen::fingerprint).toList());
    int resolved = (int) before.keySet().stream()
        .filter(f -> !now.contains(f) && scopes.stream().anyMatch(f::startsWith)).count();
    next.omitted = seen.size() > MAX_FINGERPRINTS ? seen.size() - MAX_FINGERPRINTS : null;
    next.newFindings = previous != null && beforeComplete ? fresh : null;
    next.ongoing = previous == null ? null : ongoing;
    next.resolved = previous == null ? null : resolved;
    next.rare = rare;
    if (next.newFingerprints.isEmpty()) {
      next.newFingerprints = null;
    }
    if (next.fingerprints.isEmpty()) {
      next.fingerprints = null;
    }
    return next;
  }

  /** One line for a history record: {@code 1 new, 2 ongoing, 0 resolved, 1 rare}, or why there is no trend. */
  public static String describe(FindingsStatus findings) {
    if (findings == null) {
      return null;
    }
    if (findings.ongoing == null) {
      return "no earlier run to compare with; " + findings.rare + " rare";
    }
    return (findings.newFindings == null ? "new unknown (the run before listed only " + MAX_FINGERPRINTS
        + " fingerprints)" : findings.newFindings + " new") + ", " + findings.ongoing + " ongoing, "
        + findings.resolved + " resolved, " + findings.rare + " rare";
  }
}
