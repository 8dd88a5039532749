package dev.sft.harness.probe;

import dev.sft.harness.evidence.EvidenceLayout;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;

/**
 * Holds a writer attempt before it fetches its input ({@link ProbeSpec#holdBeforeInput()}): only the initial attempt
 * (stage attempt 0, attempt 0) of a listed partition, only once per attempt, whichever hook gets there first (the
 * input gate of a scenario-built input, or {@link HoldingShuffleManager} before a shuffle reader exists). It publishes
 * {@link EvidenceLayout#HELD_BEFORE_INPUT} and waits for the driver's release.
 */
final class BeforeInputHold {
  /** Attempts in this JVM that have been held (or are held now); an attempt never holds twice. */
  private static final Set<Long> HELD = ConcurrentHashMap.newKeySet();

  private BeforeInputHold() {}

  /**
   * Whether an attempt should hold: under a spec, in a listed partition, the initial attempt, not held before.
   *
   * @param spec the spec of the probed writer the attempt runs; empty when it runs none (never holds)
   */
  static boolean decide(Optional<ProbeSpec> spec, int partition, int stageAttempt, int attemptNumber,
      boolean heldBefore) {
    return spec.isPresent() && spec.get().holdBeforeInput().contains(partition) && stageAttempt == 0
        && attemptNumber == 0 && !heldBefore;
  }

  /** Holds the attempt running on this thread if {@link #decide} says so; returns whether it held. */
  static boolean holdOnce(Optional<ProbeSpec> spec) throws IOException {
    TaskContext context = TaskContext.get();
    if (context == null) {
      return false;
    }
    long tid = context.taskAttemptId();
    if (!decide(spec, context.partitionId(), context.stageAttemptNumber(), context.attemptNumber(),
        HELD.contains(tid)) || !HELD.add(tid)) {
      return false;
    }
    context.addTaskCompletionListener(done -> {
      HELD.remove(tid);
    });
    AttemptProbe probe = AttemptProbe.current(spec.get());
    probe.publish(EvidenceLayout.HELD_BEFORE_INPUT, List.of(), null);
    probe.awaitRelease(List.of());
    return true;
  }
}
