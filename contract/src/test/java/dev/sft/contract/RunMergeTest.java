package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The merge of a run's parts gives what one run of the same repetitions gives, over several shapes of random
 * verdicts: a plain run split by cell (as its driver runs are), a soak whose rounds went to two clusters in turn, and
 * two builds compared.
 */
class RunMergeTest {
  private static final String WRITER = "iceberg";
  private static final String ISSUE = "https://github.com/apache/iceberg/issues/17307";
  private static final KnownFindings KNOWN = KnownFindings.parse("[{\"rule\": \"loser.no-files-left\", \"reference\": \""
      + ISSUE + "\", \"cause\": \"" + Cause.LOSER_INTERRUPTED_ABORT + "\"}, {\"rule\": \"rows.exact\", \"reference\":"
      + " \"https://example.org/never\"}]", "known.json");
  private static final Check LOSER_LEFT = new Check(Check.STORAGE, "loser.no-files-left", Verdict.Failed,
      "the loser's files stayed", List.of(Cause.LOSER_INTERRUPTED_ABORT));
  private static final Check NO_ABORT = new Check(Check.SCHEDULER, "loser.abort-ran", Verdict.Failed, "no abort");
  private static final Check PREFLIGHT = new Check(Check.SCHEDULER, "preflight", Verdict.Unknown, "one host");
  private static final List<String> SCENARIOS = List.of("speculation-original-wins", "speculation-speculative-wins",
      "executor-loss-shuffle-loss");
  private static final List<WriteOperation> OPERATIONS = List.of(WriteOperation.DEFAULT,
      WriteOperation.fromId("overwrite-partitioned"));

  @Test
  void aRunSplitByCellMergesToTheOneRunsReport() {
    for (long seed = 1; seed <= 20; seed++) {
      List<ScenarioResult> raw = repetitions(new Random(seed), 6);
      // Speculation on, then off: the driver runs' split.
      IntPredicate speculation = i -> raw.get(i).name().startsWith("speculation");
      List<Report> parts = List.of(part(raw, speculation, List.of("exec-1")),
          part(raw, speculation.negate(), List.of("exec-2")));

      Report merged = RunMerge.reports("run", parts, "t0", "t1");

      assertSameRun(merged, oneRun(raw), parts);
    }
  }

  @Test
  void aSoakWhoseRoundsWentToTwoClustersInTurnMergesToTheOneRunsReportAndKeepsEachRoundsCluster() {
    for (long seed = 1; seed <= 20; seed++) {
      List<ScenarioResult> raw = repetitions(new Random(seed), 9);
      IntPredicate oddRound = i -> raw.get(i).repetition() % 2 == 1;
      Report first = part(raw, oddRound, List.of("exec-1"));
      Report second = part(raw, oddRound.negate(), List.of("exec-2"));

      Report merged = RunMerge.report("run", List.of(new RunMerge.Part(0, first), new RunMerge.Part(1, second)),
          "t0", "t1");

      assertThat(merged.scenarios()).allSatisfy(r -> assertThat(r.cluster()).isEqualTo(r.repetition() % 2 == 1 ? 0 : 1));
      Report withoutClusters = Report.of("run", WRITER, "m", merged.scenarios().stream().map(r -> r.withCluster(null))
          .toList(), "t0", "t1", merged.failure(), merged.jars(), merged.knownFindings());
      assertSameRun(withoutClusters, oneRun(raw), List.of(first, second));
      assertThat(RunMerge.soakEnd(List.of(first, second)).map(ScenarioResult::repetition))
          .as("the soak ends at its lowest failing round, whichever cluster ran it")
          .isEqualTo(oneRun(raw).scenarios().stream().filter(Soak::ends).map(ScenarioResult::repetition)
              .min(Integer::compare));
    }
  }

  @Test
  void twoBuildsComparedFromMergedPartsCompareAsTheirOneRuns() {
    for (long seed = 1; seed <= 10; seed++) {
      Random random = new Random(seed);
      List<ScenarioResult> baseline = repetitions(random, 8);
      List<ScenarioResult> candidate = repetitions(random, 8);
      IntPredicate early = i -> i % 2 == 0;

      Report baselineMerged = RunMerge.reports("run-baseline", List.of(part(baseline, early, List.of("e")),
          part(baseline, early.negate(), List.of("e"))), "t0", "t1");
      Report candidateMerged = RunMerge.reports("run-candidate", List.of(part(candidate, early, List.of("e")),
          part(candidate, early.negate(), List.of("e"))), "t0", "t1");

      BuildComparison merged = compare(baselineMerged, candidateMerged);
      BuildComparison one = compare(oneRun(baseline), oneRun(candidate));
      assertThat(merged.cells()).containsExactlyInAnyOrderElementsOf(one.cells());
      assertThat(merged.failed()).isEqualTo(one.failed());
    }
  }

  @Test
  void cellSummariesMergeToTheOneRunsCellsButTheMedianWhichTheyNoLongerHold() {
    for (long seed = 1; seed <= 20; seed++) {
      List<ScenarioResult> raw = repetitions(new Random(seed), 7);
      IntPredicate early = i -> raw.get(i).repetition() <= 3;

      List<ScenarioStats> cells = RunMerge.cells(List.of(part(raw, early, List.of()).stats(),
          part(raw, early.negate(), List.of()).stats()));

      assertThat(cells).usingRecursiveFieldByFieldElementComparatorIgnoringFields("durationMedianMs")
          .containsExactlyInAnyOrderElementsOf(oneRun(raw).stats());
    }
  }

  @Test
  void theLatestFailureOfMergedSummariesIsTheHighestRepetitionsAndOfTheLaterPartOnATie() {
    ScenarioResult failed1 = judged("speculation-original-wins", 1, Verdict.Failed, 10, NO_ABORT);
    ScenarioResult failed3 = judged("speculation-original-wins", 3, Verdict.Failed, 30, NO_ABORT);
    ScenarioResult failedAgain1 = judged("speculation-original-wins", 1, Verdict.Unknown, 20, PREFLIGHT);

    assertThat(RunMerge.cells(List.of(stats(failed3), stats(failed1))).get(0).latestFailure().repetition())
        .isEqualTo(3);
    assertThat(RunMerge.cells(List.of(stats(failed1), stats(failedAgain1))).get(0).latestFailure().outcome())
        .isEqualTo(Verdict.Unknown);
    ScenarioStats both = RunMerge.cells(List.of(stats(failed1), stats(failed3))).get(0);
    assertThat(both.runs()).isEqualTo(2);
    assertThat(both.failureRate()).isEqualTo(FailureRate.wilson(2, 2));
    assertThat(both.durationMinMs()).isEqualTo(10);
    assertThat(both.durationMaxMs()).isEqualTo(30);
  }

  @Test
  void aPartThatCouldNotJudgeDecidesTheExitCodeElseTheVerdictsDo() {
    assertThat(RunMerge.exitCode(List.of(RunExitCode.PASSED, RunExitCode.SCENARIO_NOT_PASSED),
        RunExitCode.SCENARIO_NOT_PASSED)).isEqualTo(RunExitCode.SCENARIO_NOT_PASSED);
    assertThat(RunMerge.exitCode(List.of(RunExitCode.PASSED, RunExitCode.PASSED), RunExitCode.PASSED))
        .isEqualTo(RunExitCode.PASSED);
    assertThat(RunMerge.exitCode(List.of(RunExitCode.PREFLIGHT_FAILED, RunExitCode.PASSED), RunExitCode.PASSED))
        .isEqualTo(RunExitCode.PREFLIGHT_FAILED);
    assertThat(RunMerge.exitCode(List.of(RunExitCode.PREFLIGHT_FAILED, RunExitCode.INFRASTRUCTURE,
        RunExitCode.SCENARIO_NOT_PASSED), RunExitCode.SCENARIO_NOT_PASSED)).isEqualTo(RunExitCode.INFRASTRUCTURE);
    assertThat(RunMerge.exitCode(List.of(), RunExitCode.SCENARIO_NOT_PASSED))
        .isEqualTo(RunExitCode.SCENARIO_NOT_PASSED);
  }

  @Test
  void aKnownRepetitionDoesNotEndASoakAndAFailedOrUnknownOneDoes() {
    Report known = Report.of("run", WRITER, "m", List.of(judged("speculation-original-wins", 2, Verdict.Known, 1)),
        null, null, null);
    Report unknown = Report.of("run", WRITER, "m", List.of(judged("speculation-original-wins", 4, Verdict.Unknown, 1,
        PREFLIGHT)), null, null, null);

    assertThat(RunMerge.soakEnd(List.of(known))).isEmpty();
    assertThat(RunMerge.soakEnd(List.of(known, unknown)).map(ScenarioResult::repetition)).contains(4);
  }

  @Test
  void theClusterOfARepetitionSurvivesReportJsonAndAnOlderReportReadsAsOneCluster() throws IOException {
    ScenarioResult onSecond = judged("speculation-original-wins", 1, Verdict.Passed, 5).withCluster(1);
    Report report = Report.of("run", WRITER, "m", List.of(onSecond), null, null, null);

    assertThat(ReportJson.fromJson(ReportJson.toJson(report)).scenarios().get(0).cluster()).isEqualTo(1);
    String older = ReportJson.toJson(Report.of("run", WRITER, "m", List.of(onSecond.withCluster(null)), null, null,
        null)).replaceAll(",\\s*\"cluster\"\\s*:\\s*null", "");
    assertThat(older).doesNotContain("cluster");
    assertThat(ReportJson.fromJson(older).scenarios().get(0).cluster()).isNull();
  }

  /** Every field of the one run's report, repetitions and cells in any order (the parts' order is the merge's). */
  private static void assertSameRun(Report merged, Report one, List<Report> parts) {
    assertThat(merged.scenarios()).containsExactlyInAnyOrderElementsOf(one.scenarios());
    assertThat(merged.stats()).containsExactlyInAnyOrderElementsOf(one.stats());
    assertThat(merged.stats()).extracting(ScenarioStats::failureRate)
        .containsExactlyInAnyOrderElementsOf(one.stats().stream().map(ScenarioStats::failureRate).toList());
    assertThat(merged.fingerprints()).containsExactlyInAnyOrderElementsOf(one.fingerprints());
    assertThat(merged.knownFindings()).isEqualTo(one.knownFindings());
    assertThat(merged.jars()).isEqualTo(one.jars());
    assertThat(merged.passed()).isEqualTo(one.passed());
    assertThat(merged.accepted(false)).isEqualTo(one.accepted(false));
    assertThat(parts).as("a split worth testing: both parts hold repetitions")
        .allSatisfy(p -> assertThat(p.scenarios()).isNotEmpty());
  }

  private static BuildComparison compare(Report baseline, Report candidate) {
    return BuildComparison.of(new BuildComparison.Build("baseline", baseline.runId(), List.of()), baseline,
        new BuildComparison.Build("candidate", candidate.runId(), List.of()), candidate);
  }

  /** Random verdicts for every cell and {@code rounds} repetitions, numbered 1..rounds, before known findings. */
  private static List<ScenarioResult> repetitions(Random random, int rounds) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      for (String scenario : SCENARIOS) {
        for (WriteOperation operation : OPERATIONS) {
          long duration = 1_000 + random.nextInt(9_000);
          ScenarioResult result = switch (random.nextInt(6)) {
            case 0 -> ScenarioResult.judged(scenario, operation, round, Verdict.Passed, Verdict.Failed,
                ScenarioResult.Counts.NOT_MEASURED, duration, "/e", "left", List.of(LOSER_LEFT));
            case 1 -> ScenarioResult.judged(scenario, operation, round, Verdict.Failed, Verdict.Passed,
                ScenarioResult.Counts.NOT_MEASURED, duration, "/e", "no abort", List.of(NO_ABORT));
            case 2 -> ScenarioResult.judged(scenario, operation, round, Verdict.Unknown, Verdict.Unknown,
                ScenarioResult.Counts.NOT_MEASURED, duration, "/e", "preflight", List.of(PREFLIGHT));
            default -> ScenarioResult.judged(scenario, operation, round, Verdict.Passed, Verdict.Passed,
                ScenarioResult.Counts.NOT_MEASURED, duration, "/e", null, List.of());
          };
          results.add(result);
        }
      }
    }
    return results;
  }

  /** A part's report as its harness writes it: its repetitions classified, its jars, its known findings' uses. */
  private static Report part(List<ScenarioResult> raw, IntPredicate selected, List<String> executors) {
    List<ScenarioResult> mine = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      if (selected.test(i)) {
        mine.add(raw.get(i));
      }
    }
    return Report.of("run", WRITER, "m", mine.stream().map(r -> KNOWN.classify(WRITER, r)).toList(), "t0", "t1",
        null, jars(executors), KNOWN.uses(WRITER, mine));
  }

  private static Report oneRun(List<ScenarioResult> raw) {
    return Report.of("run", WRITER, "m", raw.stream().map(r -> KNOWN.classify(WRITER, r)).toList(), "t0", "t1", null,
        jars(List.of("exec-1", "exec-2")), KNOWN.uses(WRITER, raw));
  }

  private static List<RanJar> jars(List<String> executors) {
    if (executors.isEmpty()) {
      return List.of();
    }
    return List.of(new RanJar("spark-core", "org.apache.spark.SparkContext", "org.apache.spark:spark-core_2.13",
        "3.5.3", "abc", "/jars/spark-core.jar", false, null, executors.stream()
            .map(e -> new RanJar.Sighting(e + "@host/1", "/jars/spark-core.jar", "")).toList()));
  }

  private static ScenarioResult judged(String scenario, int repetition, Verdict outcome, long duration,
      Check... checks) {
    Verdict storage = outcome == Verdict.Known ? Verdict.Known : outcome;
    return new ScenarioResult(scenario, null, null, repetition, outcome == Verdict.Known ? Verdict.Passed : outcome,
        storage, -1, -1, -1, -1, -1, -1, -1, duration, "/e", null, List.of(checks),
        outcome == Verdict.Known ? List.of(ISSUE) : List.of(), null, null, null);
  }

  private static List<ScenarioStats> stats(ScenarioResult result) {
    return ScenarioStats.of(List.of(result));
  }
}
