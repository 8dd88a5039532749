package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.TableLayout;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.RowCounts;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.run.DriverRunOptions;
import dev.sft.harness.scenario.Scenarios;
import dev.sft.harness.table.Fixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * The probe's own cost (issue 14): the same 48,000-row append of the fixture's four partitions, with and without
 * sft's probe, in one driver on one real Standalone cluster, warm, alternating. Prints each time, both medians and
 * their ratio, and writes them to {@code target/bench/probe-overhead.txt}. A benchmark, not a test: it asserts only
 * that both writes wrote every row and that the probe did run (its markers), never a time. Not matched by failsafe's
 * {@code *IT} pattern; {@code bench/probe-overhead.sh} runs it.
 */
class ProbeOverheadBench {
  static final Duration TIMEOUT = Duration.ofSeconds(180);

  @Test
  void theSameWriteWithAndWithoutTheProbe() throws Exception {
    int warmups = Integer.getInteger("sft.bench.warmups", 2);
    int rounds = Integer.getInteger("sft.bench.rounds", 7);
    Path dir = ItCluster.freshDir("probe-overhead");
    try (LocalCluster cluster = ItCluster.start(dir.resolve("cluster"), TIMEOUT)) {
      DriverRunOptions options = RowLevelProbeIT.options(dir, cluster.masterUrl());
      SparkSession spark = SparkSession.builder().config(SparkSettings.conf(options.sparkInputs())).getOrCreate();
      try {
        // The catalogs' warehouse is under the run's folder.
        Path runDir = options.runDir();
        Fixture fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), TIMEOUT);
        List<Double> plain = new ArrayList<>();
        List<Double> probed = new ArrayList<>();
        for (int round = 1 - warmups; round <= rounds; round++) {
          double plainSeconds = write(fixture, spark, runDir, "plain_" + index(round), false);
          double probedSeconds = write(fixture, spark, runDir, "probed_" + index(round), true);
          String line = String.format("round %d%s: without the probe %.3f s, with it %.3f s", round,
              round < 1 ? " (warm-up, not counted)" : "", plainSeconds, probedSeconds);
          System.out.println("ProbeOverheadBench: " + line);
          if (round >= 1) {
            plain.add(plainSeconds);
            probed.add(probedSeconds);
          }
        }
        String result = String.format("ProbeOverheadBench: %d rounds; median without the probe %.3f s, with it"
            + " %.3f s; ratio %.3f", rounds, median(plain), median(probed), median(probed) / median(plain));
        System.out.println(result);
        Path report = Path.of("target", "bench", "probe-overhead.txt");
        Files.createDirectories(report.getParent());
        Files.writeString(report, "plain " + plain + "\nprobed " + probed + "\n" + result + "\n");
      } finally {
        spark.stop();
      }
    }
  }

  /** One append of the source to a new table, timed from the action's start to its commit. */
  private static double write(Fixture fixture, SparkSession spark, Path runDir, String table, boolean probe)
      throws Exception {
    String location = fixture.createTable(table, TableLayout.UNPARTITIONED,
        Scenarios.speculationTableProperties());
    Path scenarioDir = runDir.resolve(table);
    long started = System.nanoTime();
    if (probe) {
      ProbeSpec spec = new ProbeSpec(scenarioDir.toString(), Fixture.dataLocation(location), List.of(), 0, List.of(),
          TIMEOUT.toMillis());
      fixture.source().writeTo(Fixture.probed(table)).option(ProbeSpec.OPTION, spec.toOption()).append();
    } else {
      fixture.source().writeTo(Fixture.qualified(table)).append();
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    RowCounts rows = fixture.verifyRows(table, fixture.sourceRows());
    assertThat(rows).as(table + " holds exactly the source").isEqualTo(
        new RowCounts(Fixture.TOTAL_ROWS, Fixture.TOTAL_ROWS, Fixture.TOTAL_ROWS, Fixture.TOTAL_ROWS, 0, 0));
    if (probe) {
      Path attempts = new GatePaths(scenarioDir).attempts();
      try (Stream<Path> markers = Files.list(attempts)) {
        assertThat(markers.count()).as("attempt markers of the probed write in " + attempts)
            .isGreaterThanOrEqualTo(Fixture.WRITER_PARTITIONS);
      }
    }
    return seconds;
  }

  private static String index(int round) {
    return round < 1 ? "w" + (1 - round) : String.valueOf(round);
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
