package dev.sft.harness.judge;

import static dev.sft.contract.Check.STORAGE;

import java.util.Optional;
import java.util.function.Supplier;

/** Exactly the expected rows and IDs, compared as multisets both ways; an unreadable table is Unknown. */
public final class RowsJudge {
  private RowsJudge() {}

  public static Optional<RowCounts> judge(Checks checks, long expectedRows, Supplier<RowCounts> read) {
    RowCounts rows;
    try {
      rows = read.get();
    } catch (RuntimeException e) {
      checks.unknown(STORAGE, "rows", "cannot read the table: " + e.getMessage());
      return Optional.empty();
    }
    checks.check(STORAGE, "rows.count", rows.rows() == expectedRows,
        "expected " + expectedRows + " rows, table has " + rows.rows());
    checks.check(STORAGE, "rows.distinct-ids", rows.distinctIds() == expectedRows,
        "expected " + expectedRows + " distinct IDs, table has " + rows.distinctIds());
    checks.check(STORAGE, "rows.except-all", rows.expectedNotInTable() == 0 && rows.tableNotInExpected() == 0,
        "expected EXCEPT ALL table = " + rows.expectedNotInTable() + ", table EXCEPT ALL expected = "
            + rows.tableNotInExpected() + " (both must be 0)");
    return Optional.of(rows);
  }
}
