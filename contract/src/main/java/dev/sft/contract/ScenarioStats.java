package dev.sft.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The repetitions of one matrix cell (scenario × operation × layout) summed up: how many passed both verdicts,
 * failed, stayed unknown, or failed only by known findings ({@code known}); how often the cell fails, with its
 * interval; how each pair of verdicts was reached; the latest repetition that did not pass; and the spread of their
 * durations. This is what a run reports per cell wherever the repetitions themselves do not fit (a resource's
 * status, a termination message).
 *
 * @param verdicts repetitions per pair of verdicts, keyed {@code scheduler/storage}, e.g. {@code Passed/Failed}
 * @param latestFailure the latest repetition that did not pass, or null
 * @param knownFindings the references of the known findings any repetition failed by
 * @param failureRate derived from the counts (never read from input): Failed and Known repetitions over the judged
 * @param findings each {@link Finding} ({@code side/rule[:cause]}) with the number of repetitions that found it: every
 *     failing rule of a Failed or Known repetition by cause, and every rule a repetition Unknown for a reason of the
 *     build could not judge ({@code :unjudged}); what a comparison of two builds sets side by side
 * @param environmentUnknown the Unknown repetitions left out of comparisons: Unknown for a reason of the environment
 *     ({@link #ENVIRONMENT_RULES}) alone
 * @param pin the {@link Pin} id every repetition of this entry ran under, or null for natural ones: pinned and
 *     natural repetitions of one cell are two entries, so a pin never enters a natural failure rate
 */
public record ScenarioStats(
    String name, String operation, String layout, int runs, int passed, int failed, int unknown, long durationMinMs,
    long durationMedianMs, long durationMaxMs, int known, Map<String, Integer> verdicts, CellFailure latestFailure,
    List<String> knownFindings, FailureRate failureRate, Map<String, Integer> findings, int environmentUnknown,
    String pin) {

  /**
   * Rules that judge the environment, not the build: an Unknown by them (a preflight that failed, the harness
   * deadline, a pod lost to the cluster) says nothing about the writer.
   */
  public static final java.util.Set<String> ENVIRONMENT_RULES = java.util.Set.of(Check.SCHEDULER + "/preflight",
      Check.SCHEDULER + "/deadline", Check.SCHEDULER + "/cluster.no-unplanned-loss", Check.SCHEDULER + "/"
          + Check.PIN_REACHED);

  public ScenarioStats {
    operation = operation == null ? WriteOperation.DEFAULT.operation().id() : operation;
    layout = layout == null ? WriteOperation.DEFAULT.layout().id() : layout;
    verdicts = verdicts == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(verdicts));
    knownFindings = knownFindings == null ? List.of() : List.copyOf(knownFindings);
    failureRate = FailureRate.wilson(failed + known, passed + failed + known);
    findings = findings == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(findings));
  }

  /** The key of a pair of verdicts in {@link #verdicts}. */
  public static String verdictPair(Verdict scheduler, Verdict storage) {
    return (scheduler == null ? Verdict.Unknown : scheduler) + "/" + (storage == null ? Verdict.Unknown : storage);
  }

  /** One entry per matrix cell and pin (none first-come as any), in the order they first appear. */
  public static List<ScenarioStats> of(List<ScenarioResult> results) {
    Map<String, List<ScenarioResult>> byCell = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      String key = result.cell() + (result.pin() == null ? "" : " pin " + result.pin());
      byCell.computeIfAbsent(key, n -> new ArrayList<>()).add(result);
    }
    List<ScenarioStats> stats = new ArrayList<>();
    for (List<ScenarioResult> runs : byCell.values()) {
      int passed = (int) runs.stream().filter(ScenarioResult::passed).count();
      int failed = (int) runs.stream().filter(r -> r.outcome() == Verdict.Failed).count();
      int known = (int) runs.stream().filter(ScenarioResult::known).count();
      Map<String, Integer> verdicts = new TreeMap<>();
      LinkedHashSet<String> references = new LinkedHashSet<>();
      Map<String, Integer> findings = new TreeMap<>();
      int environmentUnknown = 0;
      for (ScenarioResult r : runs) {
        verdicts.merge(verdictPair(r.scheduler(), r.storage()), 1, Integer::sum);
        references.addAll(r.knownFindings());
        r.findings().forEach(f -> findings.merge(f, 1, Integer::sum));
        environmentUnknown += Finding.environmentUnknown(r) ? 1 : 0;
      }
      List<Long> durations = runs.stream().map(ScenarioResult::durationMs).sorted().toList();
      int n = durations.size();
      long median = n % 2 == 1 ? durations.get(n / 2) : (durations.get(n / 2 - 1) + durations.get(n / 2)) / 2;
      ScenarioResult first = runs.get(0);
      stats.add(new ScenarioStats(first.name(), first.operation(), first.layout(), n, passed, failed,
          n - passed - failed - known, durations.get(0), median, durations.get(n - 1), known, verdicts,
          CellFailure.latest(runs), List.copyOf(references), null, findings, environmentUnknown, first.pin()));
    }
    return stats;
  }

  /** The matrix column of this cell. */
  public WriteOperation writeOperation() {
    return WriteOperation.of(operation, layout);
  }

  /** The cell's id, as {@link ScenarioResult#cell}: {@code speculation-original-wins/append}. */
  public String cell() {
    return name + "/" + writeOperation().id();
  }

  /** {@code passed/runs}, e.g. {@code 19/20}. */
  public String passedOfRuns() {
    return passed + "/" + runs;
  }

  /** The same cell with its latest failure replaced, e.g. shortened for a termination message. */
  public ScenarioStats withLatestFailure(CellFailure failure) {
    return new ScenarioStats(name, operation, layout, runs, passed, failed, unknown, durationMinMs, durationMedianMs,
        durationMaxMs, known, verdicts, failure, knownFindings, null, findings, environmentUnknown, pin);
  }
}
