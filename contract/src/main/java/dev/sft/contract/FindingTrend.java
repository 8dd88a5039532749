package dev.sft.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One fingerprint from one run to the next (last night's and tonight's, a baseline and a candidate): {@code new} (the
 * earlier run could have shown it and did not), {@code ongoing} (both showed it), {@code resolved} (the later run could
 * have shown it and did not), each flagged {@code rare} when the later (or, resolved, the earlier) run showed it in
 * fewer than the given share of the repetitions that could. A fingerprint whose cells one of the runs did not run at
 * all has no trend and is left out.
 */
public record FindingTrend(String fingerprint, Trend trend, boolean rare, int before, int beforeOf, int after,
    int afterOf) {
  /** The share below which a fingerprint is rare, unless the user says otherwise ({@code --rare}). */
  public static final double DEFAULT_RARE = 0.10;

  public enum Trend {
    NEW,
    ONGOING,
    RESOLVED;

    /** How reports say it. */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** {@code new  speculation/append/iceberg/storage/rows.exact (2 of 10; before 0 of 10)}. */
  public String describe() {
    return trend.word() + (rare ? ", rare" : "") + "  " + fingerprint + " (" + after + " of " + afterOf + "; before "
        + before + " of " + beforeOf + ")";
  }

  /**
   * The trend of every fingerprint either run showed, between two runs' cells, both keyed by {@code writer} (the later
   * run's), so that two writers' runs (a JVM baseline, a native candidate) line up finding by finding.
   */
  public static List<FindingTrend> of(String writer, List<ScenarioStats> before, List<ScenarioStats> after,
      double rare) {
    Map<String, Fingerprint.Seen> earlier = byId(Fingerprint.of(writer, before));
    Map<String, Fingerprint.Seen> later = byId(Fingerprint.of(writer, after));
    Map<String, Integer> earlierScopes = Fingerprint.scopes(writer, before);
    Map<String, Integer> laterScopes = Fingerprint.scopes(writer, after);
    Map<String, FindingTrend> trends = new TreeMap<>();
    for (Fingerprint.Seen now : later.values()) {
      int couldBefore = earlierScopes.getOrDefault(now.scope(), 0);
      if (couldBefore == 0) {
        continue;
      }
      Fingerprint.Seen then = earlier.get(now.fingerprint());
      trends.put(now.fingerprint(), new FindingTrend(now.fingerprint(), then == null ? Trend.NEW : Trend.ONGOING,
          now.rare(rare), then == null ? 0 : then.repetitions(), couldBefore, now.repetitions(), now.of()));
    }
    for (Fingerprint.Seen then : earlier.values()) {
      int couldNow = laterScopes.getOrDefault(then.scope(), 0);
      if (later.containsKey(then.fingerprint()) || couldNow == 0) {
        continue;
      }
      trends.put(then.fingerprint(), new FindingTrend(then.fingerprint(), Trend.RESOLVED, then.rare(rare),
          then.repetitions(), then.of(), 0, couldNow));
    }
    return new ArrayList<>(trends.values());
  }

  private static Map<String, Fingerprint.Seen> byId(List<Fingerprint.Seen> seen) {
    Map<String, Fingerprint.Seen> byId = new TreeMap<>();
    seen.forEach(s -> byId.put(s.fingerprint(), s));
    return byId;
  }
}
