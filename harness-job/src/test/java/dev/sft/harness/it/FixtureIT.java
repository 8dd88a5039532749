package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.sft.contract.TableLayout;
import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.driver.SparkSettings;
import dev.sft.harness.evidence.RowCounts;
import dev.sft.harness.table.Fixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fixture on a real Standalone cluster: the source files (written without Spark) read as four partitions of
 * exactly the expected rows; the one-job row verification gives exactly the figures of the four separate queries it
 * replaced (counts, distinct IDs, EXCEPT ALL both ways); and a fixture action that hangs
 * ends at the fixture's bound, cancelled, with a message naming the step.
 */
class FixtureIT {
  static final Duration SETUP = Duration.ofSeconds(120);
  static final Duration BOUND = Duration.ofSeconds(5);
  /** The bound, plus {@code BoundedJob.close}'s wait for the cancelled group (60 s at most), plus slack. */
  static final Duration TEST_LIMIT = Duration.ofSeconds(100);
  private static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType, true)
      .add("payload", DataTypes.StringType, true);

  private static LocalCluster cluster;
  private static SparkSession spark;
  private static Path runDir;

  @BeforeAll
  static void startCluster() throws Exception {
    Path dir = ItCluster.freshDir("fixture");
    cluster = ItCluster.start(dir.resolve("cluster"), SETUP);
    spark = SparkSession.builder()
        .config(SparkSettings.conf(RowLevelProbeIT.options(dir, cluster.masterUrl()).sparkInputs())).getOrCreate();
    runDir = dir.resolve("shared").resolve("fixture");
    // Written once with a generous bound; the fixtures under test reuse the complete source files.
    Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), SETUP);
  }

  @AfterAll
  static void stopCluster() {
    if (spark != null) {
      spark.stop();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void theRowVerificationCountsLostDuplicatedStaleAndExtraRowsAsTheFourQueriesDid() {
    Fixture fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), SETUP);
    fixture.createTable("compared", TableLayout.UNPARTITIONED, Map.of());
    fixture.insert("compared", rows(row(1L, "a"), row(2L, "b"), row(2L, "b"), row(3L, "stale"), row(null, "x"),
        row(5L, "e"), row(5L, "e2")));
    Dataset<Row> expected = rows(row(1L, "a"), row(2L, "b"), row(3L, "c"), row(4L, "d"), row(null, "x"));

    RowCounts counts = fixture.verifyRows("compared", expected);

    // Lost: (3, c) and (4, d). Extra: the second (2, b), (3, stale), (5, e) and (5, e2). The null ID is a row like any
    // other for EXCEPT ALL, and no distinct ID.
    assertThat(counts).isEqualTo(new RowCounts(5, 4, 7, 4, 2, 4));
    assertThat(counts).isEqualTo(fourQueries(spark.table(Fixture.qualified("compared")), expected));
  }

  @Test
  void theSourceFilesReadAsFourPartitionsOfTheExpectedRows() {
    Fixture fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), SETUP);
    Dataset<Row> source = fixture.source();

    assertThat(source.rdd().getNumPartitions()).isEqualTo(Fixture.WRITER_PARTITIONS);
    assertThat(source.schema().fieldNames()).containsExactly("id", "payload");
    assertThat(source.schema().apply("id").dataType()).isEqualTo(DataTypes.LongType);
    assertThat(source.schema().apply("payload").dataType()).isEqualTo(DataTypes.StringType);
    assertThat(source.except(fixture.sourceRows()).count()).isZero();
    assertThat(fixture.sourceRows().except(source).count()).isZero();
    assertThat(source.count()).isEqualTo(Fixture.TOTAL_ROWS);
  }

  @Test
  void theRowVerificationOfTheWholeSourceAgreesWithTheFourQueries() {
    Fixture fixture = Fixture.prepare(spark, runDir, runDir.resolve("warehouse"), SETUP);
    fixture.createTable("whole", TableLayout.PARTITIONED, Map.of());
    fixture.insertSource("whole");

    RowCounts exact = fixture.verifyRows("whole", fixture.sourceRows());
    Dataset<Row> oneLost = fixture.sourceRows().where("id <> 7");

    assertThat(exact).isEqualTo(new RowCounts(48_000, 48_000, 48_000, 48_000, 0, 0));
    assertThat(fixture.verifyRows("whole", oneLost)).isEqualTo(new RowCounts(47_999, 47_999, 48_000, 48_000, 0, 1))
        .isEqualTo(fourQueries(spark.table(Fixture.qualified("whole")), oneLost));
  }

  @Test
  void aHangingRowVerificationEndsAtTheFixturesBound() throws Exception {
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
    System.out.println("FixtureIT: the hanging verification ended after " + tookMs + " ms");
    assertThat(tookMs).as("not before the bound").isGreaterThanOrEqualTo(BOUND.toMillis());
    assertThat(spark.sparkContext().statusTracker().getActiveStageIds())
        .as("no stage left running after the bound").isEmpty();
  }

  /** The verification as it was before the one-job comparison, kept here as the oracle. */
  private static RowCounts fourQueries(Dataset<Row> table, Dataset<Row> expected) {
    Dataset<Row> actual = table.select("id", "payload");
    Dataset<Row> wanted = expected.select("id", "payload");
    Row counts = actual.agg(functions.count(functions.lit(1)), functions.countDistinct(functions.col("id"))).first();
    Row expectedCounts = wanted.agg(functions.count(functions.lit(1)), functions.countDistinct(functions.col("id")))
        .first();
    return new RowCounts(expectedCounts.getLong(0), expectedCounts.getLong(1), counts.getLong(0), counts.getLong(1),
        wanted.exceptAll(actual).count(), actual.exceptAll(wanted).count());
  }

  private static Row row(Long id, String payload) {
    return RowFactory.create(id, payload);
  }

  private static Dataset<Row> rows(Row... rows) {
    List<Row> list = Arrays.asList(rows);
    return spark.createDataFrame(list, SCHEMA);
  }
}
