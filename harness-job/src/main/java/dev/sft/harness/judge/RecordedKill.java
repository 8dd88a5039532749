package dev.sft.harness.judge;

import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.kill.Killer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The kill an executor-loss scenario's evidence folder records: the target it chose
 * ({@link EvidenceLayout#KILL_TARGET}) and sft's kill record of the target's executor, if the kill command wrote one.
 */
public record RecordedKill(KillTarget target, Optional<KillRecord> record) {
  /** The kill recorded in a scenario's evidence folder, or empty when the scenario chose no target. */
  public static Optional<RecordedKill> read(Path evidence) {
    Path file = evidence.resolve(EvidenceLayout.KILL_TARGET);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    KillTarget target = Markers.read(file, KillTarget.class);
    return Optional.of(new RecordedKill(target, recordOf(evidence, target.attempt())));
  }

  /** The last kill record under {@code evidence}'s {@link Killer#RECORDS} for the target's process and executor. */
  public static Optional<KillRecord> recordOf(Path evidence, AttemptIdentity target) {
    return Markers.readAll(evidence.resolve(Killer.RECORDS), KillRecord.class).stream()
        .filter(r -> r.pid() == target.pid() && target.executorId().equals(r.executorId()))
        .reduce((first, second) -> second);
  }

  /** Whether sft's own record shows the target's executor killed. */
  public boolean provenKilled() {
    return record.map(KillRecord::killed).orElse(false);
  }
}
