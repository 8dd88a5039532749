package dev.sft.contract;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.FisherExactTest;

/**
 * Two builds' results compared cell by cell (scenario × operation): did the candidate survive the same faults at
 * least as well as the baseline? Each cell's {@link Finding}s are set side by side, each counted in the repetitions
 * that found it, over the repetitions that can be compared (all but those Unknown for a reason of the environment; a
 * repetition the build left Unknown finds {@code :unjudged} and counts against its build). A cell is
 *
 * <ul>
 *   <li>{@code regressed} when the candidate shows an <em>invariant</em> finding ({@link Finding#invariant}: the table
 *       is wrong, or the build could not be judged, whatever the schedule) the baseline never showed, on its first
 *       occurrence at any repetition count; or shows any finding more often by Fisher's exact test (one-sided), with
 *       the p-values of every test of the comparison corrected by Holm's method ({@link #SIGNIFICANCE} is the chance
 *       that any cell at all is called regressed or fixed by chance);
 *   <li>{@code fixed} when the candidate shows no finding the baseline did not, none more often, and either no longer
 *       shows an invariant finding of the baseline or shows a race significantly less often;
 *   <li>{@code same} when every finding occurs at the same rate in both (typically none in either);
 *   <li>{@code inconclusive} otherwise: the counts cannot tell. An inconclusive cell in which the candidate shows an
 *       invariant finding more often than the baseline, or has no repetition that can be compared, fails the
 *       comparison ({@link #failed}) and says how many repetitions would decide; one about races alone does not.
 * </ul>
 *
 * <p>A pinned cell ({@link Pin}) is its own cell, compared only with the same pinned cell of the other build
 * ({@link #cellId}); its "pin not reached" repetitions are left out as Unknowns of the environment are. In it, the race
 * its pin reproduces is judged as an invariant ({@link Side#invariant}): the pin makes it happen whenever the writer
 * lets it, so one occurrence the baseline never had is a regression, and none where the baseline had it is a fix, at
 * any repetition count. Natural cells keep the rules above.
 *
 * @param baseline the build compared against
 * @param candidate the build under test
 * @param cells one entry per cell either build ran, in the baseline's order, then the candidate's new ones
 * @param tests how many Fisher tests the comparison made (Holm's correction is over all of them)
 */
public record BuildComparison(Build baseline, Build candidate, List<CellComparison> cells, int tests) {
  /** The family-wise error rate of the comparison: at most this chance that any cell is called regressed or fixed by chance. */
  public static final double SIGNIFICANCE = 0.05;
  /** The most repetitions per build a "how many would decide" estimate looks at. */
  static final int MOST_REPETITIONS = 2000;
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

  public BuildComparison {
    cells = List.copyOf(cells);
  }

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
   * @param compared those that can be compared: all but the ones Unknown for a reason of the environment
   * @param passed the compared ones that passed both verdicts
   * @param findings each finding id with the number of compared repetitions that showed it
   * @param pin the {@link Pin} id every repetition ran under, or null for natural ones
   */
  public record Side(int runs, int compared, int passed, Map<String, Integer> findings, String pin) {
    public Side {
      findings = findings == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(findings));
    }

    /** A natural cell's side. */
    public Side(int runs, int compared, int passed, Map<String, Integer> findings) {
      this(runs, compared, passed, findings, null);
    }

    /**
     * Whether one occurrence of {@code finding} in these repetitions is a defect: an invariant finding
     * ({@link Finding#invariant}), or the race this side's pin reproduces ({@link Pin#reproduces}).
     */
    public boolean invariant(String finding) {
      Finding parsed = Finding.parse(finding);
      return parsed.invariant() || (pin != null && Pin.fromId(pin).reproduces().equals(parsed.cause()));
    }

    /** The compared repetitions that did not pass: Failed, Known, or Unknown for a reason of the build. */
    public int failed() {
      return compared - passed;
    }

    /** {@code passed/runs}, e.g. {@code 19/20}. */
    public String passedOfRuns() {
      return passed + "/" + runs;
    }

    int count(String finding) {
      return findings.getOrDefault(finding, 0);
    }

    /** {@code storage/files.no-orphans:duplicate-result ×3, storage/rows.exact ×1}, or empty. */
    public String findingsText() {
      return String.join(", ", findings.entrySet().stream().map(e -> e.getKey() + " ×" + e.getValue()).toList());
    }

    /** A cell's summary as a side. */
    public static Side of(ScenarioStats cell) {
      return new Side(cell.runs(), cell.runs() - cell.environmentUnknown(), cell.passed(), cell.findings(),
          cell.pin());
    }
  }

  /**
   * One cell compared.
   *
   * @param cell {@link #cellId}: {@code scenario/operation}, then {@code (pinned NAME)} for a pinned cell
   * @param baseline the baseline's repetitions, or null when it did not run the cell
   * @param candidate the candidate's, or null
   * @param change how it changed
   * @param why in words, e.g. {@code candidate shows storage/rows.exact (an invariant), which the baseline never
   *     showed}
   * @param pValue the Holm-adjusted p-value of the test that decided, or null when no test decided
   * @param failsComparison whether this cell alone makes the comparison fail (regressed, or inconclusive about an
   *     invariant finding or without candidate evidence)
   */
  public record CellComparison(String cell, Side baseline, Side candidate, Change change, String why, Double pValue,
      boolean failsComparison) {
    /** The pin the cell's repetitions ran under (the same in both builds), or null for a natural cell. */
    public String pin() {
      return (baseline != null ? baseline : candidate).pin();
    }
  }

  /** The run id one build's evidence and report go under: {@code <comparison's run id>-<label>}. */
  public static String buildRunId(String comparisonRunId, String label) {
    return comparisonRunId + "-" + label;
  }

  /**
   * How a comparison names and matches a cell: {@code scenario/operation}, and for a pinned one its pin
   * ({@link Pin#label}), so a pinned cell is compared only with the same pinned cell of the other build.
   */
  public static String cellId(String cell, String pin) {
    return cell + Pin.label(pin);
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
    Map<String, Side> baselineCells = new LinkedHashMap<>();
    before.forEach(c -> baselineCells.put(cellId(c.cell(), c.pin()), Side.of(c)));
    Map<String, Side> candidateCells = new LinkedHashMap<>();
    after.forEach(c -> candidateCells.put(cellId(c.cell(), c.pin()), Side.of(c)));
    return of(baseline, baselineCells, candidate, candidateCells);
  }

  /**
   * Compares two builds' sides cell by cell, keyed by {@link #cellId}, in the baseline's order then the candidate's new
   * cells.
   */
  public static BuildComparison of(Build baseline, Map<String, Side> before, Build candidate,
      Map<String, Side> after) {
    List<String> cells = new ArrayList<>(before.keySet());
    after.keySet().stream().filter(c -> !before.containsKey(c)).forEach(cells::add);
    List<Tests> tested = cells.stream().map(c -> Tests.of(before.get(c), after.get(c))).toList();
    holm(tested.stream().flatMap(t -> t.all().stream()).toList());
    List<CellComparison> compared = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      compared.add(decide(cells.get(i), before.get(cells.get(i)), after.get(cells.get(i)), tested.get(i)));
    }
    return new BuildComparison(baseline, candidate, compared, tested.stream().mapToInt(t -> t.all().size()).sum());
  }

  /** Whether the comparison fails (exit 1): a cell regressed, or is inconclusive about an invariant finding. */
  public boolean failed() {
    return cells.stream().anyMatch(CellComparison::failsComparison);
  }

  /** Whether any cell regressed. */
  public boolean regressed() {
    return count(Change.regressed) > 0;
  }

  /** The comparison's one-word outcome: REGRESSED, UNDECIDED (it fails without a regression) or NO REGRESSION. */
  public String headline() {
    return regressed() ? "REGRESSED" : failed() ? "UNDECIDED" : "NO REGRESSION";
  }

  /** How many cells changed this way. */
  public long count(Change change) {
    return cells.stream().filter(c -> c.change() == change).count();
  }

  /** The line every output of a comparison carries, so a reader knows what a significant difference means. */
  public String correctionNote() {
    String invariants = "An invariant finding (anything but a writer race: "
        + String.join(", ", new TreeSet<>(Cause.RACES)) + ") regresses on its first occurrence."
        + (cells.stream().anyMatch(c -> c.pin() != null) ? " In a pinned cell the race its pin reproduces counts as an"
            + " invariant." : "");
    if (tests == 0) {
      return "No finding occurred at different rates in the two builds, so no Fisher test was made. " + invariants;
    }
    return String.format(Locale.ROOT, "Fisher's exact test per finding, one-sided; the %d p-value(s) of this"
        + " comparison corrected together by Holm's method: at most a %.0f %% chance that any cell is called regressed"
        + " or fixed by chance. ", tests, SIGNIFICANCE * 100) + invariants;
  }

  /** One Fisher test of one finding of one cell, in the direction its counts lean. */
  static final class FindingTest {
    final String finding;
    final boolean candidateWorse;
    final double raw;
    double adjusted;

    FindingTest(String finding, boolean candidateWorse, double raw) {
      this.finding = finding;
      this.candidateWorse = candidateWorse;
      this.raw = raw;
      this.adjusted = raw;
    }

    boolean significant() {
      return adjusted < SIGNIFICANCE;
    }
  }

  /** The tests of one cell: one per finding whose rate differs between the builds. */
  record Tests(List<FindingTest> all) {
    static Tests of(Side baseline, Side candidate) {
      if (baseline == null || candidate == null || baseline.compared() == 0 || candidate.compared() == 0) {
        return new Tests(List.of());
      }
      List<FindingTest> tests = new ArrayList<>();
      for (String finding : union(baseline, candidate)) {
        int b = baseline.count(finding);
        int c = candidate.count(finding);
        long cRate = (long) c * baseline.compared();
        long bRate = (long) b * candidate.compared();
        if (cRate == bRate) {
          continue;
        }
        boolean worse = cRate > bRate;
        tests.add(new FindingTest(finding, worse, worse ? pValue(c, candidate.compared(), b, baseline.compared())
            : pValue(b, baseline.compared(), c, candidate.compared())));
      }
      return new Tests(tests);
    }
  }

  /** Holm's step-down correction over every test of the comparison: adjusted p-values, monotone in the raw ones. */
  static void holm(List<FindingTest> tests) {
    List<FindingTest> sorted = new ArrayList<>(tests);
    sorted.sort(Comparator.comparingDouble(t -> t.raw));
    double running = 0;
    for (int i = 0; i < sorted.size(); i++) {
      running = Math.max(running, Math.min(1.0, (sorted.size() - i) * sorted.get(i).raw));
      sorted.get(i).adjusted = running;
    }
  }

  /** Compares one cell's repetitions of the two builds, without other cells (one test: no correction). */
  public static CellComparison compare(String cell, Side baseline, Side candidate) {
    Tests tests = Tests.of(baseline, candidate);
    holm(tests.all());
    return decide(cell, baseline, candidate, tests);
  }

  private static CellComparison decide(String cell, Side baseline, Side candidate, Tests tests) {
    if (baseline == null || candidate == null) {
      Side ran = baseline == null ? candidate : baseline;
      List<String> invariants = baseline == null ? invariants(candidate, candidate.findings().keySet()) : List.of();
      return new CellComparison(cell, baseline, candidate, Change.inconclusive,
          "only the " + (baseline == null ? "candidate" : "baseline") + " ran this cell"
              + (invariants.isEmpty() ? "" : "; the candidate shows " + String.join(", ", invariants)
                  + ", invariant findings: run the baseline on this cell to decide"),
          null, !invariants.isEmpty() && ran == candidate);
    }
    if (candidate.compared() == 0) {
      return new CellComparison(cell, baseline, candidate, Change.inconclusive, "no repetition of the candidate can"
          + " be compared (every one Unknown for a reason of the environment" + (candidate.pin() == null ? ""
              : " or its pin not reached") + "): run it again to decide", null, true);
    }
    List<String> newInvariants = invariants(candidate, minus(candidate.findings().keySet(),
        baseline.findings().keySet()));
    if (!newInvariants.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.regressed, "candidate shows "
          + String.join(", ", newInvariants) + " (" + counts(newInvariants, candidate) + " of " + candidate.compared()
          + "), which the baseline never showed in " + baseline.compared() + " (an invariant" + (candidate.pin() == null
              ? "" : " under its pin") + ": one occurrence is a defect)", null, true);
    }
    if (baseline.compared() == 0) {
      return new CellComparison(cell, baseline, candidate, Change.inconclusive, "no repetition of the baseline can be"
          + " compared (every one Unknown for a reason of the environment)", null,
          !invariants(candidate, candidate.findings().keySet()).isEmpty());
    }
    List<FindingTest> worse = tests.all().stream().filter(t -> t.candidateWorse).toList();
    List<FindingTest> significantlyWorse = worse.stream().filter(FindingTest::significant).toList();
    if (!significantlyWorse.isEmpty()) {
      FindingTest decisive = significantlyWorse.stream().min(Comparator.comparingDouble(t -> t.adjusted)).orElseThrow();
      return new CellComparison(cell, baseline, candidate, Change.regressed, "candidate shows "
          + described(significantlyWorse, baseline, candidate) + " more often", decisive.adjusted, true);
    }
    List<String> newFindings = minus(candidate.findings().keySet(), baseline.findings().keySet());
    List<FindingTest> invariantWorse = worse.stream().filter(t -> candidate.invariant(t.finding)).toList();
    if (!invariantWorse.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.inconclusive, "candidate shows "
          + described(invariantWorse, baseline, candidate) + " more often, invariant findings, but the counts cannot"
          + " tell: " + toDecide(invariantWorse, baseline, candidate), minAdjusted(invariantWorse), true);
    }
    if (!newFindings.isEmpty() || !worse.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.inconclusive, "candidate shows "
          + described(worse, baseline, candidate) + " more often, writer races whose counts cannot tell: "
          + toDecide(worse, baseline, candidate), minAdjusted(worse), false);
    }
    List<String> goneInvariants = invariants(baseline, minus(baseline.findings().keySet(),
        candidate.findings().keySet()));
    List<FindingTest> better = tests.all().stream().filter(t -> !t.candidateWorse).toList();
    List<FindingTest> significantlyBetter = better.stream().filter(FindingTest::significant).toList();
    if (!goneInvariants.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.fixed, "candidate no longer shows "
          + String.join(", ", goneInvariants) + " (the baseline in " + counts(goneInvariants, baseline) + " of "
          + baseline.compared() + "), and shows nothing the baseline did not", null, false);
    }
    if (!significantlyBetter.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.fixed, "candidate shows "
          + described(significantlyBetter, baseline, candidate) + " less often, and nothing more often",
          minAdjusted(significantlyBetter), false);
    }
    if (better.isEmpty()) {
      return new CellComparison(cell, baseline, candidate, Change.same, candidate.findings().isEmpty()
          ? "neither shows a finding" : "both show the same findings as often", null, false);
    }
    return new CellComparison(cell, baseline, candidate, Change.inconclusive, "candidate shows "
        + described(better, baseline, candidate) + " less often, but the counts cannot tell: "
        + toDecide(better, baseline, candidate), minAdjusted(better), false);
  }

  /** {@code storage/x:y 3/10 against 0/10 (Holm p = 0.21)}, per test. */
  private static String described(List<FindingTest> tests, Side baseline, Side candidate) {
    return String.join(", ", tests.stream().map(t -> String.format(Locale.ROOT, "%s %d/%d against %d/%d (Holm p = %.3f)",
        t.finding, candidate.count(t.finding), candidate.compared(), baseline.count(t.finding), baseline.compared(),
        t.adjusted)).toList());
  }

  /** How many repetitions would decide, at the observed rates. */
  private static String toDecide(List<FindingTest> tests, Side baseline, Side candidate) {
    int most = 0;
    for (FindingTest t : tests) {
      most = Math.max(most, repetitionsToDecide(candidate.count(t.finding) / (double) candidate.compared(),
          baseline.count(t.finding) / (double) baseline.compared(), Math.max(candidate.compared(),
              baseline.compared())));
    }
    return most > MOST_REPETITIONS ? "at these rates even " + MOST_REPETITIONS + " repetitions of each build would not"
        + " (a smaller difference than sft can resolve)"
        : "about " + most + " repetitions of each build would, if the rates hold (--repeat " + most + ")";
  }

  /**
   * The fewest repetitions per build at which the observed rates would be significant before correction, or more
   * than {@link #MOST_REPETITIONS}.
   */
  static int repetitionsToDecide(double candidateRate, double baselineRate, int from) {
    double high = Math.max(candidateRate, baselineRate);
    double low = Math.min(candidateRate, baselineRate);
    for (int n = Math.max(2, from + 1); n <= MOST_REPETITIONS; n = n < 50 ? n + 1 : (int) Math.ceil(n * 1.1)) {
      if (pValue((int) Math.round(high * n), n, (int) Math.round(low * n), n) < SIGNIFICANCE) {
        return n;
      }
    }
    return MOST_REPETITIONS + 1;
  }

  private static Double minAdjusted(List<FindingTest> tests) {
    return tests.stream().mapToDouble(t -> t.adjusted).min().orElse(Double.NaN);
  }

  private static String counts(List<String> findings, Side side) {
    return String.join(", ", findings.stream().map(f -> String.valueOf(side.count(f))).toList());
  }

  /** The findings one occurrence of which is a defect in {@code side}'s repetitions ({@link Side#invariant}). */
  private static List<String> invariants(Side side, java.util.Collection<String> findings) {
    return findings.stream().filter(side::invariant).sorted().toList();
  }

  private static List<String> union(Side a, Side b) {
    TreeSet<String> all = new TreeSet<>(a.findings().keySet());
    all.addAll(b.findings().keySet());
    return List.copyOf(all);
  }

  /**
   * Fisher's exact test, one-sided: the probability that {@code more} of {@code moreRuns} against {@code fewer} of
   * {@code fewerRuns} is at least this lopsided by chance.
   */
  static double pValue(int more, int moreRuns, int fewer, int fewerRuns) {
    int[][] table = {{more, moreRuns - more}, {fewer, fewerRuns - fewer}};
    return FisherExactTest.withDefaults().with(AlternativeHypothesis.GREATER_THAN).test(table).getPValue();
  }

  private static List<String> minus(java.util.Collection<String> a, java.util.Collection<String> b) {
    return a.stream().filter(r -> !b.contains(r)).sorted().toList();
  }
}
