package dev.sft.harness.judge;

import static dev.sft.contract.Check.STORAGE;

import dev.sft.harness.evidence.RowCounts;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Exactly the rows the operation must leave: the table's count and distinct IDs equal the expected multiset's, and
 * whole rows compared as multisets both ways (EXCEPT ALL) differ by nothing, so a lost, duplicated or stale row
 * fails. An unreadable table is Unknown.
 */
public final class RowsJudge {
  private RowsJudge() {}

  public static Optional<RowCounts> judge(Checks checks, Supplier<RowCounts> read) {
    RowCounts rows;
    try {
      rows = read.get();
    } catch (RuntimeException e) {
      checks.unknown(STORAGE, "rows", "cannot read the table: " + e.getMessage());
      return Optional.empty();
    }
    checks.check(STORAGE, "rows.count", rows.expectedRows() > 0 && rows.rows() == rows.expectedRows(),
        "expected " + rows.expectedRows() + " rows, table has " + rows.rows());
    checks.check(STORAGE, "rows.distinct-ids", rows.distinctIds() == rows.expectedDistinctIds(),
        "expected " + rows.expectedDistinctIds() + " distinct IDs, table has " + rows.distinctIds());
    checks.check(STORAGE, "rows.except-all", rows.expectedNotInTable() == 0 && rows.tableNotInExpected() == 0,
        "expected EXCEPT ALL table = " + rows.expectedNotInTable() + ", table EXCEPT ALL expected = "
            + rows.tableNotInExpected() + " (both must be 0)");
    return Optional.of(rows);
  }
}
