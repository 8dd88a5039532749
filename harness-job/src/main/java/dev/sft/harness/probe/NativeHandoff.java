package dev.sft.harness.probe;

import dev.sft.harness.evidence.EvidenceLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.TaskContext;

/**
 * What the probe does at a native writer's handoff (Comet's post-handoff failpoint): the same markers and gate as
 * {@link ProbedDataWriter#commit()}. A held attempt that Spark kills leaves by exception; Comet's own failure
 * cleanup then deletes its files, and the abort marker, published when the task completes (after the failure
 * listeners), records what was left.
 */
public final class NativeHandoff {
  private NativeHandoff() {}

  public static void reached(ProbeSpec spec, List<String> files) {
    AttemptProbe probe = AttemptProbe.current(spec);
    probe.publish(EvidenceLayout.STARTED, List.of(), "native handoff");
    probe.publish(EvidenceLayout.HANDOFF, files, null);
    TaskContext.get().addTaskCompletionListener(context -> {
      if (context.isFailed() || context.isInterrupted()) {
        String reason = context.getKillReason().isDefined() ? context.getKillReason().get() : "task failed";
        java.util.Set<String> left = new java.util.TreeSet<>(files);
        left.addAll(probe.ownedFiles());
        probe.publish(EvidenceLayout.ABORTED, List.copyOf(left), reason);
      }
    });
    if (probe.holdsBeforeResult()) {
      holdBeforeResult(probe, files);
    }
    if (spec.holdsAfterHandoff(probe.attempt().partition())) {
      try {
        probe.awaitRelease(files);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      probe.publish(EvidenceLayout.RELEASED, files, null);
    }
  }

  /**
   * Comet builds and serializes the commit message only after this failpoint, and the task's function returns it
   * later still; so the hold sits in a task completion listener, which Spark runs after the task's function has
   * returned its result (the serialized messages) and before the executor sends that result to the driver. A task
   * that failed is not held.
   */
  private static void holdBeforeResult(AttemptProbe probe, List<String> files) {
    TaskContext.get().addTaskCompletionListener(context -> {
      if (context.isFailed() || context.isInterrupted()) {
        return;
      }
      try {
        probe.holdBeforeResult(files, "Comet's native writer handed over " + files.size() + " file(s) and the"
            + " task returned its commit message; the task's result is held before it goes to the driver");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }
}
