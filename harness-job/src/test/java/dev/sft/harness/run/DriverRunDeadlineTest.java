package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness's own deadline stops new repetitions and reports them Unknown, saying why. */
class DriverRunDeadlineTest {
  private final Instant start = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void passesAtItsEndAndNotBefore() {
    DriverRunDeadline deadline = new DriverRunDeadline(start, driverRun(240, null));
    assertThat(deadline.passed(start.plusSeconds(239))).isFalse();
    assertThat(deadline.passed(start.plusSeconds(240))).isTrue();
  }

  @Test
  void withoutALimitItNeverPasses() {
    assertThat(new DriverRunDeadline(start, driverRun(DriverRun.NO_DEADLINE, null))
        .passed(start.plus(Duration.ofDays(365)))).isFalse();
  }

  @Test
  void anAbsoluteDeadlineEarlierThanTheRelativeOneStopsFirst() {
    // The Job was created 5 minutes before the driver started (scheduling, a cold image pull).
    Instant jobEnd = start.minusSeconds(300).plusSeconds(900);
    DriverRunDeadline deadline = new DriverRunDeadline(start, driverRun(900, jobEnd));
    assertThat(deadline.passed(jobEnd.minusSeconds(1))).isFalse();
    assertThat(deadline.passed(jobEnd)).as("at the Job's clock, not 900 s after the JVM started").isTrue();
    ScenarioResult result = deadline.notStarted(ScenarioName.SPECULATION_ORIGINAL_WINS, WriteOperation.DEFAULT, 1,
        "/shared/sft/run-1");
    assertThat(result.message()).contains("not after 2026-01-01T00:10:00Z, --not-after");
  }

  @Test
  void aRepetitionNotStartedIsUnknownOnBothSidesAndNamesTheDeadline() {
    ScenarioResult result = new DriverRunDeadline(start, driverRun(240, null))
        .notStarted(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS,
            dev.sft.contract.WriteOperation.fromId("overwrite-partitioned"), 3, "/shared/sft/run-1");
    assertThat(result.name()).isEqualTo("executor-loss-shuffle-loss");
    assertThat(result.cell()).isEqualTo("executor-loss-shuffle-loss/overwrite-partitioned");
    assertThat(result.repetition()).isEqualTo(3);
    assertThat(result.scheduler()).isEqualTo(Verdict.Unknown);
    assertThat(result.storage()).isEqualTo(Verdict.Unknown);
    assertThat(result.message()).contains("harness deadline (240 s");
    assertThat(result.checks()).singleElement().satisfies(c -> assertThat(c.rule()).isEqualTo("deadline"));
  }

  private static DriverRun driverRun(int deadlineSeconds, Instant notAfter) {
    return DriverRun.builder("run-1", false, List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS))
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(false)
        .cluster("spark://m:7077", "/shared/sft")
        .deadlineSeconds(deadlineSeconds)
        .notAfter(notAfter)
        .build();
  }
}
