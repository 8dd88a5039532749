package dev.sft.harness.table;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import dev.sft.harness.evidence.RowCounts;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The row verification's figures from one Spark job: both row counts, both distinct-ID counts, and both EXCEPT ALL
 * differences of whole rows ({@code id, payload}), exact.
 *
 * <p>The rows are few (48,000 a side, a few MB), so the job only reads both sides, tagged, and the driver counts: per
 * whole row, {@code t} and {@code e} are how often it occurs in the table and in the expected rows (nulls equal to
 * nulls, as EXCEPT ALL groups them), so {@code max(e - t, 0)} summed is the size of {@code expected EXCEPT ALL table}
 * and {@code max(t - e, 0)} that of {@code table EXCEPT ALL expected}; a side's distinct-ID count counts the non-null
 * IDs it has rows for, as {@code count(DISTINCT id)} does. The same figures in Spark took a shuffle and two more
 * stages, about 3 s a repetition on two cores (bench/RESULTS.md, issue 42).
 */
final class RowComparison {
  private static final String IN_TABLE = "inTable";

  private RowComparison() {}

  static RowCounts of(Dataset<Row> table, Dataset<Row> expected) {
    List<Row> rows = side(table, true).unionByName(side(expected, false)).collectAsList();
    Map<WholeRow, long[]> occurrences = new HashMap<>();
    Set<Long> tableIds = new HashSet<>();
    Set<Long> expectedIds = new HashSet<>();
    for (Row row : rows) {
      Long id = row.isNullAt(0) ? null : row.getLong(0);
      boolean inTable = row.getBoolean(2);
      occurrences.computeIfAbsent(new WholeRow(id, row.isNullAt(1) ? null : row.getString(1)), k -> new long[2])
          [inTable ? 0 : 1]++;
      if (id != null) {
        (inTable ? tableIds : expectedIds).add(id);
      }
    }
    long inTable = 0;
    long inExpected = 0;
    long expectedNotInTable = 0;
    long tableNotInExpected = 0;
    for (long[] count : occurrences.values()) {
      inTable += count[0];
      inExpected += count[1];
      expectedNotInTable += Math.max(count[1] - count[0], 0);
      tableNotInExpected += Math.max(count[0] - count[1], 0);
    }
    return new RowCounts(inExpected, expectedIds.size(), inTable, tableIds.size(), expectedNotInTable,
        tableNotInExpected);
  }

  private static Dataset<Row> side(Dataset<Row> rows, boolean inTable) {
    return rows.select(col("id"), col("payload"), lit(inTable).as(IN_TABLE));
  }

  /** A whole row as EXCEPT ALL compares it. */
  private record WholeRow(Long id, String payload) {}
}
