package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** After the --conf overrides, the effective configuration must still be the one the scenarios are judged under. */
class RequiredSettingsTest {
  private static SparkInputs options(boolean speculation, Map<String, String> extraConf) {
    List<ScenarioName> scenarios = speculation
        ? List.of(ScenarioName.SPECULATION_ORIGINAL_WINS) : List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT);
    DriverRun driverRun = DriverRun.builder("r1", speculation, scenarios)
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(false)
        .cluster("spark://127.0.0.1:7077", "/tmp/sft-shared")
        .killCommand("/bin/true")
        .build();
    return new SparkInputs(driverRun, Path.of("/tmp/sft-shared/r1"), null, false, extraConf, 4, "plain", "probed",
        java.util.Optional.empty());
  }

  @Test
  void theHarnessesOwnSettingsMeetTheConditionsOfBothDriverRuns() {
    SparkConf spec = SparkSettings.conf(options(true, Map.of()));
    assertThat(spec.get("spark.speculation")).isEqualTo("true");
    assertThat(spec.get("spark.speculation.efficiency.enabled")).isEqualTo("false");
    assertThat(spec.get("spark.task.maxFailures")).isEqualTo("4");
    assertThat(spec.get("spark.shuffle.manager")).isEqualTo("dev.sft.harness.probe.HoldingShuffleManager");
    assertThat(SparkSettings.conf(options(false, Map.of())).get("spark.speculation")).isEqualTo("false");
    assertThat(SparkSettings.conf(options(false, Map.of("spark.task.maxFailures", "8")))
        .get("spark.task.maxFailures")).isEqualTo("8");
  }

  @ParameterizedTest(name = "{0}={1} (speculation {2}) is refused")
  @CsvSource({
      "spark.speculation, false, true",
      "spark.speculation, true, false",
      "spark.shuffle.service.enabled, true, false",
      "spark.decommission.enabled, true, true",
      "spark.storage.decommission.enabled, true, false",
      "spark.shuffle.push.enabled, true, false",
      "spark.dynamicAllocation.enabled, true, true",
      "spark.sql.adaptive.enabled, TRUE, false",
      "spark.speculation.efficiency.enabled, true, true",
      "spark.task.maxFailures, 3, false",
      "spark.task.maxFailures, many, true",
      "spark.shuffle.manager, sort, false"})
  void anOverrideThatBreaksAConditionIsRefusedNamingTheKey(String key, String value, boolean speculation) {
    assertThatThrownBy(() -> SparkSettings.conf(options(speculation, Map.of(key, value))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(key + "=" + value);
  }

  @Test
  void efficiencyMattersOnlyWhereSpeculationRuns() {
    assertThat(SparkSettings.conf(options(false, Map.of("spark.speculation.efficiency.enabled", "true"))))
        .isNotNull();
  }
}
