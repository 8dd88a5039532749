package dev.sft.harness.operation;

import dev.sft.harness.table.Fixture;
import java.util.ArrayList;
import java.util.List;

/**
 * The fixture's source rows computed in plain Java, independently of the source files and of Spark, so an
 * operation's expected multiset is a list the unit tests can check row by row: range k holds IDs
 * [k * ID_STRIDE, k * ID_STRIDE + ROWS_PER_PARTITION), payload {@code row-<id>}.
 */
final class FixtureRows {
  private FixtureRows() {}

  static List<TableRow> source() {
    List<TableRow> rows = new ArrayList<>(Fixture.WRITER_PARTITIONS * Fixture.ROWS_PER_PARTITION);
    for (int k = 0; k < Fixture.WRITER_PARTITIONS; k++) {
      long start = k * Fixture.ID_STRIDE;
      for (long id = start; id < start + Fixture.ROWS_PER_PARTITION; id++) {
        rows.add(new TableRow(id, "row-" + id));
      }
    }
    return rows;
  }
}
