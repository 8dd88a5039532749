package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TerminationMessageTest {
  private static final String RUN_DIR = "/shared/sft/upstream-suite-with-a-long-name-r12-20260101t000000z-4f2a9c";

  private static ScenarioResult result(String name, WriteOperation operation, int repetition, Verdict storage,
      String message) {
    return ScenarioResult.judged(name, operation, repetition, Verdict.Passed, storage,
        new ScenarioResult.Counts(48_000, 48_000, 1, 4, 3, 2, 0), 61_000,
        RUN_DIR + "/" + name + "-" + operation.id() + "-r" + repetition, message,
        List.of(new Check(Check.SCHEDULER, "tasks.succeeded", Verdict.Passed, "ok"),
            new Check(Check.STORAGE, "files.no-orphans", storage, "x".repeat(500))));
  }

  /**
   * The largest Job the CRD accepts: every scenario of the speculation-off Job under every operation, 100
   * repetitions each, failures at random with messages that differ from cell to cell.
   */
  private static List<ScenarioResult> largestJob(long seed, boolean noisyMessages) {
    Random random = new Random(seed);
    List<ScenarioResult> results = new ArrayList<>();
    List<ScenarioName> loss = java.util.Arrays.stream(ScenarioName.values()).filter(s -> !s.needsSpeculation())
        .toList();
    for (ScenarioName name : loss) {
      for (WriteOperation operation : WriteOperation.all()) {
        for (int rep = 1; rep <= 100; rep++) {
          int draw = random.nextInt(20);
          Verdict storage = draw == 0 ? Verdict.Failed : draw == 1 ? Verdict.Unknown : Verdict.Passed;
          String message = storage == Verdict.Passed ? null
              : noisyMessages ? noise(random, 2_000)
              : "files.no-orphans: " + random.nextInt(100) + " orphan files " + Long.toHexString(random.nextLong());
          results.add(result(name.id(), operation, rep, storage, message));
        }
      }
    }
    return results;
  }

  /** Text that does not compress. */
  private static String noise(Random random, int length) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append((char) ('!' + random.nextInt(90)));
    }
    return text.toString();
  }

  @Test
  void carriesOneSummaryPerCellAndNoRepetitions() throws Exception {
    Report report = Report.of("run-7", "iceberg", "spark://m:7077",
        List.of(result("executor-loss-shuffle-loss", WriteOperation.DEFAULT, 1, Verdict.Passed, null),
            result("executor-loss-shuffle-loss", WriteOperation.DEFAULT, 2, Verdict.Failed, "orphan found")),
        "a", "b", null);

    Report decoded = TerminationMessage.decode(TerminationMessage.encode(report));

    assertThat(decoded.scenarios()).isEmpty();
    assertThat(decoded.passed()).isFalse();
    assertThat(decoded.stats()).singleElement().satisfies(cell -> {
      assertThat(cell.cell()).isEqualTo("executor-loss-shuffle-loss/append");
      assertThat(cell.passedOfRuns()).isEqualTo("1/2");
      assertThat(cell.failed()).isEqualTo(1);
      assertThat(cell.verdicts()).containsEntry("Passed/Passed", 1).containsEntry("Passed/Failed", 1);
      assertThat(cell.latestFailure()).isEqualTo(new CellFailure(2, Verdict.Failed, "storage/files.no-orphans",
          "orphan found", RUN_DIR + "/executor-loss-shuffle-loss-append-r2"));
      assertThat(cell.failureRate().describe()).isEqualTo(FailureRate.wilson(1, 2).describe());
    });
  }

  @Test
  void carriesEveryCellWithEveryCountAtTheCrdsLargestSpec() throws Exception {
    for (long seed = 1; seed <= 10; seed++) {
      Report report = Report.of("run-9", "comet-native", "spark://full-master.sft-staging.svc:7077",
          largestJob(seed, false), "2026-01-01T00:00:00Z", "2026-01-01T03:00:00Z", null);
      assertThat(report.stats()).hasSize(TerminationMessage.MAX_CELLS);

      String encoded = TerminationMessage.encode(report);

      assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
      assertCountsArrive(report, TerminationMessage.decode(encoded));
    }
  }

  @Test
  void underPressureKeepsEveryCountAndDropsTheFailuresText() throws Exception {
    Report report = Report.of("run-10", "iceberg", "spark://m:7077", largestJob(5, true), "a", "b", null);

    String encoded = TerminationMessage.encode(report);

    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    Report decoded = TerminationMessage.decode(encoded);
    assertCountsArrive(report, decoded);
    assertThat(decoded.stats()).allSatisfy(cell -> assertThat(cell.latestFailure().message()).isNull());
  }

  @Test
  void beyondAnyJobTheCrdAcceptsKeepsTheOutcomeAndPointsAtTheReport() throws Exception {
    Random random = new Random(6);
    List<ScenarioResult> results = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      results.add(result(noise(random, 20), WriteOperation.DEFAULT, 1, Verdict.Failed, "m"));
    }
    String encoded = TerminationMessage.encode(Report.of("run-8", "iceberg", "spark://m:7077", results, "a", "b",
        null));

    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    Report decoded = TerminationMessage.decode(encoded);
    assertThat(decoded.passed()).isFalse();
    assertThat(decoded.stats()).isEmpty();
    assertThat(decoded.failure()).contains("report.json");
  }

  @Test
  void aLogTailIsNoReport() {
    assertThatThrownBy(() -> TerminationMessage.decode("Exception in thread \"main\" java.lang.OutOfMemoryError"))
        .isInstanceOf(IOException.class);
  }

  /** Every cell arrives, in order, with every count; only the latest failure's message and evidence may be cut. */
  private static void assertCountsArrive(Report sent, Report decoded) {
    assertThat(decoded.passed()).isEqualTo(sent.passed());
    assertThat(decoded.stats()).hasSameSizeAs(sent.stats());
    for (int i = 0; i < sent.stats().size(); i++) {
      ScenarioStats expected = sent.stats().get(i);
      ScenarioStats actual = decoded.stats().get(i);
      CellFailure failure = actual.latestFailure();
      assertThat(actual).isEqualTo(expected.withLatestFailure(
          failure == null ? null : expected.latestFailure().with(failure.message(), failure.evidence())));
      if (failure != null && failure.message() != null) {
        assertThat(expected.latestFailure().message()).startsWith(failure.message().replace("…", ""));
      }
    }
  }
}
