package dev.sft.harness.probe;

import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Runs a row-level command (SQL DELETE, UPDATE or MERGE, or the DataFrame {@code mergeInto}) on a table of the
 * probed catalog under a {@link ProbeSpec}. Spark 4.1 hands such a command's table no options (its
 * RowLevelOperationInfo options are always empty), so the spec travels as the job's local property
 * {@link ProbeSpec#OPTION}, set on the calling thread for the command's duration: Spark analyses and plans the
 * command on that thread, where {@link ProbedTable} reads it, and the probed writer factory then carries the spec to
 * the executors inside the task closures, as for an append.
 */
public final class ProbedCommand {
  private ProbedCommand() {}

  /** Runs {@code command} (e.g. {@code () -> spark.sql("DELETE FROM sft_probed.db.t WHERE ...")}) under {@code spec}. */
  public static void run(SparkSession spark, ProbeSpec spec, Runnable command) {
    SparkContext sc = spark.sparkContext();
    String previous = sc.getLocalProperty(ProbeSpec.OPTION);
    sc.setLocalProperty(ProbeSpec.OPTION, spec.toOption());
    try {
      command.run();
    } finally {
      sc.setLocalProperty(ProbeSpec.OPTION, previous);
    }
  }

  /** The spec of the command running on this thread, if it runs under one (driver side). */
  static Optional<ProbeSpec> current() {
    Optional<SparkSession> session = Optional.ofNullable(SparkSession.getActiveSession().getOrElse(() -> null));
    return session.map(s -> s.sparkContext().getLocalProperty(ProbeSpec.OPTION)).map(ProbeSpec::fromOption);
  }
}
