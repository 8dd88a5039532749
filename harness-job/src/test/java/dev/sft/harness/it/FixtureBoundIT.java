package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.sft.contract.TableLayout;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.scenario.Fixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * A fixture action that hangs ends at the fixture's bound, cancelled, with a message naming the step, on a real
 * Standalone cluster: without the bound the row verification below would wait for its sleeping task for ten minutes
 * and the test's own limit would fail it.
 */
class FixtureBoundIT {
  static final Duration SETUP = Duration.ofSeconds(120);
  static final Duration BOUND = Duration.ofSeconds(5);
  /** The bound, plus {@code BoundedJob.close}'s wait for the cancelled group (60 s at most), plus slack. */
  static final Duration TEST_LIMIT = Duration.ofSeconds(100);

  @Test
  void aHangingRowVerificationEndsAtTheFixturesBound() throws Exception {
    Path dir = ItCluster.freshDir("fixture-bound");
    try (LocalCluster cluster = ItCluster.start(dir.resolve("cluster"), SETUP)) {
      SparkSession spark = SparkSession.builder()
          .config(SparkSettings.conf(RowLevelProbeIT.options(dir, cluster.masterUrl()))).getOrCreate();
      try {
        Path runDir = dir.resolve("shared").resolve("fixture-bound");
        // Written once with a generous bound; the fixture under test reuses the complete source files.
        Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), SETUP);
        Fixture fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), BOUND);
        fixture.createTable("bounded", TableLayout.UNPARTITIONED, Map.of());
        // The expected rows' only task sleeps far longer than the test: only the bound's cancellation ends it.
        Dataset<Row> hanging = spark.range(0, 1, 1, 1)
            .selectExpr("id", "CAST(reflect('java.lang.Thread', 'sleep', 600000L) AS STRING) AS payload");

        long started = System.nanoTime();
        assertTimeoutPreemptively(TEST_LIMIT, () -> assertThatThrownBy(() -> fixture.verifyRows("bounded", hanging))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("fixture: verifying the rows of " + Fixture.qualified("bounded") + " did not succeed")
            .hasMessageContaining("timed out after " + BOUND.toSeconds() + " s"));
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        System.out.println("FixtureBoundIT: the hanging verification ended after " + tookMs + " ms");
        assertThat(tookMs).as("not before the bound").isGreaterThanOrEqualTo(BOUND.toMillis());
        assertThat(spark.sparkContext().statusTracker().getActiveStageIds())
            .as("no stage left running after the bound").isEmpty();
      } finally {
        spark.stop();
      }
    }
  }
}
