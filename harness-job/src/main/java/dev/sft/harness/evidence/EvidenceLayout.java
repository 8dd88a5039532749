package dev.sft.harness.evidence;

import dev.sft.contract.DriverRun;
import dev.sft.contract.WriteOperation;
import java.nio.file.Path;

/**
 * Where a run's evidence lives under {@code <shared-root>/<run-id>/}: the one place that names what the drivers, the
 * scenarios and the probe write and the judges and reports ({@code report.html}, {@code sft audit}) read.
 * docs/evidence.md shows the same tree.
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
  /**
   * What the driver saw as it drove a repetition and the rest of the folder does not keep: how far the drive got,
   * the checks it made on the moment's state, the row counts it read with Spark ({@code judge.RecordedDrive}). With
   * it, the judges can judge the folder again ({@code sft judge}).
   */
  public static final String DRIVE = "drive.json";
  /** The table's snapshots before the monitored write ({@link PriorState}). */
  public static final String PRIOR_STATE = "prior-state.json";
  /** The physical plans of the monitored write. */
  public static final String PLANS = "plans.txt";
  /** The executor an executor-loss scenario chose to kill. */
  public static final String KILL_TARGET = "kill-target.json";
  /** What the kill command printed. */
  public static final String KILL_COMMAND_LOG = "kill-command.log";
  /** Gate markers of the probed writer: the folders and files below, whose paths {@link GatePaths} builds. */
  public static final String GATES = "gates";

  // Inside GATES.
  /** One folder per task attempt, named by {@link #attemptFolder}. */
  public static final String ATTEMPTS = "attempts";
  /** The driver's emergency release of every held attempt. */
  public static final String RELEASE_ALL = "release-all";
  /** One marker per attempt whose commit message Spark accepted, named by {@link #attemptFolder}. */
  public static final String ACCEPTED = "accepted";
  public static final String ACCEPTED_DUPLICATES = "accepted-duplicates";
  public static final String ACCEPTED_UNATTRIBUTED = "accepted-unattributed";
  /** One marker per job commit, named {@code commit-<millis>-<uuid>.json}. */
  public static final String COMMITS = "commits";
  static final String COMMIT_PREFIX = "commit-";

  /** In a pinned repetition's folder: the pin it ran under ({@code PinRecord}); absent for a natural one. */
  public static final String PIN = "pin.json";

  // Inside an attempt's folder: its markers (the event name is the file name without MARKER_SUFFIX, see event()).
  public static final String STARTED = "started.json";
  public static final String HANDOFF = "handoff.json";
  public static final String PAUSED = "paused.json";
  public static final String HELD_BEFORE_INPUT = "held-before-input.json";
  /**
   * Published by an attempt held after its writer committed, before its result goes to the driver
   * ({@code ProbeSpec.holdBeforeResult()}), with its complete files.
   */
  public static final String HELD_AFTER_COMMIT = "held-after-commit.json";
  /** Not a marker: the driver's release of one held attempt. */
  public static final String RELEASE = "release";
  public static final String RELEASED = "released.json";
  public static final String ABORTED = "aborted.json";
  public static final String GATE_TIMEOUT = "gate-timeout.json";
  /**
   * Published by an attempt whose pinned hold was kept ({@code ProbeSpec.pins()}); a pinned repetition without it
   * did not take the pinned interleaving.
   */
  public static final String PINNED = "pinned.json";
  /** The data writer's calls, in order ({@code WriterCalls}), published when Spark closes the writer. */
  public static final String WRITER_CALLS = "writer-calls.json";
  /** Published by a task completion listener when the attempt's task is over, whatever its outcome. */
  public static final String COMPLETED = "completed.json";
  static final String MARKER_SUFFIX = ".json";

  private EvidenceLayout() {}

  /**
   * An attempt's folder (and accepted marker) name, by partition and task attempt id (TID), which Spark never reuses,
   * so every marker is unique per attempt.
   */
  public static String attemptFolder(int partition, long taskAttemptId) {
    return "p" + partition + "-t" + taskAttemptId;
  }

  /**
   * A repetition's evidence folder: {@code <scenario>-r<N>} for the default operation (as the reference run has it),
   * {@code <operation>/<scenario>-r<N>} for any other.
   */
  public static Path repetitionDir(Path runDir, String scenario, WriteOperation operation, int repetition) {
    Path base = operation.equals(WriteOperation.DEFAULT) ? runDir : runDir.resolve(operation.id());
    return base.resolve(scenario + "-r" + repetition);
  }

  /** The run's folder of a repetition's evidence folder ({@link #repetitionDir} backwards). */
  public static Path runDirOf(Path repetitionDir, WriteOperation operation) {
    Path parent = repetitionDir.toAbsolutePath().normalize().getParent();
    return operation.equals(WriteOperation.DEFAULT) ? parent : parent.getParent();
  }

  /** The event an attempt marker file records, e.g. {@code handoff} for {@link #HANDOFF}. */
  public static String event(String markerFile) {
    return markerFile.replace(MARKER_SUFFIX, "");
  }

  /** The folder of one driver run ({@code driver-spec}, {@code driver-loss}). */
  public static Path driverDir(Path runDir, String group) {
    return runDir.resolve(DriverRun.driverFolder(group));
  }
}
