package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;
import dev.sft.harness.table.Fixture;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;

/**
 * What the monitored write does to the table: one class per operation, over the shared fixture, probe and audit.
 * A scenario creates the table in the operation's layout, lets the operation set up the state it needs
 * ({@link #prepare}, not monitored), drives the operation's write through its failure ({@link #write}) and compares
 * the table with {@link #expectedRows}. The storage rules are the same for every operation (docs/scenarios.md).
 */
public abstract class Operation {
  private final WriteOperation id;

  protected Operation(WriteOperation id) {
    this.id = id;
  }

  public final WriteOperation id() {
    return id;
  }

  /**
   * Sets up the table state the operation needs before the monitored write, through the plain catalog and bounded
   * like every fixture action; nothing of it is monitored. The default: an empty table.
   */
  public void prepare(Fixture fixture, String table) {}

  /**
   * Issues the monitored write of {@code input} (the scenario's, possibly gated) to {@code target}: the probed table
   * and the probe's write option for Iceberg's writer, the plain table without options for Comet's.
   */
  public abstract void write(Dataset<Row> input, Target target) throws NoSuchTableException;

  /**
   * Table properties the operation needs besides the scenario's (a row-level command's write mode and format
   * version); none by default. The scenario's own keys are disjoint from these.
   */
  public Map<String, String> tableProperties() {
    return Map.of();
  }

  /**
   * Whether the write consumes the scenario's input dataset. A row-level command reads the table itself, so a
   * scenario that must gate the write's input (hold reducers before their shuffle fetch) cannot drive it.
   */
  public boolean takesInput() {
    return true;
  }

  /** The exact multiset of rows ({@code id, payload}) the table must hold after the operation. */
  public abstract Dataset<Row> expectedRows(Fixture fixture);

  /**
   * Why Comet's native writer is not expected to do this operation, when it is not: a comet-native run that falls
   * back to the JVM writer is then Unknown with this reason, never a pass. Empty: the native writer must run.
   */
  public Optional<String> nativeWriterGap() {
    return Optional.empty();
  }

  @Override
  public String toString() {
    return id.id();
  }

  /** Where and with which options the monitored write goes. */
  public record Target(String table, Map<String, String> options) {
    public Target {
      options = Map.copyOf(options);
    }
  }
}
