package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;
import java.util.List;

/**
 * {@code DELETE FROM t WHERE <predicate>}. Copy-on-write writes the rows that stay, merge-on-read writes one delete
 * per deleted row, and a writer task must see more rows than the executor loss scenarios' pause (4,000) in either
 * mode, also on the partitioned layout (files of 6,000 rows): so copy-on-write deletes one row in ten
 * ({@code id % 10 = 0}, 90% rewritten) and merge-on-read nine in ten ({@code id % 10 <> 0}, 90% deleted).
 */
final class DeleteOperation extends RowLevelOperation {
  DeleteOperation(WriteOperation id, RowLevelMode mode) {
    super(id, mode);
  }

  private boolean deletesMost() {
    return mode().mergeOnRead();
  }

  @Override
  String command(String table) {
    return "DELETE FROM " + table + " WHERE id % 10 " + (deletesMost() ? "<>" : "=") + " 0";
  }

  @Override
  List<TableRow> expected(List<TableRow> before) {
    return before.stream().filter(r -> (r.id() % 10 == 0) == deletesMost()).toList();
  }
}
