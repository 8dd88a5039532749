package dev.sft.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Repetition statistics of one matrix cell (scenario × operation × layout), for judging race stability: how many
 * repetitions passed both verdicts, how many failed, how many stayed unknown, how many failed only by known findings
 * ({@code known}), and the spread of their durations.
 */
public record ScenarioStats(
    String name, String operation, String layout, int runs, int passed, int failed, int unknown, long durationMinMs,
    long durationMedianMs, long durationMaxMs, int known) {

  /** One entry per matrix cell, in the order the cells first appear. */
  public static List<ScenarioStats> of(List<ScenarioResult> results) {
    Map<String, List<ScenarioResult>> byName = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      byName.computeIfAbsent(result.cell(), n -> new ArrayList<>()).add(result);
    }
    List<ScenarioStats> stats = new ArrayList<>();
    for (Map.Entry<String, List<ScenarioResult>> entry : byName.entrySet()) {
      List<ScenarioResult> runs = entry.getValue();
      int passed = (int) runs.stream().filter(ScenarioResult::passed).count();
      int failed = (int) runs.stream().filter(r -> r.outcome() == Verdict.Failed).count();
      int known = (int) runs.stream().filter(ScenarioResult::known).count();
      List<Long> durations = runs.stream().map(ScenarioResult::durationMs).sorted().toList();
      int n = durations.size();
      long median = n % 2 == 1 ? durations.get(n / 2) : (durations.get(n / 2 - 1) + durations.get(n / 2)) / 2;
      ScenarioResult first = runs.get(0);
      stats.add(new ScenarioStats(first.name(), first.operation(), first.layout(), n, passed, failed,
          n - passed - failed - known, durations.get(0), median, durations.get(n - 1), known));
    }
    return stats;
  }
}
