package dev.sft.harness.evidence;

import dev.sft.contract.WriteOperation;

/**
 * The Spark job group of a repetition's monitored write: the scenario sets it on the write, the scheduler event log
 * records it, and reports find the write's stages by it.
 */
public final class JobGroup {
  private JobGroup() {}

  public static String of(String scenario, WriteOperation operation, int repetition) {
    String op = operation.equals(WriteOperation.DEFAULT) ? "" : "-" + operation.id();
    return "sft-" + scenario + op + "-r" + repetition;
  }
}
