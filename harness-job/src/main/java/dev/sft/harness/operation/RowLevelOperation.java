package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.probe.ProbedCommand;
import dev.sft.harness.table.Fixture;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A SQL row-level command (DELETE, UPDATE or MERGE) in one write mode, on a table that holds the fixture's source
 * rows, written unmonitored by four single-task appends (four files, eight partitioned), so the command has data
 * files to rewrite or to delete from. The command reads the table itself, not the scenario's input: the probe pauses it in
 * its writer ({@code WriterPause}) and it runs under the spec through {@link ProbedCommand}. Every command cuts
 * through every data file (never a metadata-only delete) and gives every writer task more rows than the executor
 * loss scenarios' pause needs. The expected multiset is computed in plain Java from the fixture's rows
 * ({@link #expected}), independently of the SQL.
 */
abstract class RowLevelOperation extends Operation {
  private final RowLevelMode mode;

  RowLevelOperation(WriteOperation id, RowLevelMode mode) {
    super(id);
    this.mode = mode;
  }

  final RowLevelMode mode() {
    return mode;
  }

  /** The command's SQL on {@code table} (a qualified table name). */
  abstract String command(String table);

  /** The exact multiset the command must leave, given the rows the table held before it. */
  abstract List<TableRow> expected(List<TableRow> before);

  /** Registers what the command reads besides the table (MERGE's source); nothing by default. */
  void registerInputs(SparkSession spark) {}

  @Override
  public final Map<String, String> tableProperties() {
    return mode.tableProperties();
  }

  @Override
  public final boolean takesInput() {
    return false;
  }

  @Override
  public final void prepare(Fixture fixture, String table) {
    fixture.insertSource(table);
  }

  /**
   * Runs the command on the target table; {@code input} only gives the session. Iceberg's writer: the probed table,
   * the spec from the target's options as the job's local property. Comet: the plain table; the scenario has set the
   * local property already.
   */
  @Override
  public final void write(Dataset<Row> input, Target target) {
    SparkSession spark = input.sparkSession();
    registerInputs(spark);
    Optional<ProbeSpec> spec = ProbeSpec.fromOptions(target.options());
    Runnable command = () -> spark.sql(command(target.table()));
    if (spec.isPresent()) {
      ProbedCommand.run(spark, spec.get(), command);
    } else {
      command.run();
    }
  }

  @Override
  public final Dataset<Row> expectedRows(Fixture fixture) {
    return TableRow.dataset(fixture.sourceRows().sparkSession(), expected(FixtureRows.source()));
  }

  /**
   * Comet 1.2.0 plans no row-level command natively (all nine cases fell back, it/CometRowLevelIT); whether it did
   * is read from Comet's own classification of each run, so a fallback is Unknown with this reason and Comet's.
   */
  @Override
  public final Optional<String> nativeWriterGap() {
    return Optional.of("the native writer does not do " + id().id() + " (a row-level " + id().operation().id()
        .replaceAll("-.*", "").toUpperCase(java.util.Locale.ROOT) + ", " + mode.describe() + "): Comet planned the"
        + " JVM writer, so the scenario tested no writer under test");
  }
}
