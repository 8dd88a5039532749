package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.WriterFiles;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.judge.LossAfterHandoffJudge;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.probe.ProbeSpec;
import dev.sft.harness.table.Fixture;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Executor loss after handoff, before acceptance: the initial attempt of writer partition 0 is held after its data
 * writer committed (its files complete, its commit message produced) and before its result goes to the driver; its
 * executor is SIGKILLed there. Spark must report ExecutorLostFailure and replace the task on another executor; the
 * killed attempt's message must never be accepted, and its complete files must stay as rejected orphans. The rules
 * are {@link LossAfterHandoffJudge}'s plus the kill and recovery rules every executor-loss scenario has.
 */
final class LossAfterHandoffScenario extends ExecutorLossScenario {
  static final int TARGET_PARTITION = 0;
  private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  /** Puffin (format v3 deletion vectors) also starts and ends with its magic, once its footer is written. */
  private static final byte[] PUFFIN_MAGIC = "PFA1".getBytes(StandardCharsets.US_ASCII);

  LossAfterHandoffScenario() {
    super(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF);
  }

  @Override
  ProbeSpec probeSpec(ScenarioRepetition repetition, ScenarioContext context, String location) {
    return new ProbeSpec(repetition.dir().toString(), Fixture.dataLocation(location), List.of(), 0, List.of(),
        context.timeout().toMillis(), List.of(TARGET_PARTITION));
  }

  @Override
  Dataset<Row> input(ScenarioContext context, ProbeSpec spec) {
    return context.fixture().source();
  }

  @Override
  List<Integer> holdBeforeInput() {
    return List.of();
  }

  @Override
  String heldDescription() {
    return "the initial attempt of writer partition " + TARGET_PARTITION
        + " is held after its writer committed, before its result goes to the driver";
  }

  @Override
  String targetWanted() {
    return "the initial attempt of partition " + TARGET_PARTITION + " held after commit, and another partition's"
        + " result delivered from another process";
  }

  @Override
  Optional<KillTarget> chooseTarget(ScenarioRepetition repetition, WriteEvidence evidence) {
    List<AttemptMarker> delivered = evidence.handoffs().stream()
        .filter(h -> repetition.history().succeeded(h.attempt().taskAttemptId()))
        .toList();
    return heldAfterCommit(repetition.gates()).stream()
        .filter(m -> m.attempt().partition() == TARGET_PARTITION)
        .findFirst()
        .flatMap(victim -> otherProcess(delivered, victim).map(other -> new KillTarget(victim, other)));
  }

  /**
   * Never proven unreachable here: the target is held after its writer committed, so its files are complete, not
   * partly written; a target that does not appear is a failure at the wait's bound.
   */
  @Override
  Optional<String> unreachable(ScenarioRepetition repetition, WriteEvidence evidence, ProbeSpec spec) {
    return Optional.empty();
  }

  @Override
  boolean preKill(ScenarioRepetition repetition, KillTarget target) {
    List<String> files = target.victim().paths();
    return LossAfterHandoffJudge.preKill(repetition.checks(), target, WriterFiles.states(files),
        notCompleteParquet(files), WriteEvidence.read(repetition.gates()), repetition.history());
  }

  @Override
  String describe(ScenarioRepetition repetition) {
    WriteEvidence evidence = WriteEvidence.read(repetition.gates());
    return "held after commit " + heldAfterCommit(repetition.gates()).stream()
        .map(m -> "p" + m.attempt().partition() + "/TID " + m.attempt().taskAttemptId() + "@executor "
            + m.attempt().executorId())
        .toList()
        + ", handoffs " + evidence.handoffs().stream()
        .map(m -> "p" + m.attempt().partition() + "/TID " + m.attempt().taskAttemptId()
            + (repetition.history().succeeded(m.attempt().taskAttemptId()) ? " (Success)" : ""))
        .toList()
        + ", started " + evidence.started().size();
  }

  private static List<AttemptMarker> heldAfterCommit(GatePaths gates) {
    return Markers.readChildren(gates.attempts(), EvidenceLayout.HELD_AFTER_COMMIT, AttemptMarker.class);
  }

  /**
   * The files that are not complete Parquet or Puffin files: either is complete once its footer is written, which
   * ends with the magic bytes it also starts with. A file that cannot be read counts as not complete.
   */
  static List<String> notCompleteParquet(List<String> paths) {
    return paths.stream().filter(path -> !completeParquet(path)).toList();
  }

  private static boolean completeParquet(String path) {
    byte[] magic = path.endsWith(".puffin") ? PUFFIN_MAGIC : PARQUET_MAGIC;
    try (RandomAccessFile file = new RandomAccessFile(path, "r")) {
      long length = file.length();
      if (length < 2L * magic.length) {
        return false;
      }
      byte[] head = new byte[magic.length];
      byte[] tail = new byte[magic.length];
      file.readFully(head);
      file.seek(length - magic.length);
      file.readFully(tail);
      return Arrays.equals(head, magic) && Arrays.equals(tail, magic);
    } catch (IOException e) {
      return false;
    }
  }
}
