package dev.sft.harness.table;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.sft.harness.evidence.RowCounts;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The row verification's figures in one Spark job: both row counts, both distinct-ID counts, and both EXCEPT ALL
 * differences of whole rows ({@code id, payload}). Four separate queries cost four cold jobs and three scans of the
 * table; this reads the table once.
 *
 * <p>The table's and the expected rows are tagged by side and shuffled once by ID. Per whole row, {@code t} and
 * {@code e} are how often it occurs on each side (grouping treats nulls as equal, as EXCEPT ALL does), so
 * {@code max(e - t, 0)} summed is the size of {@code expected EXCEPT ALL table} and {@code max(t - e, 0)} that of
 * {@code table EXCEPT ALL expected}. Per ID, a side's distinct-ID count counts the non-null IDs it has rows for, as
 * {@code count(DISTINCT id)} does.
 */
final class RowComparison {
  private RowComparison() {}

  static RowCounts of(Dataset<Row> table, Dataset<Row> expected) {
    Dataset<Row> tagged = side(table, 1, 0).unionByName(side(expected, 0, 1))
        // One exchange serves both groupings below: rows with equal IDs (so equal whole rows) meet in one partition.
        .repartition(col("id"));
    Dataset<Row> perRow = tagged.groupBy(col("id"), col("payload"))
        .agg(sum("t").as("t"), sum("e").as("e"));
    Dataset<Row> perId = perRow.groupBy(col("id")).agg(
        sum("t").as("t"),
        sum("e").as("e"),
        sum(greatest(col("e").minus(col("t")), lit(0L))).as("expectedNotInTable"),
        sum(greatest(col("t").minus(col("e")), lit(0L))).as("tableNotInExpected"));
    Row figures = perId.agg(
        sum("e"), distinctIds("e"), sum("t"), distinctIds("t"),
        sum("expectedNotInTable"), sum("tableNotInExpected")).first();
    return new RowCounts(longOrZero(figures, 0), figures.getLong(1), longOrZero(figures, 2), figures.getLong(3),
        longOrZero(figures, 4), longOrZero(figures, 5));
  }

  private static Dataset<Row> side(Dataset<Row> rows, long inTable, long inExpected) {
    return rows.select(col("id"), col("payload"), lit(inTable).as("t"), lit(inExpected).as("e"));
  }

  private static Column distinctIds(String side) {
    return count(when(col(side).gt(0).and(col("id").isNotNull()), lit(1)));
  }

  /** A sum over no rows is null; both sides empty means zero of everything. */
  private static long longOrZero(Row row, int field) {
    return row.isNullAt(field) ? 0L : row.getLong(field);
  }
}
