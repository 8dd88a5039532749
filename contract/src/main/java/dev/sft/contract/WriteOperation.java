package dev.sft.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One column of the operation matrix: an operation on a table layout. Users select it by one id: the operation's
 * own id for the unpartitioned table ({@code overwrite}), with {@value #PARTITIONED_SUFFIX} for the partitioned one
 * ({@code overwrite-partitioned}); {@value #ALL} selects every one. So one option ({@code --operations},
 * {@code spec.operations}) chooses the whole dimension and a matrix cell is named by scenario and this id.
 */
public record WriteOperation(OperationName operation, TableLayout layout) implements Comparable<WriteOperation> {
  /** The reference suite's write, and the default: append to an empty unpartitioned table. */
  public static final WriteOperation DEFAULT = new WriteOperation(OperationName.APPEND, TableLayout.UNPARTITIONED);
  public static final String PARTITIONED_SUFFIX = "-partitioned";
  /** Selects every operation on every layout. */
  public static final String ALL = "all";

  public WriteOperation {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(layout, "layout");
  }

  /** The id users type and reports carry, e.g. {@code append} or {@code overwrite-partitioned}. */
  public String id() {
    return operation.id() + (layout == TableLayout.PARTITIONED ? PARTITIONED_SUFFIX : "");
  }

  @Override
  public String toString() {
    return id();
  }

  /** Every operation on every layout, in matrix order: by operation, unpartitioned first. */
  public static List<WriteOperation> all() {
    List<WriteOperation> all = new ArrayList<>();
    for (OperationName operation : OperationName.values()) {
      for (TableLayout layout : TableLayout.values()) {
        all.add(new WriteOperation(operation, layout));
      }
    }
    return all;
  }

  public static WriteOperation fromId(String id) {
    String wanted = id == null ? "" : id.trim();
    boolean partitioned = wanted.endsWith(PARTITIONED_SUFFIX);
    OperationName operation = OperationName.ofId(
        partitioned ? wanted.substring(0, wanted.length() - PARTITIONED_SUFFIX.length()) : wanted);
    if (operation == null) {
      throw new IllegalArgumentException("unknown operation '" + wanted + "'; valid operations: " + allIds()
          + " (or " + ALL + ")");
    }
    return new WriteOperation(operation, partitioned ? TableLayout.PARTITIONED : TableLayout.UNPARTITIONED);
  }

  /** The operation a report names by its two fields; null fields (a report from before operations) mean append. */
  public static WriteOperation of(String operation, String layout) {
    return new WriteOperation(
        operation == null ? OperationName.APPEND : Objects.requireNonNull(OperationName.ofId(operation),
            () -> "unknown operation '" + operation + "'"),
        layout == null ? TableLayout.UNPARTITIONED : TableLayout.fromId(layout));
  }

  /**
   * Parses a comma-separated list or {@value #ALL}, keeping the order given and rejecting duplicates and unknown
   * ids.
   */
  public static List<WriteOperation> parseList(String commaSeparated) {
    if (commaSeparated != null && commaSeparated.trim().equals(ALL)) {
      return all();
    }
    List<WriteOperation> operations = new ArrayList<>();
    for (String part : (commaSeparated == null ? "" : commaSeparated).split(",")) {
      if (part.isBlank()) {
        continue;
      }
      WriteOperation operation = fromId(part);
      if (operations.contains(operation)) {
        throw new IllegalArgumentException("operation '" + operation.id() + "' is listed twice");
      }
      operations.add(operation);
    }
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("no operation given; valid operations: " + allIds() + " (or " + ALL + ")");
    }
    return operations;
  }

  public static String allIds() {
    return all().stream().map(WriteOperation::id).collect(Collectors.joining(", "));
  }

  /** Matrix order: the order of {@link #all()}. */
  @Override
  public int compareTo(WriteOperation other) {
    int byOperation = operation.compareTo(other.operation);
    return byOperation != 0 ? byOperation : layout.compareTo(other.layout);
  }
}
