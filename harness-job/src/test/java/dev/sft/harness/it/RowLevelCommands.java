package dev.sft.harness.it;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The row-level commands the row-level ITs run on the fixture's table (four 12,000-row ID ranges, one data file
 * each), and the exact row multiset each must leave, computed from the seed rows without DML. Every command
 * touches all four files and cuts through them, so none can be a metadata-only delete.
 */
enum RowLevelCommands {
  DELETE("DELETE FROM %s WHERE id %% 10 = 0",
      "SELECT id, payload FROM seed WHERE id % 10 <> 0"),
  UPDATE("UPDATE %s SET payload = concat(payload, '-u') WHERE id %% 10 = 1",
      "SELECT id, IF(id % 10 = 1, concat(payload, '-u'), payload) AS payload FROM seed"),
  MERGE("MERGE INTO %s t USING merge_source s ON t.id = s.id"
      + " WHEN MATCHED AND s.op = 'd' THEN DELETE"
      + " WHEN MATCHED THEN UPDATE SET payload = s.payload"
      + " WHEN NOT MATCHED THEN INSERT (id, payload) VALUES (s.id, s.payload)",
      "SELECT t.id, IF(s.op = 'u', s.payload, t.payload) AS payload FROM seed t LEFT JOIN merge_source s"
          + " ON t.id = s.id WHERE s.op IS NULL OR s.op <> 'd'"
          + " UNION ALL SELECT s.id, s.payload FROM merge_source s LEFT ANTI JOIN seed t ON s.id = t.id");

  /**
   * MERGE's source: 120 IDs of each range (every 100th; odd ones deleted, even ones updated) and 10 new IDs per
   * range, inserted.
   */
  static final String MERGE_SOURCE = "SELECT a.id * 1000000 + b.id * 100 AS id, IF(b.id % 2 = 1, 'd', 'u') AS op,"
      + " concat('merged-', CAST(a.id * 1000000 + b.id * 100 AS STRING)) AS payload"
      + " FROM range(0, 4) a CROSS JOIN range(0, 120) b"
      + " UNION ALL SELECT a.id * 1000000 + 500000 + b.id AS id, 'i' AS op,"
      + " concat('inserted-', CAST(a.id * 1000000 + 500000 + b.id AS STRING)) AS payload"
      + " FROM range(0, 4) a CROSS JOIN range(0, 10) b";

  private final String sql;
  private final String expected;

  RowLevelCommands(String sql, String expected) {
    this.sql = sql;
    this.expected = expected;
  }

  String sql(String table) {
    return String.format(java.util.Locale.ROOT, sql, table);
  }

  /** Registers the views the commands and their expectations read: {@code seed} and {@code merge_source}. */
  static void registerViews(SparkSession spark, Dataset<Row> seed) {
    seed.createOrReplaceTempView("seed");
    spark.sql(MERGE_SOURCE).createOrReplaceTempView("merge_source");
  }

  Dataset<Row> expected(SparkSession spark) {
    return spark.sql(expected);
  }

  /** The write modes under test, as table properties. */
  enum Mode {
    COPY_ON_WRITE("copy-on-write", 2),
    MERGE_ON_READ_V2("merge-on-read", 2),
    MERGE_ON_READ_V3("merge-on-read", 3);

    final String mode;
    final int formatVersion;

    Mode(String mode, int formatVersion) {
      this.mode = mode;
      this.formatVersion = formatVersion;
    }

    boolean mergeOnRead() {
      return mode.equals("merge-on-read");
    }

    Map<String, String> properties() {
      Map<String, String> p = new LinkedHashMap<>();
      p.put("format-version", String.valueOf(formatVersion));
      p.put("write.delete.mode", mode);
      p.put("write.update.mode", mode);
      p.put("write.merge.mode", mode);
      return p;
    }
  }

  /**
   * How the rewrite is distributed. {@code DEFAULT}: Iceberg's defaults (hash distribution for row-level writes:
   * a shuffle into {@code spark.sql.shuffle.partitions} tasks, files hashed onto them). {@code FILE_PER_TASK}: no
   * distribution and one scan split per data file, so each of the four writer tasks rewrites one file.
   */
  enum Layout {
    DEFAULT(Map.of()),
    FILE_PER_TASK(Map.of(
        "write.delete.distribution-mode", "none",
        "write.update.distribution-mode", "none",
        "write.merge.distribution-mode", "none",
        "read.split.open-file-cost", String.valueOf(128L * 1024 * 1024)));

    final Map<String, String> properties;

    Layout(Map<String, String> properties) {
      this.properties = properties;
    }
  }
}
