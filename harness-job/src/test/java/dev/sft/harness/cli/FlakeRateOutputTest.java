package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import dev.sft.contract.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a user of --repeat and --until-failure reads: per cell passed/N, the failure rate and its interval. */
class FlakeRateOutputTest {
  private static ScenarioResult repetition(String name, int rep, Verdict storage) {
    return ScenarioResult.judged(name, rep, Verdict.Passed, storage,
        new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000 * rep, "/out/" + name + "-r" + rep,
        storage == Verdict.Passed ? null : "orphans: 2",
        List.of(new Check(Check.STORAGE, "files.no-orphans", storage, "orphans: 2")));
  }

  private static List<ScenarioResult> cell(String name, int repetitions, int... failing) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int rep = 1; rep <= repetitions; rep++) {
      int r = rep;
      boolean fails = java.util.Arrays.stream(failing).anyMatch(f -> f == r);
      results.add(repetition(name, rep, fails ? Verdict.Failed : Verdict.Passed));
    }
    return results;
  }

  @Test
  void repeatPrintsPassedOfNAndTheFailureRateWithItsIntervalPerCell() {
    List<ScenarioResult> results = new ArrayList<>(cell("speculation-original-wins", 20, 7));
    results.addAll(cell("speculation-speculative-wins", 20));
    String table = ReportTable.render(Report.of("run", "iceberg", "m", results, "a", "b", null));

    assertThat(table).contains("REPETITIONS (failure rate: Failed and Known over the judged repetitions");
    assertThat(table).containsPattern("speculation-original-wins +append +19/20 +1 +0 +0 +5\\.0 % \\[0\\.9 %, 23\\.6 %\\]");
    assertThat(table).containsPattern("speculation-speculative-wins +append +20/20 +0 +0 +0 +0\\.0 % \\[0\\.0 %, 16\\.1 %\\]");
  }

  @Test
  void aSoakThatReachedItsBoundPrintsTheZeroFailureUpperBound() {
    Report report = Report.of("run", "iceberg", "m", cell("executor-loss-task-replacement", 50), "a", "b", null);

    String summary = SoakSummary.render(report, new Soak(50, null));

    assertThat(summary).contains("SOAK (--until-failure --max-repeat 50): no failure in 50 round(s); the bound was"
        + " reached");
    // 1 - 0.05^(1/50) = 5.8 %
    assertThat(summary).containsPattern("executor-loss-task-replacement/append +50/50 +at most 5\\.8 % \\(no failure"
        + " in 50\\)");
  }

  @Test
  void aSoakThatStoppedNamesTheFirstFailureAndItsEvidence() {
    List<ScenarioResult> results = new ArrayList<>(cell("speculation-original-wins", 7, 7));
    results.addAll(cell("speculation-speculative-wins", 6));
    Report report = Report.of("run", "iceberg", "m", results, "a", "b", null);

    String summary = SoakSummary.render(report, new Soak(0, Duration.ofMinutes(30)));

    assertThat(summary).contains("SOAK (--until-failure --max-time 30m): stopped at the first failure,"
        + " speculation-original-wins/append r7 (Failed)").contains("evidence: /out/speculation-original-wins-r7");
    assertThat(summary).containsPattern("speculation-original-wins/append +6/7 +14\\.3 % \\[.*\\] \\(1 of 7 failed\\)");
    assertThat(summary).containsPattern("speculation-speculative-wins/append +6/6 +at most 39\\.3 % \\(no failure in 6\\)");
  }

  @Test
  void soakOptionsRefuseWhatCannotBeMeant() {
    assertThat(CliArgumentsTest.run("local", "--until-failure").err())
        .contains("--until-failure needs a bound: --max-repeat N and/or --max-time DURATION");
    assertThat(CliArgumentsTest.run("local", "--max-repeat", "5").err())
        .contains("--max-repeat and --max-time bound a soak: give them with --until-failure");
    assertThat(CliArgumentsTest.run("local", "--until-failure", "--max-repeat", "5", "--repeat", "3").err())
        .contains("--repeat and --until-failure exclude each other");
    assertThat(CliArgumentsTest.run("local", "--until-failure", "--max-time", "soon").err())
        .contains("Invalid value for option '--max-time': 'soon' is not a duration (90s, 5m, 1h30m, PT5M or a number"
            + " of seconds)");
    assertThat(CliArgumentsTest.run("local", "--until-failure", "--max-repeat", "0").err())
        .contains("--max-repeat must be at least 1, got 0");
  }

  @Test
  void durationsReadAsPeopleWriteThem() {
    assertThat(Soak.format(Duration.ofMinutes(90))).isEqualTo("1h30m");
    assertThat(dev.sft.contract.FlagDuration.parse(Soak.format(Duration.ofSeconds(3_725))))
        .as("what the driver run is handed reads back").isEqualTo(Duration.ofSeconds(3_725));
    Soak soak = new Soak(3, Duration.ofMinutes(1));
    assertThat(soak.mayStart(3, Duration.ofSeconds(59))).isTrue();
    assertThat(soak.mayStart(4, Duration.ZERO)).as("past --max-repeat").isFalse();
    assertThat(soak.mayStart(1, Duration.ofMinutes(1))).as("past --max-time").isFalse();
  }

  @Test
  void aLongFailureMessageIsCutInTheTableAndPointsAtTheReport() {
    ScenarioResult failing = repetition("executor-loss-shuffle-loss", 1, Verdict.Failed)
        .withMessage("orphans: " + "/shared/run/warehouse/db/t/data/00000-15-0.parquet, ".repeat(40), List.of());
    String table = ReportTable.render(Report.of("run", "iceberg", "m", List.of(failing), "a", "b", null));
    assertThat(table).contains("… (whole message: report.json, report.html)");
    assertThat(table.lines().filter(l -> l.startsWith("executor-loss-shuffle-loss/append r1: ")).findFirst()
        .orElseThrow()).hasSizeLessThan(ReportTable.MESSAGE_LIMIT + 100);
  }
}
