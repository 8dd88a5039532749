package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;
import dev.sft.harness.table.Fixture;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * {@code MERGE INTO t USING <source>} with all three clauses. The source matches nine rows in ten of every range:
 * {@code id % 10 = 1} is deleted, the others ({@code id % 10} 2..9) get payload {@code merged-<id>}; it also brings
 * {@value #INSERTS_PER_RANGE} new IDs per range ({@code k * ID_STRIDE + INSERT_OFFSET + i}, payload
 * {@code inserted-<id>}), inserted. The source is SQL over {@code range}; the expectation is plain Java.
 */
final class MergeOperation extends RowLevelOperation {
  static final String SOURCE_VIEW = "sft_merge_source";
  static final int INSERTS_PER_RANGE = 1_000;
  static final long INSERT_OFFSET = 500_000L;

  MergeOperation(WriteOperation id, RowLevelMode mode) {
    super(id, mode);
  }

  @Override
  void registerInputs(SparkSession spark) {
    spark.sql(sourceQuery()).createOrReplaceTempView(SOURCE_VIEW);
  }

  /** The MERGE's source rows ({@code id, op, payload}), one SELECT per range. */
  static String sourceQuery() {
    List<String> parts = new ArrayList<>();
    for (int k = 0; k < Fixture.WRITER_PARTITIONS; k++) {
      long start = k * Fixture.ID_STRIDE;
      parts.add("SELECT id, IF(id % 10 = 1, 'd', 'u') AS op, concat('merged-', CAST(id AS STRING)) AS payload"
          + " FROM range(" + start + ", " + (start + Fixture.ROWS_PER_PARTITION) + ") WHERE id % 10 <> 0");
      long inserts = start + INSERT_OFFSET;
      parts.add("SELECT id, 'i' AS op, concat('inserted-', CAST(id AS STRING)) AS payload"
          + " FROM range(" + inserts + ", " + (inserts + INSERTS_PER_RANGE) + ")");
    }
    return String.join(" UNION ALL ", parts);
  }

  @Override
  String command(String table) {
    return "MERGE INTO " + table + " t USING " + SOURCE_VIEW + " s ON t.id = s.id"
        + " WHEN MATCHED AND s.op = 'd' THEN DELETE"
        + " WHEN MATCHED THEN UPDATE SET payload = s.payload"
        + " WHEN NOT MATCHED THEN INSERT (id, payload) VALUES (s.id, s.payload)";
  }

  @Override
  List<TableRow> expected(List<TableRow> before) {
    List<TableRow> after = new ArrayList<>();
    for (TableRow r : before) {
      long digit = r.id() % 10;
      if (digit == 0) {
        after.add(r);
      } else if (digit != 1) {
        after.add(new TableRow(r.id(), "merged-" + r.id()));
      }
    }
    for (int k = 0; k < Fixture.WRITER_PARTITIONS; k++) {
      long inserts = k * Fixture.ID_STRIDE + INSERT_OFFSET;
      for (long id = inserts; id < inserts + INSERTS_PER_RANGE; id++) {
        after.add(new TableRow(id, "inserted-" + id));
      }
    }
    return after;
  }
}
