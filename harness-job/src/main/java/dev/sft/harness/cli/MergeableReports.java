package dev.sft.harness.cli;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Whether reports of runs on several clusters can be merged as one run's ({@code sft merge}), or one line on why
 * not. What must match is what one run has once: the writer, the jars that ran, the known findings it was given and
 * which build of a comparison it is (a comparison's two builds are merged each on its own and compared with
 * {@code sft compare}). Cells and repetition counts may differ: a cluster may have run only some cells, or fewer
 * repetitions. The same repetition of a cell twice is a conflict unless it ran on different clusters; each report is
 * its own cluster, so it can only come from the same run given twice or from one report that holds a repetition
 * twice. A report that is itself a merge is refused: its clusters' numbers would collide with the others'.
 */
final class MergeableReports {
  private MergeableReports() {}

  /** A report and the file it was read from, for the refusals to name. */
  record Source(Path file, Report report) {}

  /** Throws {@link IllegalArgumentException} with one line on the first thing that keeps these from one run. */
  static void check(List<Source> sources) {
    Source first = sources.get(0);
    for (Source source : sources) {
      refuseAMerge(source);
      refuseRepeatedRepetitions(source);
      same(first, source, "writer", r -> r.writer());
      same(first, source, "build", MergeableReports::build);
      same(first, source, "jars", MergeableReports::jars);
      same(first, source, "known findings", MergeableReports::knownFindings);
    }
    for (int i = 0; i < sources.size(); i++) {
      for (int j = i + 1; j < sources.size(); j++) {
        Report a = sources.get(i).report();
        Report b = sources.get(j).report();
        if (a.runId().equals(b.runId()) && Objects.equals(a.startedAt(), b.startedAt())) {
          throw new IllegalArgumentException(sources.get(j).file() + " is the same run as " + sources.get(i).file()
              + " (run " + a.runId() + ", started " + a.startedAt() + "): its repetitions would count twice");
        }
      }
    }
  }

  private static void refuseAMerge(Source source) {
    // One cluster's share of a test (its repetitions name that cluster) merges; a report of several is a merge already.
    if (source.report().scenarios().stream().map(ScenarioResult::cluster).filter(Objects::nonNull)
        .distinct().count() > 1) {
      throw new IllegalArgumentException(source.file() + " (run " + source.report().runId() + ") is already a merge"
          + " of several clusters: merge the reports it was merged from");
    }
  }

  private static void refuseRepeatedRepetitions(Source source) {
    Map<String, ScenarioResult> seen = new HashMap<>();
    for (ScenarioResult result : source.report().scenarios()) {
      String key = result.cell() + (result.pin() == null ? "" : " pin " + result.pin()) + " r" + result.repetition();
      if (seen.put(key, result) != null) {
        throw new IllegalArgumentException(source.file() + " (run " + source.report().runId() + ") holds " + key
            + " twice on one cluster: a report of one run has each repetition once");
      }
    }
  }

  private static <T> void same(Source first, Source other, String what,
      Function<Report, T> property) {
    T expected = property.apply(first.report());
    T actual = property.apply(other.report());
    if (!Objects.equals(expected, actual)) {
      throw new IllegalArgumentException("cannot merge " + other.file() + " with " + first.file() + ": different "
          + what + " (" + describe(actual) + " against " + describe(expected) + "); one run has one");
    }
  }

  private static String describe(Object value) {
    return value == null ? "none" : value instanceof Set<?> set && set.isEmpty() ? "none recorded" : value.toString();
  }

  /** Which build of a comparison the report is, by the run id sft gives it; {@code plain} for a run of one build. */
  static String build(Report report) {
    for (String label : List.of(BuildComparison.BASELINE, BuildComparison.CANDIDATE)) {
      if (report.runId().endsWith("-" + label)) {
        return "the " + label + " of a comparison";
      }
    }
    return "plain run";
  }

  /** The jars that ran, by what they are (role, module, version, SHA-256), not where they were on one cluster. */
  private static Set<String> jars(Report report) {
    return report.jars().stream().map(j -> j.role() + " " + j.module() + " " + j.version() + " " + j.sha256())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> knownFindings(Report report) {
    return report.knownFindings().stream().map(KnownFindingUse::describe)
        .collect(Collectors.toCollection(TreeSet::new));
  }

}
