package dev.sft.harness.operation;

import dev.sft.contract.WriteOperation;

/** The operation implementation of each contract id. */
public final class Operations {
  private Operations() {}

  public static Operation create(WriteOperation id) {
    return switch (id.operation()) {
      case APPEND -> new AppendOperation(id.layout());
      case OVERWRITE -> new OverwriteOperation(id.layout());
    };
  }
}
