package dev.sft.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.FisherExactTest;

/**
 * Two builds' results compared cell by cell (scenario × operation): did the candidate survive the same faults at
 * least as well as the baseline? A cell is
 *
 * <ul>
 *   <li>{@code regressed} when the candidate fails a rule that is a property of the build ({@link #BUILD_PROPERTIES})
 *       which the baseline never failed, or cannot judge one (Unknown) that the baseline judged (Comet falling back to
 *       the JVM writer leaves {@code writer.native-ran} Unknown, and must not look like two passing tables); or when
 *       it fails more often than the baseline by Fisher's exact test (one-sided, at {@link #SIGNIFICANCE}), whether by
 *       the same rules or by new ones;
 *   <li>{@code fixed} in the mirror case: the baseline fails a build property the candidate never fails, or fails
 *       significantly more often;
 *   <li>{@code same} when both fail the same rules in the same number of repetitions (none, typically);
 *   <li>{@code inconclusive} when the counts cannot tell: a racy rule (a writer race such as
 *       {@code loser.no-files-left}) failed by one build and not the other in too few repetitions for Fisher's test,
 *       the same rules at rates it cannot separate, or a side without a judged repetition.
 * </ul>
 *
 * A racy rule is judged by counts alone because one build's repetition may lose a race the other's happened to win:
 * the released jar compared with itself once "regressed" by one such failure in one repetition each.
 *
 * A failure is a Failed or Known repetition and its rules are its checks that did not pass; Unknown repetitions
 * measured nothing and are left out, as in {@link FailureRate}.
 *
 * @param baseline the build compared against
 * @param candidate the build under test
 * @param cells one entry per cell either build ran, in the baseline's order, then the candidate's new ones
 */
public record BuildComparison(Build baseline, Build candidate, List<CellComparison> cells) {
  /** Fisher's one-sided p-value below which a difference in failure counts counts. */
  public static final double SIGNIFICANCE = 0.05;
  /**
   * Rules whose outcome the build decides, not a race: one failure of the candidate where the baseline never failed is
   * a regression. Whether the native writer ran is a property of the jars (Comet falls back on an Iceberg it does not
   * support), the same in every repetition.
   */
  public static final Set<String> BUILD_PROPERTIES = Set.of(Check.NATIVE_WRITER_RAN);
  /** The label of the build compared against. */
  public static final String BASELINE = "baseline";
  /** The label of the build under test. */
  public static final String CANDIDATE = "candidate";
  /**
   * The option of {@code sft run} that makes a driver run the candidate's of a comparison whose builds ran one after
   * the other (the controller's): {@code --comparison RUN_ID}. Its run id must be {@link #buildRunId}{@code (RUN_ID,
   * candidate)}; after its report it compares the run with the baseline's on the shared root and writes the
   * comparison in {@code RUN_ID}'s folder.
   */
  public static final String COMPARISON_OPTION = "--comparison";

  /** How a cell changed from the baseline to the candidate. */
  public enum Change {
    regressed,
    fixed,
    same,
    inconclusive
  }

  /**
   * One build as the comparison names it.
   *
   * @param label what the user calls it ({@code baseline}, {@code candidate}, a file name)
   * @param runId the run its results come from
   * @param jars the jars it ran, with versions and SHA-256
   */
  public record Build(String label, String runId, List<RanJar> jars) {
    public Build {
      jars = jars == null ? List.of() : List.copyOf(jars);
    }
  }

  /**
   * One build's repetitions of one cell.
   *
   * @param runs every repetition
   * @param judged those with a verdict (not Unknown)
   * @param failed the judged ones that failed (Failed or Known)
   * @param failingRules every rule ({@code side/rule}) any repetition failed, sorted
   * @param unjudgedRules every rule an Unknown repetition could not judge, but those of the environment, sorted
   */
  public record Side(int runs, int judged, int failed, List<String> failingRules, List<String> unjudgedRules) {
    public Side {
      failingRules = failingRules == null ? List.of() : List.copyOf(failingRules);
      unjudgedRules = unjudgedRules == null ? List.of() : List.copyOf(unjudgedRules);
    }

    public int passed() {
      return judged - failed;
    }

    /** {@code passed/runs}, e.g. {@code 19/20}. */
    public String passedOfRuns() {
      return passed() + "/" + runs;
    }

    /** A cell's summary as a side. */
    static Side of(ScenarioStats cell) {
      return counted(cell.runs(), cell.passed(), cell.failed(), cell.known(), cell.failingRules(),
          cell.unjudgedRules());
    }

    /** A side from a cell's counts: Failed and Known repetitions are its failures, Unknown ones left out. */
    public static Side counted(int runs, int passed, int failed, int known, List<String> failingRules,
        List<String> unjudgedRules) {
      return new Side(runs, passed + failed + known, failed + known, failingRules, unjudgedRules);
    }
  }

  /**
   * One cell compared.
   *
   * @param cell {@code scenario/operation}
   * @param baseline the baseline's repetitions, or null when it did not run the cell
   * @param candidate the candidate's, or null
   * @param change how it changed
   * @param why in words, e.g. {@code candidate fails storage/writer.native-ran, which the baseline never failed}
   * @param pValue Fisher's one-sided p-value of the direction tested, or null when no test was made
   */
  public record CellComparison(String cell, Side baseline, Side candidate, Change change, String why, Double pValue) {}

  /** The run id one build's evidence and report go under: {@code <comparison's run id>-<label>}. */
  public static String buildRunId(String comparisonRunId, String label) {
    return comparisonRunId + "-" + label;
  }

  /** Compares two runs' reports cell by cell, by their cell summaries ({@link Report#stats}). */
  public static BuildComparison of(Build baseline, Report baselineReport, Build candidate, Report candidateReport) {
    return of(baseline, baselineReport.stats(), candidate, candidateReport.stats());
  }

  /**
   * Compares two builds' cell summaries: what a report has ({@link Report#stats}), and what a termination message
   * carries, so the controller compares by the same rules.
   */
  public static BuildComparison of(Build baseline, List<ScenarioStats> before, Build candidate,
      List<ScenarioStats> after) {
    Map<String, ScenarioStats> baselineCells = byCell(before);
    Map<String, ScenarioStats> candidateCells = byCell(after);
    List<String> cells = new ArrayList<>(baselineCells.keySet());
    candidateCells.keySet().stream().filter(c -> !baselineCells.containsKey(c)).forEach(cells::add);
    List<CellComparison> compared = new ArrayList<>();
    for (String cell : cells) {
      compared.add(compare(cell, baselineCells.containsKey(cell) ? Side.of(baselineCells.get(cell)) : null,
          candidateCells.containsKey(cell) ? Side.of(candidateCells.get(cell)) : null));
    }
    return new BuildComparison(baseline, candidate, compared);
  }

  /** Whether any cell regressed: the comparison's exit code is 1 then. */
  public boolean regressed() {
    return cells.stream().anyMatch(c -> c.change() == Change.regressed);
  }

  /** How many cells changed this way. */
  public long count(Change change) {
    return cells.stream().filter(c -> c.change() == change).count();
  }

  /** Compares one cell's repetitions of the two builds; a null side did not run the cell. */
  public static CellComparison compare(String cell, Side baseline, Side candidate) {
    if (baseline == null || candidate == null) {
      return new CellComparison(cell, baseline, candidate, Change.inconclusive,
          "only the " + (baseline == null ? "candidate" : "baseline") + " ran this cell", null);
    }
    List<String> newRules = minus(candidate.failingRules(), baseline.failingRules());
    List<String> newProperties = buildProperties(newRules);
    if (!newProperties.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.regressed, "candidate fails "
          + String.join(", ", newProperties) + ", which the baseline never failed", null);
    }
    List<String> newUnjudged = buildProperties(minus(minus(candidate.unjudgedRules(), baseline.unjudgedRules()),
        baseline.failingRules()));
    if (!newUnjudged.isEmpty() && baseline.judged() > 0) {
      return new CellComparison(cell, baseline, candidate, Change.regressed, "candidate cannot judge "
          + String.join(", ", newUnjudged) + " (Unknown), which the baseline judged and passed", null);
    }
    if (baseline.judged() == 0 || candidate.judged() == 0) {
      return new CellComparison(cell, baseline, candidate, Change.inconclusive,
          "no judged repetition of the " + (baseline.judged() == 0 ? "baseline" : "candidate")
              + " (every one Unknown)", null);
    }
    List<String> goneRules = minus(baseline.failingRules(), candidate.failingRules());
    List<String> goneProperties = buildProperties(goneRules);
    if (!goneProperties.isEmpty() && newRules.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.fixed, "candidate no longer fails "
          + String.join(", ", goneProperties), null);
    }
    double worse = pValue(candidate, baseline);
    if (worse < SIGNIFICANCE) {
      return new CellComparison(cell, baseline, candidate, Change.regressed, "candidate fails more often"
          + (newRules.isEmpty() ? "" : ", by " + String.join(", ", newRules) + " which the baseline never failed")
          + ": " + counts(candidate, baseline, worse), worse);
    }
    double better = pValue(baseline, candidate);
    if (better < SIGNIFICANCE) {
      return new CellComparison(cell, baseline, candidate, Change.fixed, "candidate fails less often"
          + (goneRules.isEmpty() ? "" : ", no longer by " + String.join(", ", goneRules))
          + ": " + counts(candidate, baseline, better), better);
    }
    if (baseline.failed() == 0 && candidate.failed() == 0) {
      return new CellComparison(cell, baseline, candidate, Change.same, "neither fails", null);
    }
    boolean sameRate = (long) candidate.failed() * baseline.judged() == (long) baseline.failed() * candidate.judged();
    if (newRules.isEmpty() && goneRules.isEmpty() && sameRate) {
      return new CellComparison(cell, baseline, candidate, Change.same, "both fail as often, by the same rules",
          null);
    }
    double either = Math.min(worse, better);
    String rules = !newRules.isEmpty() ? "candidate alone fails " + String.join(", ", newRules)
        : !goneRules.isEmpty() ? "baseline alone fails " + String.join(", ", goneRules)
        : "the same rules";
    return new CellComparison(cell, baseline, candidate, Change.inconclusive, rules + ", " + counts(candidate,
        baseline, either) + ": the counts cannot tell; more repetitions (--repeat) can", either);
  }

  /** {@code 9/10 against 2/10 failed (Fisher p = 0.003)}: the candidate's first. */
  private static String counts(Side candidate, Side baseline, double pValue) {
    return String.format(java.util.Locale.ROOT, "%d/%d against %d/%d failed (Fisher p = %.3f)", candidate.failed(),
        candidate.judged(), baseline.failed(), baseline.judged(), pValue);
  }

  /** Those of {@code rules} ({@code side/rule}) that are {@link #BUILD_PROPERTIES}. */
  private static List<String> buildProperties(List<String> rules) {
    return rules.stream().filter(r -> BUILD_PROPERTIES.contains(r.substring(r.indexOf('/') + 1))).toList();
  }

  /** Fisher's exact test, one-sided: the probability of {@code more} failing at least this much more often by chance. */
  static double pValue(Side more, Side than) {
    int[][] table = {{more.failed(), more.passed()}, {than.failed(), than.passed()}};
    return FisherExactTest.withDefaults().with(AlternativeHypothesis.GREATER_THAN).test(table).getPValue();
  }

  private static List<String> minus(List<String> a, List<String> b) {
    return a.stream().filter(r -> !b.contains(r)).toList();
  }

  private static Map<String, ScenarioStats> byCell(List<ScenarioStats> stats) {
    Map<String, ScenarioStats> cells = new LinkedHashMap<>();
    stats.forEach(c -> cells.put(c.cell(), c));
    return cells;
  }
}
