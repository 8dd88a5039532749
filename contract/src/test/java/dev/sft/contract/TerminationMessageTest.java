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
  private static ScenarioResult result(int repetition, String message) {
    return ScenarioResult.judged("executor-loss-shuffle-loss", repetition, Verdict.Passed, Verdict.Failed,
        new ScenarioResult.Counts(48_000, 48_000, 1, 4, 3, 2, 0), 61_000,
        "/shared/run/executor-loss-shuffle-loss-r" + repetition, message,
        List.of(new Check(Check.STORAGE, "files.orphans-known-rejected", Verdict.Failed, "x".repeat(500))));
  }

  /**
   * One harness Job's results at the CRD's largest repeat: every scenario of the loss setting (the most of any), every
   * repetition with its own duration, orphan counts that vary, and some failures that explain themselves.
   */
  private static List<ScenarioResult> fullJob(long seed) {
    Random random = new Random(seed);
    List<ScenarioResult> results = new ArrayList<>();
    String runDir = "/shared/sft/upstream-suite-with-a-long-name-r12-20260101t000000z-4f2a9c";
    List<ScenarioName> loss = ScenarioName.faults().stream().filter(s -> !s.needsSpeculation()).toList();
    for (ScenarioName name : loss) {
      for (int rep = 1; rep <= TerminationMessage.MAX_RESULTS / loss.size(); rep++) {
        boolean failed = random.nextInt(10) == 0;
        int orphans = random.nextInt(9);
        results.add(ScenarioResult.judged(name.id(), rep, Verdict.Passed, failed ? Verdict.Failed : Verdict.Passed,
            new ScenarioResult.Counts(failed ? 47_000 + random.nextInt(1000) : 48_000,
                failed ? 47_000 + random.nextInt(1000) : 48_000, 1, 4, orphans, orphans, failed ? 2 : 0),
            3_000 + random.nextInt(120_000), runDir + "/" + name.id() + "-r" + rep,
            failed ? "missing files: 2 referenced by snapshot 7 but absent from storage" : null,
            List.of(new Check(Check.STORAGE, "files.missing-empty", Verdict.Passed, "ok"))));
      }
    }
    return results;
  }

  @Test
  void keepsVerdictsAndCountsAndDropsTheChecks() throws Exception {
    Report report = Report.of("run-7", "iceberg", "spark://m:7077", List.of(result(1, "orphan found")), "a", "b",
        null);
    Report decoded = TerminationMessage.decode(TerminationMessage.encode(report));
    ScenarioResult s = decoded.scenarios().get(0);
    assertThat(s.scheduler()).isEqualTo(Verdict.Passed);
    assertThat(s.storage()).isEqualTo(Verdict.Failed);
    assertThat(s.orphanFiles()).isEqualTo(3);
    assertThat(s.knownRejectedOrphans()).isEqualTo(2);
    assertThat(s.message()).isEqualTo("orphan found");
    assertThat(s.checks()).isNull();
    assertThat(decoded.passed()).isFalse();
  }

  @Test
  void carriesEveryResultWithEveryCountAtTheLargestRepeat() throws Exception {
    for (long seed = 1; seed <= 20; seed++) {
      List<ScenarioResult> results = fullJob(seed);
      Report report = Report.of("run-9", "comet-native", "spark://full-master.sft-staging.svc:7077", results,
          "2026-01-01T00:00:00Z", "2026-01-01T03:00:00Z", null);
      String encoded = TerminationMessage.encode(report);
      assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
      Report decoded = TerminationMessage.decode(encoded);
      assertThat(decoded.scenarios()).hasSize(TerminationMessage.MAX_RESULTS);
      for (int i = 0; i < results.size(); i++) {
        ScenarioResult sent = results.get(i);
        // Messages may be shortened to fit; everything else arrives as sent.
        assertThat(decoded.scenarios().get(i))
            .isEqualTo(sent.withMessage(decoded.scenarios().get(i).message(), null));
      }
      assertThat(decoded.stats()).isEqualTo(report.stats());
      assertThat(decoded.passed()).isEqualTo(report.passed());
    }
  }

  @Test
  void carriesAnOperationMatrixWithEveryCountAndEveryCellKey() throws Exception {
    Random random = new Random(3);
    List<ScenarioResult> results = new ArrayList<>();
    for (ScenarioName name : List.of(ScenarioName.SPECULATION_ORIGINAL_WINS, ScenarioName.SPECULATION_SPECULATIVE_WINS)) {
      for (WriteOperation operation : WriteOperation.all()) {
        for (int rep = 1; rep <= TerminationMessage.MAX_RESULTS / 2 / WriteOperation.all().size(); rep++) {
          int orphans = random.nextInt(3);
          results.add(ScenarioResult.judged(name.id(), operation, rep, Verdict.Passed,
              orphans == 0 ? Verdict.Passed : Verdict.Failed,
              new ScenarioResult.Counts(48_000, 48_000, 1, 4, orphans, 0, 0), 3_000 + random.nextInt(60_000),
              "/shared/run/" + name.id() + "-" + operation.id() + "-r" + rep, null, null));
        }
      }
    }
    Report report = Report.of("run-11", "iceberg", "spark://m:7077", results, "a", "b", null);
    String encoded = TerminationMessage.encode(report);
    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    Report decoded = TerminationMessage.decode(encoded);
    // As many results as MAX_RESULTS spreads evenly over two scenarios and every operation.
    assertThat(results.size()).isGreaterThan(TerminationMessage.MAX_RESULTS - 2 * WriteOperation.all().size());
    assertThat(decoded.scenarios()).hasSize(results.size());
    // One stats entry per cell does not fit beside the results; the reader derives them from the results.
    assertThat(decoded.stats()).hasSize(2 * WriteOperation.all().size()).isEqualTo(ScenarioStats.of(results));
    for (int i = 0; i < results.size(); i++) {
      assertThat(decoded.scenarios().get(i))
          .isEqualTo(results.get(i).withMessage(decoded.scenarios().get(i).message(), null));
    }
  }

  @Test
  void aMatrixBeyondTheCountBudgetStillKeepsEveryVerdictAndCell() throws Exception {
    List<ScenarioResult> results = new ArrayList<>();
    Random random = new Random(4);
    for (ScenarioName name : List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT,
        ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)) {
      for (WriteOperation operation : WriteOperation.all()) {
        for (int rep = 1; rep <= 100; rep++) {
          results.add(ScenarioResult.judged(name.id(), operation, rep, Verdict.Passed,
              random.nextInt(10) == 0 ? Verdict.Failed : Verdict.Passed,
              new ScenarioResult.Counts(48_000, 48_000, 1, 4, random.nextInt(9), random.nextInt(9), 0),
              random.nextInt(100_000), "/shared/" + random.nextLong(), "m".repeat(100), null));
        }
      }
    }
    String encoded = TerminationMessage.encode(Report.of("run-12", "iceberg", "spark://m:7077", results, "a", "b",
        null));
    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    Report decoded = TerminationMessage.decode(encoded);
    assertThat(decoded.scenarios()).extracting(ScenarioResult::cell, ScenarioResult::repetition,
        ScenarioResult::storage).containsExactlyElementsOf(results.stream()
            .map(r -> org.assertj.core.groups.Tuple.tuple(r.cell(), r.repetition(), r.storage())).toList());
  }

  @Test
  void underPressureKeepsEveryVerdictAndMarksTheCountsNotMeasured() throws Exception {
    Random random = new Random(5);
    List<ScenarioResult> noisy = new ArrayList<>();
    for (int rep = 1; rep <= TerminationMessage.MAX_RESULTS; rep++) {
      noisy.add(ScenarioResult.judged("speculation-original-wins", rep, Verdict.Passed,
          rep % 3 == 0 ? Verdict.Failed : Verdict.Passed,
          new ScenarioResult.Counts(random.nextInt(1_000_000), random.nextInt(1_000_000), random.nextInt(100),
              random.nextInt(100), random.nextInt(100), random.nextInt(100), random.nextInt(100)),
          random.nextInt(10_000_000), "/shared/" + random.nextLong(), "m".repeat(300), null));
    }
    Report report = Report.of("run-10", "iceberg", "spark://m:7077", noisy, "a", "b", null);
    String encoded = TerminationMessage.encode(report);
    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    Report decoded = TerminationMessage.decode(encoded);
    assertThat(decoded.scenarios()).extracting(ScenarioResult::storage)
        .containsExactlyElementsOf(noisy.stream().map(ScenarioResult::storage).toList());
    assertThat(decoded.scenarios()).allSatisfy(s -> {
      assertThat(s.orphanFiles()).isEqualTo(-1);
      assertThat(s.message()).contains("report.json");
    });
  }

  @Test
  void alwaysFitsTheKubernetesLimit() throws Exception {
    List<ScenarioResult> many = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      many.add(result(i, "m".repeat(2000)));
    }
    Report report = Report.of("run-8", "iceberg", "spark://m:7077", many, "a", "b", null);
    String encoded = TerminationMessage.encode(report);
    assertThat(encoded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TerminationMessage.MAX_BYTES);
    assertThat(TerminationMessage.decode(encoded).passed()).isFalse();
    assertThat(TerminationMessage.decode(encoded).scenarios()).hasSize(40);
  }

  @Test
  void aLogTailIsNoReport() {
    assertThatThrownBy(() -> TerminationMessage.decode("Exception in thread \"main\" java.lang.OutOfMemoryError"))
        .isInstanceOf(IOException.class);
  }
}
