package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;

/** The operation implementation of each contract id. */
public final class Operations {
  private Operations() {}

  public static Operation create(WriteOperation id) {
    return switch (id.operation()) {
      case APPEND -> new AppendOperation(id.layout());
      case OVERWRITE -> new OverwriteOperation(id.layout());
      case DELETE_COW -> new DeleteOperation(id, RowLevelMode.COPY_ON_WRITE);
      case DELETE_MOR -> new DeleteOperation(id, RowLevelMode.MERGE_ON_READ);
      case DELETE_DV -> new DeleteOperation(id, RowLevelMode.DELETION_VECTORS);
      case UPDATE_COW -> new UpdateOperation(id, RowLevelMode.COPY_ON_WRITE);
      case UPDATE_MOR -> new UpdateOperation(id, RowLevelMode.MERGE_ON_READ);
      case UPDATE_DV -> new UpdateOperation(id, RowLevelMode.DELETION_VECTORS);
      case MERGE_COW -> new MergeOperation(id, RowLevelMode.COPY_ON_WRITE);
      case MERGE_MOR -> new MergeOperation(id, RowLevelMode.MERGE_ON_READ);
      case MERGE_DV -> new MergeOperation(id, RowLevelMode.DELETION_VECTORS);
    };
  }
}
