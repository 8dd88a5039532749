package dev.sft.harness.evidence;

import dev.sft.contract.DriverRun;
import java.nio.file.Path;

/**
 * Where a run's evidence lives under {@code <shared-root>/<run-id>/}: the names the scenarios and drivers write and
 * the reports ({@code report.html}, {@code sft audit}) read. docs/harness.md shows the same tree.
 */
public final class EvidenceLayout {
  /**
   * The run's merged machine-readable report; each driver run also writes its own in its {@link #driverDir}
   * ({@link DriverRun#report()}).
   */
  public static final String REPORT = DriverRun.REPORT_FILE;
  /** Spark listener events, one JSON object a line: per driver run, and per scenario repetition. */
  public static final String SCHEDULER_EVENTS = "scheduler-events.jsonl";
  /** A driver run's request (the contract's DriverRun) as the driver parsed it. */
  public static final String DRIVER_RUN = "driver-run.json";
  /** A driver run's effective Spark configuration, after every override, one {@code key=value} a line. */
  public static final String SPARK_CONF = "spark-conf.properties";
  /** A scenario repetition's storage audit (physical, referenced, orphan and missing files). */
  public static final String STORAGE_AUDIT = "storage-audit.json";
  /** A scenario repetition's result, as it also appears in the report. */
  public static final String RESULT = "result.json";
  /** The physical plans of the monitored write. */
  public static final String PLANS = "plans.txt";
  /** The executor an executor-loss scenario chose to kill. */
  public static final String KILL_TARGET = "kill-target.json";
  /** What the kill command printed. */
  public static final String KILL_COMMAND_LOG = "kill-command.log";
  /** Gate markers of the probed writer. */
  public static final String GATES = "gates";

  private EvidenceLayout() {}

  /** The folder of one driver run ({@code driver-spec}, {@code driver-loss}). */
  public static Path driverDir(Path runDir, String group) {
    return runDir.resolve(DriverRun.driverFolder(group));
  }
}
