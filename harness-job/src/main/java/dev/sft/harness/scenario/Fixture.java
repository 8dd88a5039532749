package dev.sft.harness.scenario;

import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.driver.BoundedJob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * The data every scenario writes, as in the reference suite: four source Parquet files with disjoint ID ranges,
 * 12,000 rows each, read as exactly four writer partitions (48,000 rows in all), written to a new empty table.
 */
public final class Fixture {
  public static final int WRITER_PARTITIONS = 4;
  public static final int ROWS_PER_PARTITION = 12_000;
  public static final long TOTAL_ROWS = (long) WRITER_PARTITIONS * ROWS_PER_PARTITION;
  /** Range k holds IDs [k * ID_STRIDE, k * ID_STRIDE + ROWS_PER_PARTITION). */
  public static final long ID_STRIDE = 1_000_000L;

  /** Plain Iceberg catalog, used to create and read tables. */
  public static final String CATALOG = "sft";
  /** The same warehouse through the probe, used for the monitored write only. */
  public static final String PROBED_CATALOG = "sft_probed";
  public static final String NAMESPACE = "db";

  private final SparkSession spark;
  private final List<String> sourceDirs;
  private final Path warehouse;
  private final Duration timeout;

  private Fixture(SparkSession spark, List<String> sourceDirs, Path warehouse, Duration timeout) {
    this.spark = spark;
    this.sourceDirs = sourceDirs;
    this.warehouse = warehouse;
    this.timeout = timeout;
  }

  /**
   * Writes the four source files once per run; every scenario then reads them. A later driver run of the same run
   * (speculation first, then loss) reuses them once the completion marker shows they were fully written. Like every
   * Spark action of the fixture, the writes are bounded by {@code timeout}.
   */
  public static Fixture prepare(SparkSession spark, Path runDir, Path warehouse, Duration timeout) {
    Path source = sourceDir(runDir);
    Path complete = source.resolve(COMPLETE_MARKER);
    List<String> dirs = new ArrayList<>();
    for (int k = 0; k < WRITER_PARTITIONS; k++) {
      dirs.add(source.resolve("range-" + k).toString());
    }
    if (!Files.exists(complete)) {
      for (int k = 0; k < WRITER_PARTITIONS; k++) {
        long start = k * ID_STRIDE;
        String dir = dirs.get(k);
        bounded(spark, "writing source file " + dir, timeout, () -> {
          spark.range(start, start + ROWS_PER_PARTITION, 1, 1)
              .selectExpr("id", "concat('row-', CAST(id AS STRING)) AS payload")
              .write()
              .mode("overwrite")
              .parquet(dir);
          return null;
        });
      }
      Markers.publishText(complete, TOTAL_ROWS + " rows in " + WRITER_PARTITIONS + " files\n");
    }
    spark.sql("CREATE NAMESPACE IF NOT EXISTS " + CATALOG + "." + NAMESPACE);
    return new Fixture(spark, dirs, warehouse, timeout);
  }

  public static Path sourceDir(Path runDir) {
    return runDir.resolve("source");
  }

  /** Published after the four source files are written, so a reader never reuses half a source. */
  static final String COMPLETE_MARKER = "_SFT_SOURCE_COMPLETE";

  /** The source as exactly four partitions (one per file); anything else would change every scenario's meaning. */
  public Dataset<Row> source() {
    Dataset<Row> source = spark.read().parquet(sourceDirs.toArray(new String[0]));
    int partitions = source.rdd().getNumPartitions();
    if (partitions != WRITER_PARTITIONS) {
      throw new IllegalStateException("fixture precondition: the source must read as " + WRITER_PARTITIONS
          + " partitions (one per file) but reads as " + partitions
          + "; is spark.sql.files.openCostInBytes overridden?");
    }
    return source;
  }

  public Dataset<Row> expectedIds() {
    Dataset<Row> expected = null;
    for (int k = 0; k < WRITER_PARTITIONS; k++) {
      long start = k * ID_STRIDE;
      Dataset<Row> range = spark.range(start, start + ROWS_PER_PARTITION).toDF("id");
      expected = expected == null ? range : expected.union(range);
    }
    return expected;
  }

  /** Creates a new empty table and returns its location. */
  public String createTable(String table, Map<String, String> properties) {
    String props = properties.entrySet().stream()
        .map(e -> "'" + e.getKey() + "'='" + e.getValue() + "'")
        .collect(Collectors.joining(", "));
    spark.sql("CREATE TABLE " + qualified(table) + " (id BIGINT, payload STRING) USING iceberg"
        + (props.isEmpty() ? "" : " TBLPROPERTIES (" + props + ")"));
    return warehouse.resolve(NAMESPACE).resolve(table).toString();
  }

  /** The table's data folder, as Iceberg's writer uses it. */
  public static String dataLocation(String tableLocation) {
    return StorageAudit.dataLocation(StorageAudit.load(tableLocation));
  }

  public static String qualified(String table) {
    return CATALOG + "." + NAMESPACE + "." + table;
  }

  public static String probed(String table) {
    return PROBED_CATALOG + "." + NAMESPACE + "." + table;
  }

  /** Counts and the bidirectional EXCEPT ALL against the complete expected ID multiset, bounded by the timeout. */
  public RowCheck verifyRows(String table) {
    return bounded(spark, "verifying the rows of " + qualified(table), timeout, () -> {
      Dataset<Row> actual = spark.table(qualified(table)).select("id");
      Dataset<Row> expected = expectedIds();
      Row counts = actual.agg(functions.count(functions.lit(1)), functions.countDistinct(functions.col("id")))
          .first();
      return new RowCheck(
          counts.getLong(0),
          counts.getLong(1),
          expected.exceptAll(actual).count(),
          actual.exceptAll(expected).count());
    });
  }

  /** Runs a fixture action as its own job group, cancelled at the bound; the message says which step it was. */
  private static <T> T bounded(SparkSession spark, String step, Duration timeout, Callable<T> action) {
    String group = "sft-fixture-" + UUID.randomUUID();
    try (BoundedJob<T> job = BoundedJob.startInterruptible(spark, group, action)) {
      return job.await(timeout);
    } catch (RuntimeException e) {
      throw new IllegalStateException("fixture: " + step + " did not succeed: " + e.getMessage(), e);
    }
  }

  /**
   * @param expectedNotInTable rows of the expected multiset missing from the table
   * @param tableNotInExpected rows of the table that the expected multiset does not have (duplicates included)
   */
  public record RowCheck(long rows, long distinctIds, long expectedNotInTable, long tableNotInExpected) {}
}
