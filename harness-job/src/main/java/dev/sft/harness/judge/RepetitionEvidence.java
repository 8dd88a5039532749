package dev.sft.harness.judge;

import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.PriorState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One repetition's evidence folder as the judges read it: the drive's record, the probe's markers, the scheduler
 * events, the kill target and the table's prior state. The scenario reads its own folder back with it once the drive
 * is over, and {@code sft judge} reads a stored one, so both judge the same input.
 *
 * @param target the executor-loss target, when the drive chose one ({@link EvidenceLayout#KILL_TARGET})
 * @param prior the table's snapshots before the write, when the operation's set-up got that far
 */
public record RepetitionEvidence(Path dir, ScenarioName scenario, WriteOperation operation, RecordedDrive drive,
    WriteEvidence write, SchedulerHistory history, Optional<KillTarget> target, Optional<PriorState> prior) {

  /**
   * Reads {@code dir}; an {@link IllegalArgumentException} names the folder and what it lacks or cannot be read,
   * e.g. a folder written before {@link EvidenceLayout#DRIVE} existed.
   */
  public static RepetitionEvidence read(Path dir) {
    Path driveFile = dir.resolve(EvidenceLayout.DRIVE);
    if (!Files.isRegularFile(driveFile)) {
      throw new IllegalArgumentException(dir + " is not a repetition's evidence this build can judge: it has no "
          + EvidenceLayout.DRIVE + " (the drive's record, written by the scenarios since sft judge exists)");
    }
    RecordedDrive drive = read(dir, driveFile, RecordedDrive.class);
    ScenarioName scenario;
    WriteOperation operation;
    try {
      scenario = ScenarioName.fromId(drive.scenario());
      operation = WriteOperation.fromId(drive.operation());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(dir + ": " + EvidenceLayout.DRIVE + " names no scenario and operation this"
          + " build knows: " + e.getMessage());
    }
    if (drive.started()) {
      for (String needed : new String[] {EvidenceLayout.SCHEDULER_EVENTS, EvidenceLayout.GATES}) {
        if (!Files.exists(dir.resolve(needed))) {
          throw new IllegalArgumentException(dir + " is missing " + needed + ", which the judges need");
        }
      }
    }
    Path targetFile = dir.resolve(EvidenceLayout.KILL_TARGET);
    Path priorFile = dir.resolve(EvidenceLayout.PRIOR_STATE);
    try {
      return new RepetitionEvidence(dir, scenario, operation, drive, WriteEvidence.read(new GatePaths(dir)),
          SchedulerHistory.read(dir.resolve(EvidenceLayout.SCHEDULER_EVENTS)),
          Files.isRegularFile(targetFile) ? Optional.of(read(dir, targetFile, KillTarget.class)) : Optional.empty(),
          Files.isRegularFile(priorFile) ? Optional.of(read(dir, priorFile, PriorState.class)) : Optional.empty());
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(dir + ": cannot read the probe's markers: " + e.getMessage());
    }
  }

  private static <T> T read(Path dir, Path file, Class<T> type) {
    try {
      return Markers.read(file, type);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(dir + ": " + file.getFileName() + " is not what this build reads ("
          + type.getSimpleName() + "): " + firstLine(e));
    }
  }

  private static String firstLine(RuntimeException e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    String message = String.valueOf(cause.getMessage());
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  /** The run's folder this repetition's folder is in. */
  public Path runDir() {
    return EvidenceLayout.runDirOf(dir, operation);
  }
}
