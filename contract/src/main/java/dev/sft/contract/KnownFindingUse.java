package dev.sft.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How often one known finding matched a failing check in a run. An entry that matched nothing is stale: the defect
 * may be fixed, or the entry no longer says what the rule reports.
 *
 * @param index the entry's position in the known findings (0-based), so the controller can name its own entry
 *     when a termination message leaves the entry's text out
 * @param finding the entry, or null where a compact report left it out
 * @param matches how many failing checks it matched
 */
public record KnownFindingUse(int index, KnownFinding finding, int matches) {
  public boolean stale() {
    return matches == 0;
  }

  /** The entry in one line, or its position where a compact report left its text out. */
  public String describe() {
    return finding == null ? "entry " + (index + 1) : finding.describe();
  }

  /** The uses of several driver runs of one run, summed per entry: an entry is stale only if stale in every one. */
  public static List<KnownFindingUse> merge(List<List<KnownFindingUse>> parts) {
    Map<Integer, KnownFindingUse> byIndex = new LinkedHashMap<>();
    for (List<KnownFindingUse> part : parts) {
      for (KnownFindingUse use : part) {
        byIndex.merge(use.index(), use, (a, b) -> new KnownFindingUse(a.index(),
            a.finding() != null ? a.finding() : b.finding(), a.matches() + b.matches()));
      }
    }
    List<KnownFindingUse> merged = new ArrayList<>(byIndex.values());
    merged.sort((a, b) -> Integer.compare(a.index(), b.index()));
    return merged;
  }
}
