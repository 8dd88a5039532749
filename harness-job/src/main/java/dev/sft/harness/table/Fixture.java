package dev.sft.harness.table;

import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.driver.BoundedJob;
import dev.sft.harness.evidence.RowCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import dev.sft.contract.TableLayout;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The data every scenario writes, as in the reference suite: four source Parquet files with disjoint ID ranges,
 * 12,000 rows each, read as exactly four writer partitions (48,000 rows in all), written to a new table in the
 * operation's layout. An operation that needs rows in the table before its write inserts them here
 * ({@link #priorRows}, {@link #insert}), unmonitored.
 */
public final class Fixture {
  public static final int WRITER_PARTITIONS = 4;
  public static final int ROWS_PER_PARTITION = 12_000;
  public static final long TOTAL_ROWS = (long) WRITER_PARTITIONS * ROWS_PER_PARTITION;
  /** Range k holds IDs [k * ID_STRIDE, k * ID_STRIDE + ROWS_PER_PARTITION). */
  public static final long ID_STRIDE = 1_000_000L;

  /** Prior rows per range, in ranges 0..{@value #PRIOR_RANGES} - 1: IDs [k * ID_STRIDE, k * ID_STRIDE + 1,000). */
  public static final int PRIOR_ROWS_PER_RANGE = 1_000;
  /** The source's four ranges, plus one range the source does not touch. */
  public static final int PRIOR_RANGES = WRITER_PARTITIONS + 1;
  /**
   * The partitioned layout: each source range is one range partition split into two buckets, so one writer task
   * writes into two partitions, and a dynamic overwrite leaves the fifth range's partitions alone.
   */
  static final String PARTITION_SPEC = "truncate(" + ID_STRIDE + ", id), bucket(2, id)";
  /** Every table's columns, as the source files hold them. */
  private static final String COLUMNS = "(id BIGINT, payload STRING)";

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
   * Writes the four source files once per run ({@link SourceFiles}); every scenario then reads them. A later driver
   * run of the same run (speculation first, then loss) reuses them once the completion marker shows they were fully
   * written. Like every Spark action of the fixture, the writes are bounded by {@code timeout}.
   */
  public static Fixture prepare(SparkSession spark, Path runDir, Path warehouse, Duration timeout) {
    Path source = sourceDir(runDir);
    Path complete = source.resolve(COMPLETE_MARKER);
    List<String> dirs = new ArrayList<>();
    for (int k = 0; k < WRITER_PARTITIONS; k++) {
      dirs.add(source.resolve("range-" + k).toString());
    }
    if (!Files.exists(complete)) {
      SourceFiles.write(spark.sparkContext().hadoopConfiguration(), dirs, ID_STRIDE, ROWS_PER_PARTITION, timeout);
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

  /** The source's rows ({@code id, payload}) as a multiset, computed independently of the source files. */
  public Dataset<Row> sourceRows() {
    return rows(WRITER_PARTITIONS, ROWS_PER_PARTITION, "row-");
  }

  /** The rows an operation that needs a table with rows inserts first, payloads {@code prior-...}. */
  public Dataset<Row> priorRows() {
    return rows(PRIOR_RANGES, PRIOR_ROWS_PER_RANGE, "prior-");
  }

  /** The prior rows in the range the source does not touch (the last one). */
  public Dataset<Row> priorRowsUntouched() {
    long start = (PRIOR_RANGES - 1) * ID_STRIDE;
    return spark.range(start, start + PRIOR_ROWS_PER_RANGE, 1, 1)
        .selectExpr("id", "concat('prior-', CAST(id AS STRING)) AS payload");
  }

  private Dataset<Row> rows(int ranges, int rowsPerRange, String payloadPrefix) {
    Dataset<Row> rows = null;
    for (int k = 0; k < ranges; k++) {
      long start = k * ID_STRIDE;
      Dataset<Row> range = spark.range(start, start + rowsPerRange, 1, 1)
          .selectExpr("id", "concat('" + payloadPrefix + "', CAST(id AS STRING)) AS payload");
      rows = rows == null ? range : rows.union(range);
    }
    return rows;
  }

  /**
   * Creates a new empty table in {@code layout} and returns its location. The partitioned layout writes with
   * Iceberg's fanout writer: the scenarios keep the writer partitions as they are (no write distribution), so a
   * task's rows are not clustered by partition.
   */
  public String createTable(String table, TableLayout layout, Map<String, String> properties) {
    Map<String, String> all = new TreeMap<>(properties);
    if (layout == TableLayout.PARTITIONED) {
      all.put("write.spark.fanout.enabled", "true");
    }
    String props = all.entrySet().stream()
        .map(e -> "'" + e.getKey() + "'='" + e.getValue() + "'")
        .collect(Collectors.joining(", "));
    spark.sql("CREATE TABLE " + qualified(table) + " " + COLUMNS + " USING iceberg"
        + (layout == TableLayout.PARTITIONED ? " PARTITIONED BY (" + PARTITION_SPEC + ")" : "")
        + (props.isEmpty() ? "" : " TBLPROPERTIES (" + props + ")"));
    return warehouse.resolve(NAMESPACE).resolve(table).toString();
  }

  /** The table the warm-up write goes to; no scenario reads it. */
  public static final String WARM_UP_TABLE = "sft_warm_up";

  /**
   * A small unmonitored append of one row in 100 of the source, one task per source file, through the plain catalog:
   * it runs the scenarios' read and write code once on every executor. On fresh executors the first write's tasks
   * run cold, about four times longer, and a speculation scenario's held task gets its copy only after 1.5 times
   * their median duration, with the CPU idle in between.
   */
  public void warmUp() {
    spark.sql("CREATE TABLE IF NOT EXISTS " + qualified(WARM_UP_TABLE) + " " + COLUMNS + " USING iceberg");
    bounded(spark, "warming up the write path in " + qualified(WARM_UP_TABLE), timeout, () -> {
      source().where("id % 100 = 0").writeTo(qualified(WARM_UP_TABLE)).append();
      return null;
    });
  }

  /** Appends {@code rows} through the plain catalog (no probe), one task, bounded: an operation's prior state. */
  public void insert(String table, Dataset<Row> rows) {
    bounded(spark, "inserting the prior rows into " + qualified(table), timeout, () -> {
      rows.coalesce(1).writeTo(qualified(table)).append();
      return null;
    });
  }

  /**
   * Appends the source through the plain catalog, bounded, one single-task append per source file (four snapshots;
   * each writes one file, two on the partitioned layout): the prior state of a row-level command. One task per job,
   * because the run's cluster speculates: a four-task append can get a speculative copy whose loser leaves a file
   * behind, an orphan no monitored attempt wrote. The write option raises the target file size over the scenario's
   * one-byte table setting, so each task writes whole files the command then rewrites or deletes from.
   */
  public void insertSource(String table) {
    for (String dir : sourceDirs) {
      bounded(spark, "inserting the source rows of " + dir + " into " + qualified(table), timeout, () -> {
        spark.read().parquet(dir).coalesce(1).writeTo(qualified(table))
            .option("target-file-size-bytes", String.valueOf(PRIOR_FILE_BYTES)).append();
        return null;
      });
    }
  }

  /** Larger than any file of the fixture, so a prior-state task writes one file per partition it touches. */
  static final long PRIOR_FILE_BYTES = 512L * 1024 * 1024;

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

  /**
   * Counts and the bidirectional EXCEPT ALL of whole rows ({@code id, payload}) against the exact expected multiset,
   * from one job ({@link RowComparison}), bounded by the timeout: a lost, duplicated or stale row shows in one direction
   * or the other.
   */
  public RowCounts verifyRows(String table, Dataset<Row> expected) {
    return bounded(spark, "verifying the rows of " + qualified(table), timeout,
        () -> RowComparison.of(spark.table(qualified(table)), expected));
  }

  /** Runs a fixture action as its own job group, cancelled at the bound; the message says which step it was. */
  private static <T> T bounded(SparkSession spark, String step, Duration timeout, Callable<T> action) {
    try (BoundedJob<T> job = BoundedJob.startInterruptible(spark, "sft-fixture-" + UUID.randomUUID(), action)) {
      return awaited(job, step, timeout);
    }
  }

  private static <T> T awaited(BoundedJob<T> job, String step, Duration timeout) {
    try {
      return job.await(timeout);
    } catch (RuntimeException e) {
      throw new IllegalStateException("fixture: " + step + " did not succeed: " + e.getMessage(), e);
    }
  }
}
