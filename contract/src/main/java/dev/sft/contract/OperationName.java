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
  OVERWRITE("overwrite", "dynamic partition overwrite of a table with rows"),
  /*
   * Row-level commands on a table that holds the fixture's rows, one id per command and write mode: "cow" is
   * copy-on-write (data files rewritten), "mor" merge-on-read with format v2 position delete files, "dv"
   * merge-on-read with format v3 deletion vectors (Puffin files).
   */
  DELETE_COW("delete-cow", "copy-on-write DELETE of rows in every data file"),
  DELETE_MOR("delete-mor", "merge-on-read DELETE (format v2 position deletes) of rows in every data file"),
  DELETE_DV("delete-dv", "merge-on-read DELETE (format v3 deletion vectors) of rows in every data file"),
  UPDATE_COW("update-cow", "copy-on-write UPDATE of rows in every data file"),
  UPDATE_MOR("update-mor", "merge-on-read UPDATE (format v2 position deletes) of rows in every data file"),
  UPDATE_DV("update-dv", "merge-on-read UPDATE (format v3 deletion vectors) of rows in every data file"),
  MERGE_COW("merge-cow", "copy-on-write MERGE (delete, update, insert) into a table with rows"),
  MERGE_MOR("merge-mor", "merge-on-read MERGE (format v2 position deletes) into a table with rows"),
  MERGE_DV("merge-dv", "merge-on-read MERGE (format v3 deletion vectors) into a table with rows");

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
