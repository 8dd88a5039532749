package dev.sft.contract;

/**
 * The single definition of the write operations sft can put under the scheduler failures: what the monitored write
 * does to the table. {@link #APPEND} is the reference suite's. The ids are the ones users type in
 * {@code --operations} and {@code spec.operations}, combined with a {@link TableLayout} into a
 * {@link WriteOperation}.
 */
public enum OperationName {
  /** Appends the fixture's rows to a new empty table: the reference suite's write. */
  APPEND("append", "append to an empty table"),
  /**
   * Dynamic partition overwrite ({@code overwritePartitions()}) of a table that already holds rows: every partition
   * the write touches is replaced, the others keep their rows (an unpartitioned table is one partition).
   */
  OVERWRITE("overwrite", "dynamic partition overwrite of a table with rows");

  private final String id;
  private final String description;

  OperationName(String id, String description) {
    this.id = id;
    this.description = description;
  }

  /** The name users type and reports carry, e.g. {@code overwrite}. */
  public String id() {
    return id;
  }

  /** What the operation does, for progress lines and reports. */
  public String description() {
    return description;
  }

  @Override
  public String toString() {
    return id;
  }

  /** The operation of exactly this id, or null. */
  static OperationName ofId(String id) {
    for (OperationName name : values()) {
      if (name.id.equals(id)) {
        return name;
      }
    }
    return null;
  }
}
