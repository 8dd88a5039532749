package dev.sft.controller.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.SchedulerFailureTestStatus.FailureRateStatus;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.api.SchedulerFailureTestStatus.RunRecord;
import dev.sft.controller.support.TestResources;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the metrics count and show for the versions of a test the informer hands them. */
class RunMetricsTest {
  static final String START = "2026-12-01T02:00:00Z";
  static final String END = "2026-12-01T02:30:00Z";
  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  SimpleMeterRegistry registry;
  RunMetrics metrics;

  @BeforeEach
  void newRegistry() {
    registry = new SimpleMeterRegistry();
    metrics = new RunMetrics(registry, new Leadership(false));
  }

  @Test
  void aFollowerExportsNothingUntilItLeadsThenTheLatestValues() {
    Leadership leadership = new Leadership(true);
    RunMetrics follower = new RunMetrics(registry, leadership);
    SchedulerFailureTest running = test("nightly", Phase.Running, "nightly-r1-aaaa");
    follower.observe(running);
    follower.observeUpdate(running, finished(running, Phase.Failed));

    assertThat(registry.getMeters()).as("a follower shows no series of the test, gauge or count")
        .extracting(m -> m.getId().toString()).isEmpty();

    leadership.startedLeading();
    assertThat(registry.get(RunMetrics.LAST_RUN_SUCCEEDED).tag("test", "nightly").gauge().value()).isZero();
    assertThat(registry.get(RunMetrics.PHASE).tag("test", "nightly").tag("phase", "Failed").gauge().value())
        .isEqualTo(1.0);
    follower.observeUpdate(running, finished(running, Phase.Succeeded));
    assertThat(registry.get(RunMetrics.LAST_RUN_SUCCEEDED).tag("test", "nightly").gauge().value()).isEqualTo(1.0);
  }

  @Test
  void aFinishedRunIsCountedOnceByCellWriterAndVerdictsWithItsOutcomeAndDuration() {
    SchedulerFailureTest running = test("nightly", Phase.Running, "nightly-r1-aaaa");
    SchedulerFailureTest failed = finished(running, Phase.Failed);

    metrics.observeUpdate(running, failed);
    // The cleanup's status write after the outcome, and a resync showing the same version again.
    metrics.observeUpdate(failed, copy(failed));
    metrics.observeUpdate(copy(failed), copy(failed));

    assertThat(repetitions("Passed", "Passed")).isEqualTo(3);
    assertThat(repetitions("Passed", "Failed")).isEqualTo(1);
    assertThat(registry.get(RunMetrics.REPETITIONS).tag("scenario", "executor-loss-shuffle-loss")
        .tag("operation", "append").tag("writer", "comet-native").counters()).hasSize(2);
    assertThat(registry.get(RunMetrics.RUNS).tag("outcome", "Failed").counter().count()).isEqualTo(1);
    assertThat(registry.find(RunMetrics.RUNS).tag("outcome", "Succeeded").counter()).isNull();
    var duration = registry.get(RunMetrics.RUN_DURATION).tag("outcome", "Failed").timer();
    assertThat(duration.count()).isEqualTo(1);
    assertThat(duration.totalTime(TimeUnit.MINUTES)).isEqualTo(30);
  }

  @Test
  void aRestartedControllerListsFinishedTestsAsAddedAndCountsNothingAgain() {
    SchedulerFailureTest failed = finished(test("nightly", Phase.Running, "nightly-r1-aaaa"), Phase.Failed);

    metrics.observe(failed);

    assertThat(registry.find(RunMetrics.REPETITIONS).counters()).isEmpty();
    assertThat(registry.find(RunMetrics.RUNS).counters()).isEmpty();
    // The gauges come from the status alone.
    assertThat(gauge(RunMetrics.LAST_RUN)).isEqualTo(Instant.parse(END).getEpochSecond());
    assertThat(gauge(RunMetrics.LAST_RUN_SUCCEEDED)).isZero();
    assertThat(registry.get(RunMetrics.PHASE).tag("phase", "Failed").gauge().value()).isEqualTo(1);
  }

  @Test
  void theNextRunIsCountedAgainButNotTheSameRunFinishingTwice() {
    SchedulerFailureTest first = finished(test("nightly", Phase.Running, "nightly-r1-aaaa"), Phase.Succeeded);
    metrics.observeUpdate(test("nightly", Phase.Running, "nightly-r1-aaaa"), first);
    SchedulerFailureTest second = finished(test("nightly", Phase.Running, "nightly-r2-bbbb"), Phase.Succeeded);
    // A relisted informer may skip the versions in between: one run finished, the next finished.
    metrics.observeUpdate(first, second);
    // Events in an odd order must not count the second run twice.
    metrics.observeUpdate(test("nightly", Phase.Running, "nightly-r2-bbbb"), copy(second));

    assertThat(registry.get(RunMetrics.RUNS).tag("outcome", "Succeeded").counter().count()).isEqualTo(2);
    assertThat(repetitions("Passed", "Passed")).isEqualTo(6);
  }

  @Test
  void gaugesShowThePhaseTheLatestRunAndTheLatestSuccessFromTheHistory() {
    SchedulerFailureTest provisioning = test("nightly", Phase.Provisioning, "nightly-r3-cccc");
    provisioning.getStatus().history.add(record(Phase.Failed, "2026-11-30T03:00:00Z"));
    provisioning.getStatus().history.add(record(Phase.Succeeded, "2026-11-29T03:00:00Z"));
    provisioning.getStatus().history.add(record(Phase.Succeeded, "2026-11-28T03:00:00Z"));

    metrics.observe(provisioning);

    assertThat(registry.get(RunMetrics.PHASE).gauges()).hasSize(Phase.values().length);
    for (Phase phase : Phase.values()) {
      assertThat(registry.get(RunMetrics.PHASE).tag("phase", phase.name()).gauge().value())
          .as(phase.name()).isEqualTo(phase == Phase.Provisioning ? 1 : 0);
    }
    assertThat(gauge(RunMetrics.LAST_RUN)).isEqualTo(Instant.parse("2026-11-30T03:00:00Z").getEpochSecond());
    assertThat(gauge(RunMetrics.LAST_RUN_SUCCEEDED)).isZero();
    assertThat(gauge(RunMetrics.LAST_SUCCESS)).isEqualTo(Instant.parse("2026-11-29T03:00:00Z").getEpochSecond());
    assertThat(gauge(RunMetrics.CREATED)).isEqualTo(Instant.parse("2026-11-01T00:00:00Z").getEpochSecond());
  }

  @Test
  void aRunThatSucceededWithKnownFindingsIsToldFromOneThatSucceeded() {
    SchedulerFailureTest known = finished(test("nightly", Phase.Running, "nightly-r1-aaaa"), Phase.Succeeded);
    known.getStatus().known = 3;
    metrics.observe(known);
    assertThat(gauge(RunMetrics.LAST_RUN_SUCCEEDED)).isEqualTo(1);
    assertThat(gauge(RunMetrics.LAST_RUN_KNOWN)).isEqualTo(3);

    SchedulerFailureTest clean = finished(test("nightly", Phase.Running, "nightly-r2-bbbb"), Phase.Succeeded);
    clean.getStatus().history.add(record(Phase.Succeeded, "2026-11-30T03:00:00Z"));
    clean.getStatus().history.get(0).known = 3;
    metrics.observeUpdate(known, clean);
    assertThat(gauge(RunMetrics.LAST_RUN_SUCCEEDED)).isEqualTo(1);
    assertThat(gauge(RunMetrics.LAST_RUN_KNOWN)).as("the latest run's, not the history's").isZero();
    assertThat(registry.find(RunMetrics.LAST_RUN_KNOWN).gauges()).as("one series per test").hasSize(1);
  }

  @Test
  void aTestThatNeverSucceededHasNoLastSuccessAndOneThatNeverFinishedNoLastRun() {
    metrics.observe(test("nightly", Phase.Running, "nightly-r1-aaaa"));

    assertThat(registry.find(RunMetrics.LAST_SUCCESS).gauge()).isNull();
    assertThat(registry.find(RunMetrics.LAST_RUN).gauge()).isNull();
    assertThat(registry.find(RunMetrics.LAST_RUN_SUCCEEDED).gauge()).isNull();
    assertThat(registry.find(RunMetrics.LAST_RUN_KNOWN).gauge()).isNull();
    assertThat(gauge(RunMetrics.CREATED)).isPositive();
  }

  @Test
  void cellFailureRatesAreTheLatestFinishedRunsAndStayWhileTheNextRuns() {
    SchedulerFailureTest failed = finished(test("nightly", Phase.Running, "nightly-r1-aaaa"), Phase.Failed);
    metrics.observe(failed);
    assertThat(rate("executor-loss-shuffle-loss", "estimate")).isEqualTo(0.5);
    assertThat(rate("executor-loss-shuffle-loss", "low")).isEqualTo(0.0945);
    assertThat(rate("executor-loss-shuffle-loss", "high")).isEqualTo(0.9055);

    // The next run starts: its cells are empty until its Jobs report, and the previous run's rates stay.
    SchedulerFailureTest next = test("nightly", Phase.Running, "nightly-r2-bbbb");
    next.getStatus().cells.clear();
    metrics.observeUpdate(failed, next);
    assertThat(rate("executor-loss-shuffle-loss", "estimate")).isEqualTo(0.5);

    // It finishes without that cell: its series goes.
    SchedulerFailureTest done = finished(test("nightly", Phase.Running, "nightly-r2-bbbb"), Phase.Succeeded);
    done.getStatus().cells.removeIf(c -> c.name.equals("executor-loss-shuffle-loss"));
    metrics.observeUpdate(next, done);
    assertThat(registry.find(RunMetrics.CELL_FAILURE_RATE).tag("scenario", "executor-loss-shuffle-loss").gauges())
        .isEmpty();
    assertThat(rate("speculation-original-wins", "estimate")).isZero();
  }

  @Test
  void aDeletedTestLosesEverySeriesAndOtherTestsKeepTheirs() {
    SchedulerFailureTest gone = test("nightly", Phase.Running, "nightly-r1-aaaa");
    metrics.observeUpdate(gone, finished(gone, Phase.Failed));
    SchedulerFailureTest other = test("other", Phase.Running, "other-r1-aaaa");
    other.getMetadata().setName("other");
    metrics.observeUpdate(other, finished(other, Phase.Succeeded));

    metrics.forget(gone);

    assertThat(registry.getMeters()).isNotEmpty().allSatisfy(meter ->
        assertThat(meter.getId().getTag("test")).as(meter.getId().toString()).isEqualTo("other"));
    assertThat(registry.getMeters()).extracting(m -> m.getId().getName()).contains(RunMetrics.REPETITIONS,
        RunMetrics.RUNS, RunMetrics.RUN_DURATION, RunMetrics.PHASE, RunMetrics.LAST_RUN, RunMetrics.CELL_FAILURE_RATE);
    // The same name created again starts from nothing and counts its first run.
    SchedulerFailureTest again = test("nightly", Phase.Running, "nightly-r1-aaaa");
    metrics.observeUpdate(again, finished(again, Phase.Failed));
    assertThat(registry.get(RunMetrics.RUNS).tag("test", "nightly").counter().count()).isEqualTo(1);
  }

  private double repetitions(String scheduler, String storage) {
    return registry.find(RunMetrics.REPETITIONS).tag("namespace", "sft-nightly").tag("test", "nightly")
        .tag("scheduler", scheduler).tag("storage", storage).counters().stream().mapToDouble(c -> c.count()).sum();
  }

  private double gauge(String name) {
    return registry.get(name).tag("test", "nightly").gauge().value();
  }

  private double rate(String scenario, String bound) {
    return registry.get(RunMetrics.CELL_FAILURE_RATE).tag("scenario", scenario).tag("bound", bound).gauge().value();
  }

  /** A test in {@code phase} of run {@code runId} with two cells: one passed twice, one passed once and failed once. */
  private static SchedulerFailureTest test(String name, Phase phase, String runId) {
    SchedulerFailureTest test = TestResources.valid("sft-nightly", name);
    test.getMetadata().setCreationTimestamp("2026-11-01T00:00:00Z");
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.phase = phase;
    status.runId = runId;
    status.startTime = START;
    status.runSpec = "{\"harness\":{\"image\":\"h\",\"writer\":\"comet-native\"}}";
    status.cells.add(cell("speculation-original-wins", Map.of("Passed/Passed", 2), "0.0000", "0.0000", "0.6576"));
    status.cells.add(cell("executor-loss-shuffle-loss", Map.of("Passed/Passed", 1, "Passed/Failed", 1), "0.5000",
        "0.0945", "0.9055"));
    test.setStatus(status);
    return test;
  }

  private static SchedulerFailureTest finished(SchedulerFailureTest running, Phase outcome) {
    SchedulerFailureTest done = copy(running);
    done.getStatus().phase = outcome;
    done.getStatus().completionTime = END;
    return done;
  }

  private static SchedulerFailureTest copy(SchedulerFailureTest test) {
    return SERIALIZATION.clone(test);
  }

  private static CellStatus cell(String scenario, Map<String, Integer> verdicts, String estimate, String low,
      String high) {
    CellStatus cell = new CellStatus();
    cell.name = scenario;
    cell.operation = "append";
    cell.verdicts = verdicts;
    cell.repetitions = verdicts.values().stream().mapToInt(Integer::intValue).sum();
    cell.failureRate = new FailureRateStatus();
    cell.failureRate.estimate = estimate;
    cell.failureRate.low = low;
    cell.failureRate.high = high;
    return cell;
  }

  private static RunRecord record(Phase outcome, String completion) {
    RunRecord record = new RunRecord();
    record.outcome = outcome;
    record.completionTime = completion;
    return record;
  }
}
