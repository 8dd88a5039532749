package dev.sft.harness.judge;

import dev.sft.harness.kill.KillRecord;
import java.util.Optional;

/**
 * One call of the kill command as the driver saw it, kept in the repetition's {@link RecordedDrive}: its exit code
 * ({@code -1} when it timed out), its bound, where its output went, and when it started and returned (driver clock).
 */
public record KillCommandCall(int exitCode, boolean timedOut, long boundMs, String log, long startedMs,
    long returnedMs) {
  public boolean succeeded() {
    return !timedOut && exitCode == 0;
  }

  /** What happened, for the check's detail and the failure message. */
  public String describe() {
    return timedOut
        ? "kill command did not finish within its kill time-out of " + boundMs / 1000 + " s; it and the"
            + " processes it started were ended (log " + log + ")"
        : "kill command exited " + exitCode + " (log " + log + ")";
  }

  /** The call as {@link KillProof} judges it, with sft's kill record if the command wrote one. */
  public KillProof.KillCall proof(Optional<KillRecord> record) {
    return new KillProof.KillCall(startedMs, returnedMs, boundMs, log, record);
  }
}
