package dev.sft.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The one merge of a run split into parts: its driver runs (one per speculation setting), the Spark clusters it was
 * spread over, or the runs a user made on clusters of their own ({@code sft merge}). Given the parts, it gives what
 * one run of the same repetitions gives: the same cells, failure rates with their intervals (recomputed from summed
 * counts, never averaged), known-finding uses, jars, the soak's end and the exit code. Writing the result is the
 * caller's.
 *
 * <p>Two entry points, by what a caller holds: {@link #report} for parts with their repetitions (the harness,
 * {@code sft merge}), exact; {@link #cells} for parts that are cell summaries only (the controller, whose harness
 * Jobs report by termination message), exact but for the duration median, which summaries cannot give back.
 */
public final class RunMerge {
  private RunMerge() {}

  /**
   * One part of a run and where it ran.
   *
   * @param cluster the index of the Spark cluster the part ran on, given to each of its repetitions that does not
   *     name one already; null for a run on one cluster (a driver run's part)
   */
  public record Part(Integer cluster, Report report) {
    public Part {
      Objects.requireNonNull(report, "a part has a report");
    }

    /** A part of a run on one cluster, e.g. one of its driver runs. */
    public static Part of(Report report) {
      return new Part(null, report);
    }

    /** The part's repetitions, each naming the cluster it ran on. */
    List<ScenarioResult> results() {
      return cluster == null ? report.scenarios() : report.scenarios().stream()
          .map(r -> r.cluster() == null ? r.withCluster(cluster) : r).toList();
    }
  }

  /** The run's report from the reports of its driver runs, all on one cluster. */
  public static Report reports(String runId, List<Report> parts, String startedAt, String finishedAt) {
    return report(runId, parts.stream().map(Part::of).toList(), startedAt, finishedAt);
  }

  /**
   * The run's report from its parts, in their order: every repetition of each, the run-level failures and the
   * distinct masters joined, the jars that ran and the known-finding uses summed; cells and rates are derived from
   * the repetitions as for one run.
   */
  public static Report report(String runId, List<Part> parts, String startedAt, String finishedAt) {
    List<ScenarioResult> all = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    String writer = null;
    LinkedHashSet<String> masters = new LinkedHashSet<>();
    List<List<RanJar>> jars = new ArrayList<>();
    List<List<KnownFindingUse>> uses = new ArrayList<>();
    for (Part part : parts) {
      Report report = part.report();
      jars.add(report.jars());
      uses.add(report.knownFindings());
      all.addAll(part.results());
      writer = writer == null ? report.writer() : writer;
      if (report.master() != null) {
        masters.add(report.master());
      }
      if (report.failure() != null) {
        failures.add(report.failure());
      }
    }
    return Report.of(runId, writer, masters.isEmpty() ? null : String.join(", ", masters), all, startedAt, finishedAt,
        failures.isEmpty() ? null : String.join("; ", failures), jars(jars), knownFindingUses(uses));
  }

  /**
   * The cells of a run from the cell summaries of its parts: one entry per cell and pin, in the order they first
   * appear, counts, verdict pairs and findings summed, the rate recomputed from the sums ({@link ScenarioStats}), the
   * latest failure the one of the highest repetition (of the later part on a tie, as {@link CellFailure#latest}). The
   * duration median is the runs-weighted mean of the parts' medians: the summaries no longer hold the durations.
   */
  public static List<ScenarioStats> cells(List<List<ScenarioStats>> parts) {
    Map<String, List<ScenarioStats>> byCell = new LinkedHashMap<>();
    for (List<ScenarioStats> part : parts) {
      for (ScenarioStats cell : part) {
        byCell.computeIfAbsent(cell.cell() + (cell.pin() == null ? "" : " pin " + cell.pin()),
            k -> new ArrayList<>()).add(cell);
      }
    }
    return byCell.values().stream().map(RunMerge::sum).toList();
  }

  private static ScenarioStats sum(List<ScenarioStats> shares) {
    ScenarioStats first = shares.get(0);
    int runs = 0;
    int passed = 0;
    int failed = 0;
    int unknown = 0;
    int known = 0;
    int environmentUnknown = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long weightedMedians = 0;
    Map<String, Integer> verdicts = new TreeMap<>();
    Map<String, Integer> findings = new TreeMap<>();
    LinkedHashSet<String> references = new LinkedHashSet<>();
    CellFailure latest = null;
    for (ScenarioStats share : shares) {
      runs += share.runs();
      passed += share.passed();
      failed += share.failed();
      unknown += share.unknown();
      known += share.known();
      environmentUnknown += share.environmentUnknown();
      if (share.runs() > 0) {
        min = Math.min(min, share.durationMinMs());
        max = Math.max(max, share.durationMaxMs());
        weightedMedians += share.durationMedianMs() * share.runs();
      }
      share.verdicts().forEach((pair, n) -> verdicts.merge(pair, n, Integer::sum));
      share.findings().forEach((finding, n) -> findings.merge(finding, n, Integer::sum));
      references.addAll(share.knownFindings());
      CellFailure failure = share.latestFailure();
      if (failure != null && (latest == null || failure.repetition() >= latest.repetition())) {
        latest = failure;
      }
    }
    return new ScenarioStats(first.name(), first.operation(), first.layout(), runs, passed, failed, unknown,
        runs == 0 ? 0 : min, runs == 0 ? 0 : weightedMedians / runs, runs == 0 ? 0 : max, known, verdicts, latest,
        List.copyOf(references), null, findings, environmentUnknown, first.pin());
  }

  /**
   * The repetition a soak over these parts ended at ({@link Soak#ends}): the one of the lowest round (repetition),
   * of the earliest part on a tie; empty while the soak goes on. One soak spread over parts ends at it, whichever
   * part ran it.
   */
  public static Optional<ScenarioResult> soakEnd(List<Report> parts) {
    ScenarioResult first = null;
    for (Report part : parts) {
      for (ScenarioResult result : part.scenarios()) {
        if (Soak.ends(result) && (first == null || result.repetition() < first.repetition())) {
          first = result;
        }
      }
    }
    return Optional.ofNullable(first);
  }

  /**
   * The exit code of a run from its parts' codes, as {@code sft local} gives it: a part that could not judge its
   * scenarios (bad arguments, preflight, infrastructure) decides it, the worst such one; otherwise {@code verdicts},
   * the code of the merged result's verdicts ({@link RunExitCode#judged}, or a comparison's).
   */
  public static RunExitCode exitCode(List<RunExitCode> parts, RunExitCode verdicts) {
    RunExitCode worst = null;
    for (RunExitCode part : parts) {
      if (!judged(part) && (worst == null || part.code() > worst.code())) {
        worst = part;
      }
    }
    return worst != null ? worst : verdicts;
  }

  /** Whether a part with this exit code judged its scenarios: it passed or did not, but it judged. */
  public static boolean judged(RunExitCode part) {
    return part == RunExitCode.PASSED || part == RunExitCode.SCENARIO_NOT_PASSED;
  }

  /**
   * The uses of the known findings over the parts, summed per entry by key, in the order entries first appear: an
   * entry is stale only if stale in every part.
   */
  static List<KnownFindingUse> knownFindingUses(List<List<KnownFindingUse>> parts) {
    Map<String, KnownFindingUse> byKey = new LinkedHashMap<>();
    for (List<KnownFindingUse> part : parts) {
      for (KnownFindingUse use : part) {
        byKey.merge(use.key(), use, (a, b) -> new KnownFindingUse(a.key(),
            a.finding() != null ? a.finding() : b.finding(), a.matches() + b.matches(),
            a.couldHaveMatched() + b.couldHaveMatched()));
      }
    }
    return new ArrayList<>(byKey.values());
  }

  /** The jars of the parts: one entry per role, class and driver file, the executors that loaded it combined. */
  static List<RanJar> jars(List<List<RanJar>> parts) {
    List<RanJar> merged = new ArrayList<>();
    for (List<RanJar> part : parts) {
      for (RanJar jar : part) {
        int at = -1;
        for (int i = 0; i < merged.size(); i++) {
          RanJar seen = merged.get(i);
          if (seen.role().equals(jar.role()) && seen.className().equals(jar.className())
              && seen.sha256().equals(jar.sha256())) {
            at = i;
          }
        }
        if (at < 0) {
          merged.add(jar);
        } else {
          List<RanJar.Sighting> all = new ArrayList<>(merged.get(at).executors());
          jar.executors().stream().filter(s -> !all.contains(s)).forEach(all::add);
          merged.set(at, merged.get(at).withExecutors(all));
        }
      }
    }
    return merged;
  }
}
