package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The harness's own deadline stops new repetitions and reports them Unknown, saying why. */
class RunDeadlineTest {
  private final Instant start = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void passesAtItsEndAndNotBefore() {
    RunDeadline deadline = new RunDeadline(start, Duration.ofSeconds(240));
    assertThat(deadline.passed(start.plusSeconds(239))).isFalse();
    assertThat(deadline.passed(start.plusSeconds(240))).isTrue();
  }

  @Test
  void withoutALimitItNeverPasses() {
    assertThat(new RunDeadline(start, null).passed(start.plus(Duration.ofDays(365)))).isFalse();
  }

  @Test
  void aRepetitionNotStartedIsUnknownOnBothSidesAndNamesTheDeadline() {
    ScenarioResult result = new RunDeadline(start, Duration.ofSeconds(240))
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
}
