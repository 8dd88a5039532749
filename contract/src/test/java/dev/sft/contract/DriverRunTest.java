package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriverRunTest {
  private static DriverRun run(boolean speculation, List<ScenarioName> scenarios) {
    return DriverRun.builder("t1-r1-abcd", speculation, scenarios)
        .repeat(2)
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(true)
        .cluster("spark://m:7077", "/shared")
        .killCommand("/bin/kill")
        .terminationLog("/dev/termination-log")
        .build();
  }

  @Test
  void aScenarioSetIsPlannedAsOneDriverRunPerSpeculationSettingSpeculationFirst() {
    List<DriverRun> runs = DriverRun.plan(List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS,
        ScenarioName.SPECULATION_SPECULATIVE_WINS, ScenarioName.SPECULATION_ORIGINAL_WINS), DriverRunTest::run);
    assertThat(runs).extracting(DriverRun::group).containsExactly("spec", "loss");
    assertThat(runs.get(0).scenarios()).containsExactly(ScenarioName.SPECULATION_ORIGINAL_WINS,
        ScenarioName.SPECULATION_SPECULATIVE_WINS);
    assertThat(runs.get(1).scenarios()).containsExactly(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
    assertThat(DriverRun.plan(List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT), DriverRunTest::run))
        .extracting(DriverRun::speculation).containsExactly(false);
  }

  @Test
  void aScenarioOfTheOtherSpeculationSettingIsRejected() {
    assertThatThrownBy(() -> run(true, List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("executor-loss-shuffle-loss").hasMessageContaining("separate driver run");
  }

  @Test
  void itRendersArgumentsAndTheReferenceSuitesEnvironment() {
    DriverRun run = run(false, List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS,
        ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT));
    assertThat(run.arguments()).startsWith("run").containsSequence("--scenarios",
        "executor-loss-task-replacement,executor-loss-shuffle-loss").containsSequence("--kill-command", "/bin/kill")
        .containsSequence("--kill-timeout", "30").containsSequence("--interrupt-on-cancel", "true")
        .doesNotContain("--driver-host");
    assertThat(run.arguments()).containsSequence("--report", run.sharedRoot() + "/" + run.runId()
        + "/driver-loss/report.json");
    assertThat(run(true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS)).report())
        .isEqualTo(run.sharedRoot() + "/" + run.runId() + "/driver-spec/report.json");
    assertThat(run.environment())
        .containsEntry(HarnessEnvironment.MASTER, "spark://m:7077")
        .containsEntry(HarnessEnvironment.SHARED_ROOT, "/shared")
        .containsEntry(HarnessEnvironment.KILL_COMMAND, "/bin/kill")
        .containsEntry(HarnessEnvironment.TIMEOUT_SECONDS, "180")
        .containsEntry(HarnessEnvironment.KILL_TIMEOUT_SECONDS, "30")
        .containsEntry(HarnessEnvironment.INTERRUPT_ON_CANCEL, "true")
        .containsEntry(HarnessEnvironment.SPECULATION_ENABLED, "false")
        .containsEntry(HarnessEnvironment.TERMINATION_LOG, "/dev/termination-log");
  }

  @Test
  void operationsAreRenderedInMatrixOrderAndDefaultToAppend() {
    DriverRun run = run(true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    assertThat(run.operations()).containsExactly(WriteOperation.DEFAULT);
    assertThat(run.arguments()).containsSequence("--operations", "append");
    DriverRun matrix = run.toBuilder().operations(WriteOperation.parseList("overwrite-partitioned,append")).build();
    assertThat(matrix.arguments()).containsSequence("--operations", "append,overwrite-partitioned");
    assertThat(matrix.unknownResults("/e", "driver died")).extracting(ScenarioResult::cell, ScenarioResult::repetition)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("speculation-original-wins/append", 1),
            org.assertj.core.groups.Tuple.tuple("speculation-original-wins/append", 2),
            org.assertj.core.groups.Tuple.tuple("speculation-original-wins/overwrite-partitioned", 1),
            org.assertj.core.groups.Tuple.tuple("speculation-original-wins/overwrite-partitioned", 2));
  }

  @Test
  void aDeadlineIsRenderedAsArgumentAndEnvironmentOnlyWhenSet() {
    DriverRun none = run(true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    assertThat(none.deadlineSeconds()).isEqualTo(DriverRun.NO_DEADLINE);
    assertThat(none.arguments()).doesNotContain("--deadline");
    assertThat(none.environment()).doesNotContainKey(HarnessEnvironment.DEADLINE_SECONDS);
    DriverRun bounded = speculationOnCluster()
        .deadlineSeconds(900)
        .build();
    assertThat(bounded.arguments()).containsSequence("--deadline", "900");
    assertThat(bounded.environment()).containsEntry(HarnessEnvironment.DEADLINE_SECONDS, "900");
    assertThatThrownBy(() -> speculationOnCluster()
        .deadlineSeconds(-1)
        .build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("deadline");
  }

  @Test
  void anAbsoluteDeadlineIsRenderedWhenSetAndTheEarlierOfBothApplies() {
    DriverRun relative = speculationOnCluster()
        .deadlineSeconds(900)
        .build();
    assertThat(relative.notAfter()).isNull();
    assertThat(relative.arguments()).doesNotContain("--not-after");
    assertThat(relative.environment()).doesNotContainKey(HarnessEnvironment.NOT_AFTER);
    Instant created = Instant.parse("2026-12-02T08:00:00Z");
    DriverRun absolute = relative.withNotAfter(created.plusSeconds(900).plusMillis(750));
    assertThat(absolute.notAfter()).as("whole seconds, as rendered").isEqualTo(Instant.parse("2026-12-02T08:15:00Z"));
    assertThat(absolute.arguments()).containsSequence("--not-after", "2026-12-02T08:15:00Z");
    assertThat(absolute.environment()).containsEntry(HarnessEnvironment.NOT_AFTER, "2026-12-02T08:15:00Z");

    // The pod waited 4 minutes for a node and an image: the driver starts late and must stop by the Job's clock.
    Instant lateStart = created.plusSeconds(240);
    assertThat(relative.stopAt(lateStart)).isEqualTo(lateStart.plusSeconds(900));
    assertThat(absolute.stopAt(lateStart)).isEqualTo(Instant.parse("2026-12-02T08:15:00Z"));
    // A driver that started on time keeps its own bound if that is earlier.
    DriverRun tight = absolute.withNotAfter(created.plusSeconds(3600));
    assertThat(tight.stopAt(created)).isEqualTo(created.plusSeconds(900));
    DriverRun onlyAbsolute = speculationOnCluster()
        .deadlineSeconds(DriverRun.NO_DEADLINE)
        .notAfter(created)
        .build();
    assertThat(onlyAbsolute.stopAt(lateStart)).isEqualTo(created);
    assertThat(run(true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS)).stopAt(created)).isNull();
  }

  @Test
  void aRunThatNeverReportedCountsEveryRepetitionAsUnknown() {
    DriverRun run = run(true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS));
    List<ScenarioResult> unknown = run.unknownResults("/shared/t1-r1-abcd", "driver died");
    assertThat(unknown).extracting(ScenarioResult::repetition).containsExactly(1, 2);
    assertThat(unknown).allSatisfy(r -> {
      assertThat(r.scheduler()).isEqualTo(Verdict.Unknown);
      assertThat(r.storage()).isEqualTo(Verdict.Unknown);
      assertThat(r.rows()).isEqualTo(-1);
      assertThat(r.message()).isEqualTo("driver died");
      assertThat(r.passed()).isFalse();
    });
    Report report = run.unreported("/x", "driver died");
    assertThat(report.passed()).isFalse();
    assertThat(report.failure()).isEqualTo("driver died");
    assertThat(report.writer()).isEqualTo("iceberg");
  }

  /** A speculation driver run on a cluster, with the timeouts a test's defaults give. */
  private static DriverRun.Builder speculationOnCluster() {
    return DriverRun.builder("t1-r1-abcd", true, List.of(ScenarioName.SPECULATION_ORIGINAL_WINS))
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(false)
        .cluster("spark://m:7077", "/shared");
  }
}
