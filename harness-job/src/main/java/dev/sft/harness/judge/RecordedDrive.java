package dev.sft.harness.judge;

import dev.sft.harness.evidence.RowCounts;
import dev.sft.contract.Check;
import dev.sft.harness.evidence.EvidenceLayout;
import java.util.List;
import java.util.Set;

/**
 * What the driver saw as it drove one repetition and the rest of its evidence folder does not keep
 * ({@link EvidenceLayout#DRIVE}): how far the drive got, the checks it made on the state of a moment that no later
 * reading can see again, and the row counts it read with Spark. The judges read it with the rest of the folder
 * ({@link RepetitionEvidence}), live and in {@code sft judge} alike.
 *
 * @param scenario the scenario's id
 * @param operation the write operation's id ({@code WriteOperation.id()}, e.g. {@code merge-dv-partitioned})
 * @param started false when the repetition stopped before its table was created (e.g. executors on one host)
 * @param tableLocation the table's folder; null when it was not created
 * @param failure why the drive stopped early, or null
 * @param driveChecks the checks made as the drive went: executors on two hosts, the pre-kill requirements on the
 *     files and events of that moment, the kill command's exit, the native writer in the executed plan
 * @param fault how far the scenario's fault got
 * @param killedByHarness the executors the harness set out to kill (any other removal is an unplanned loss)
 * @param kills the same kills with when each began (driver clock): a kill excuses only the attempts it caught
 * @param notNative comet-native: why the write did not run natively (then nothing else is judged), or null
 * @param stillLive what the wait for the write to come to rest left running; empty when it came to rest
 * @param rows the row counts Spark read after the write; null when not read
 * @param rowsUnreadable why the rows could not be read, or null
 */
public record RecordedDrive(String scenario, String operation, int repetition, boolean started,
    String tableLocation, String failure, List<Check> driveChecks, Fault fault, Set<String> killedByHarness,
    String notNative, List<String> stillLive, RowCounts rows, String rowsUnreadable, List<HarnessKill> kills) {

  public RecordedDrive {
    driveChecks = driveChecks == null ? List.of() : List.copyOf(driveChecks);
    fault = fault == null ? Fault.NONE : fault;
    killedByHarness = killedByHarness == null ? Set.of() : Set.copyOf(killedByHarness);
    kills = kills == null ? List.of() : List.copyOf(kills);
    stillLive = stillLive == null ? List.of() : List.copyOf(stillLive);
  }

  /**
   * How far the scenario's fault got.
   *
   * @param race speculation: the two attempts at handoff, once both reached it; else null
   * @param unreachable executor loss: why no kill target can appear, or null
   * @param kill executor loss: the kill command's call, once it ran; else null
   * @param killed executor loss: the kill command succeeded, so the target's executor was killed
   * @param loserCleanup speculation: the bounded wait for the loser's files to go before the audit, or null when
   *     there was none (no race, or the write did not come to rest)
   */
  public record Fault(SpeculationRace race, String unreachable, KillCommandCall kill, boolean killed,
      dev.sft.harness.evidence.CleanupWait.Outcome loserCleanup) {
    public static final Fault NONE = new Fault(null, null, null, false, null);

    /** A fault without a wait for a loser's cleanup. */
    public Fault(SpeculationRace race, String unreachable, KillCommandCall kill, boolean killed) {
      this(race, unreachable, kill, killed, null);
    }
  }

  /**
   * The kills with their start; a drive recorded before the start was kept names only the executors, whose kills
   * then excuse only the attempts lost with them or never ended ({@link HarnessKill#caught}).
   */
  public List<HarnessKill> harnessKills() {
    if (!kills.isEmpty() || killedByHarness.isEmpty()) {
      return kills;
    }
    return killedByHarness.stream().sorted().map(executor -> new HarnessKill(executor, null)).toList();
  }

  /** A repetition that stopped before its table was created; {@code why} is its failure. */
  public static RecordedDrive notStarted(String scenario, String operation, int repetition, String why,
      List<Check> driveChecks) {
    return new RecordedDrive(scenario, operation, repetition, false, null, why, driveChecks, Fault.NONE, Set.of(),
        null, List.of(), null, null, List.of());
  }
}
