package dev.sft.harness.operation;

import dev.sft.contract.OperationName;
import dev.sft.contract.TableLayout;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.table.Fixture;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;

/** The reference suite's write: the fixture's 48,000 rows appended to a new empty table. */
final class AppendOperation extends Operation {
  AppendOperation(TableLayout layout) {
    super(new WriteOperation(OperationName.APPEND, layout));
  }

  @Override
  public void write(Dataset<Row> input, Target target) throws NoSuchTableException {
    input.writeTo(target.table()).options(target.options()).append();
  }

  @Override
  public Dataset<Row> expectedRows(Fixture fixture) {
    return fixture.sourceRows();
  }
}
