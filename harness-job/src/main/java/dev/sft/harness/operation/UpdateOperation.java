package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;
import java.util.List;

/**
 * {@code UPDATE t SET payload = concat(payload, '-u') WHERE id % 10 <> 0}: nine rows in ten of every data file
 * change, so both modes give each writer task more rows than the executor loss scenarios' pause.
 */
final class UpdateOperation extends RowLevelOperation {
  static final String SUFFIX = "-u";

  UpdateOperation(WriteOperation id, RowLevelMode mode) {
    super(id, mode);
  }

  @Override
  String command(String table) {
    return "UPDATE " + table + " SET payload = concat(payload, '" + SUFFIX + "') WHERE id % 10 <> 0";
  }

  @Override
  List<TableRow> expected(List<TableRow> before) {
    return before.stream()
        .map(r -> r.id() % 10 == 0 ? r : new TableRow(r.id(), r.payload() + SUFFIX))
        .toList();
  }
}
