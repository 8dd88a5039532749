package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import dev.sft.contract.Verdict;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A soak over two driver runs: each gets its share of the time left, and none starts after a failure. */
class SoakSharesTest {
  @Test
  void eachDriverRunGetsAnEqualShareOfTheTimeLeft() {
    SoakShares shares = new SoakShares(new Soak(0, Duration.ofMinutes(10)), 2);
    Duration first = shares.next().orElseThrow().maxTime();
    assertThat(first).isBetween(Duration.ofSeconds(299), Duration.ofMinutes(5));
    assertThat(shares.next().orElseThrow().maxTime()).as("the last takes all that is left")
        .isBetween(Duration.ofSeconds(599), Duration.ofMinutes(10));
  }

  @Test
  void withoutATimeBoundEveryDriverRunSoaksToTheRepeatBound() {
    SoakShares shares = new SoakShares(new Soak(50, null), 2);
    assertThat(shares.next()).contains(new Soak(50, null));
    assertThat(shares.next()).contains(new Soak(50, null));
  }

  @Test
  void aFailureOrUnknownInAnEarlierDriverRunStopsTheSoakAndAKnownOneDoesNot() {
    assertThat(SoakShares.stopped(List.of(report(Verdict.Passed)))).isFalse();
    assertThat(SoakShares.stopped(List.of(report(Verdict.Known)))).isFalse();
    assertThat(SoakShares.stopped(List.of(report(Verdict.Passed), report(Verdict.Failed)))).isTrue();
    assertThat(SoakShares.stopped(List.of(report(Verdict.Unknown)))).isTrue();
  }

  private static Report report(Verdict storage) {
    return Report.of("run", "iceberg", "m", List.of(ScenarioResult.judged("control", 1, Verdict.Passed, storage,
        ScenarioResult.Counts.NOT_MEASURED, 0, "/e", null, List.of())), "a", "b", null);
  }
}
