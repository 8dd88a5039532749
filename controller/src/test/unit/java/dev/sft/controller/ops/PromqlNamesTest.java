package dev.sft.controller.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.controller.support.PromqlNames;
import org.junit.jupiter.api.Test;

/** The metric names MetricsTest compares with the controller's output are found, and nothing else is. */
class PromqlNamesTest {
  @Test
  void findsSelectorsAndBareNamesButNotFunctionsLabelsKeywordsOrVariables() {
    assertThat(PromqlNames.in("sum by (namespace, test) (increase(sft_runs_total{test=~\"$test\", "
        + "outcome=\"Failed\"}[$__range])) / on (namespace) group_left(test) sft_test_phase"))
        .containsExactly("sft_runs_total", "sft_test_phase");
    assertThat(PromqlNames.in("time() - sft_last_success_timestamp_seconds > 86400 or (time() - "
        + "sft_test_created_timestamp_seconds > 8.64e4 unless on (namespace, test) sft_last_success_timestamp_seconds)"))
        .containsExactly("sft_last_success_timestamp_seconds", "sft_test_created_timestamp_seconds");
    assertThat(PromqlNames.in("histogram_quantile(0.9, sum by (le) (rate(sft_run_duration_seconds_bucket[7d])))"))
        .containsExactly("sft_run_duration_seconds_bucket");
    assertThat(PromqlNames.in("sft_last_run_succeeded == bool 0 offset 1h"))
        .containsExactly("sft_last_run_succeeded");
    // A name only in a string or a label matcher is no metric read.
    assertThat(PromqlNames.in("label_replace(up{job=\"sft_fake_total\"}, \"x\", \"$1\", \"y\", \"(.*)\")"))
        .containsExactly("up");
  }

  @Test
  void aLabelValuesVariableReadsItsSelectorNotItsLabel() {
    assertThat(PromqlNames.inVariableQuery("label_values(sft_test_phase{namespace=~\"$namespace\"}, test)"))
        .containsExactly("sft_test_phase");
    assertThat(PromqlNames.inVariableQuery("label_values(sft_test_phase, namespace)"))
        .containsExactly("sft_test_phase");
  }
}
