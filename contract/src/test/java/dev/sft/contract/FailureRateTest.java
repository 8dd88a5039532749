package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FailureRateTest {
  // Reference values: the Wilson score interval at z = 1.96 as published tables give it (e.g. 1 of 20: 0.9 %-23.6 %).
  @Test
  void wilsonIntervalMatchesTheReferenceValues() {
    assertInterval(FailureRate.wilson(0, 20), 0, 0, 0.1611);
    assertInterval(FailureRate.wilson(1, 20), 0.05, 0.0089, 0.2361);
    assertInterval(FailureRate.wilson(10, 20), 0.5, 0.2993, 0.7007);
    assertInterval(FailureRate.wilson(20, 20), 1, 0.8389, 1);
    assertInterval(FailureRate.wilson(3, 100), 0.03, 0.0103, 0.0845);
  }

  @Test
  void withoutTrialsNothingIsKnown() {
    FailureRate none = FailureRate.wilson(0, 0);
    assertInterval(none, 0, 0, 1);
    assertThat(none.describe()).isEqualTo("-");
  }

  @Test
  void describesAsPercentages() {
    assertThat(FailureRate.wilson(1, 20).describe()).isEqualTo("5.0 % [0.9 %, 23.6 %]");
  }

  @Test
  void zeroFailureUpperBoundIsOneMinusTheTwentiethRootOfTheSample() {
    assertThat(FailureRate.zeroFailureUpperBound(1)).isCloseTo(0.95, within(1e-9));
    assertThat(FailureRate.zeroFailureUpperBound(20)).isCloseTo(0.1391, within(1e-4));
    assertThat(FailureRate.zeroFailureUpperBound(50)).isCloseTo(0.0582, within(1e-4));
    // The "rule of three": about 3/n for large n.
    assertThat(FailureRate.zeroFailureUpperBound(1000)).isCloseTo(0.003, within(1e-4));
    assertThat(FailureRate.zeroFailureUpperBound(0)).isEqualTo(1);
  }

  @Test
  void refusesImpossibleCounts() {
    assertThatThrownBy(() -> FailureRate.wilson(3, 2)).hasMessageContaining("failures 3 of 2 trials");
    assertThatThrownBy(() -> FailureRate.wilson(-1, 2)).isInstanceOf(IllegalArgumentException.class);
  }

  private static void assertInterval(FailureRate rate, double estimate, double low, double high) {
    assertThat(rate.estimate()).isCloseTo(estimate, within(1e-4));
    assertThat(rate.low()).isCloseTo(low, within(1e-4));
    assertThat(rate.high()).isCloseTo(high, within(1e-4));
  }
}
