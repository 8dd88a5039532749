package dev.sft.harness.driver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.MergeIntoTable;
import org.apache.spark.sql.catalyst.plans.logical.UpdateTable;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.util.QueryExecutionListener;

/** Appends the executed plan of every query to the current scenario's {@code plans.txt}. */
public final class PlanRecorder implements QueryExecutionListener {
  private volatile Path target;
  private volatile SparkPlan lastWritePlan;

  /** Directs subsequent plans to {@code file}; callers drain the listener bus before switching. */
  public void recordTo(Path file) {
    this.target = file;
    this.lastWritePlan = null;
  }

  /** The executed plan of the last write since {@link #recordTo}, or null. */
  public SparkPlan lastWritePlan() {
    return lastWritePlan;
  }

  @Override
  public void onSuccess(String action, QueryExecution execution, long durationNanos) {
    append(action, execution, "succeeded in " + durationNanos / 1_000_000 + " ms");
  }

  @Override
  public void onFailure(String action, QueryExecution execution, Exception failure) {
    append(action, execution, "failed: " + failure);
  }

  /**
   * A V2 write (append, overwrite) or a row-level command: DELETE, UPDATE and MERGE parse as DeleteFromTable,
   * UpdateTable and MergeIntoTable, which the analyzer rewrites to V2 writes (ReplaceData, WriteDelta) later.
   */
  static boolean isWrite(LogicalPlan logical) {
    return logical instanceof V2WriteCommand || logical instanceof DeleteFromTable || logical instanceof UpdateTable
        || logical instanceof MergeIntoTable;
  }

  private synchronized void append(String action, QueryExecution execution, String outcome) {
    Path file = target;
    if (file == null) {
      return;
    }
    SparkPlan plan = execution.executedPlan();
    if (isWrite(execution.logical())) {
      // An eagerly run command's plan is a CommandResultExec holding the plan that ran, which is the write's.
      lastWritePlan = plan instanceof CommandResultExec result ? result.commandPhysicalPlan() : plan;
    }
    String text = "== " + action + " " + outcome + " ==\n" + plan + "\n";
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot record plan to " + file, e);
    }
  }
}
