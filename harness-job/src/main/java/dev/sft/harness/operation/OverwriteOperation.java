package dev.sft.harness.operation;

import dev.sft.contract.OperationName;
import dev.sft.contract.TableLayout;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.table.Fixture;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;

/**
 * Dynamic partition overwrite ({@code overwritePartitions()}) of a table that already holds the fixture's prior
 * rows ({@link Fixture#priorRows}): prior rows in the four source ranges, some with the very IDs the write brings,
 * and prior rows in a fifth range the write does not touch. Every partition the write touches is replaced; on the
 * partitioned layout the fifth range's partitions keep their rows, on the unpartitioned one (a single partition)
 * every prior row goes. The replaced files stay referenced by the prior snapshot, so they are neither orphans nor
 * missing.
 */
final class OverwriteOperation extends Operation {
  OverwriteOperation(TableLayout layout) {
    super(new WriteOperation(OperationName.OVERWRITE, layout));
  }

  @Override
  public void prepare(Fixture fixture, String table) {
    fixture.insert(table, fixture.priorRows());
  }

  @Override
  public void write(Dataset<Row> input, Target target) throws NoSuchTableException {
    input.writeTo(target.table()).options(target.options()).overwritePartitions();
  }

  /**
   * Whether Comet plans a dynamic overwrite natively is read from its own classification of each run; a run it did
   * not plan natively is Unknown with this reason.
   */
  @Override
  public Optional<String> nativeWriterGap() {
    return Optional.of("the native writer does not do " + id().id() + " (a dynamic partition overwrite): Comet"
        + " planned the JVM writer, so the scenario tested no writer under test");
  }

  @Override
  public Dataset<Row> expectedRows(Fixture fixture) {
    Dataset<Row> written = fixture.sourceRows();
    return id().layout() == TableLayout.PARTITIONED ? written.union(fixture.priorRowsUntouched()) : written;
  }
}
