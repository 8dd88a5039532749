package dev.sft.harness.probe;

import dev.sft.harness.evidence.AbortObservation;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.WriterCalls;
import dev.sft.harness.evidence.WriterFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;

/**
 * One task attempt's side of the probe, whatever hook it runs in (the JVM writer's data writer, the input gate,
 * the pausing input, Comet's native handoff failpoint): its identity, its marker folder and its gate.
 */
final class AttemptProbe {
  /** Attempts in this executor JVM whose completion listener is registered (an attempt has several hooks). */
  private static final Set<Long> COMPLETION_REGISTERED = ConcurrentHashMap.newKeySet();

  private final ProbeSpec spec;
  private final AttemptIdentity attempt;
  private final Path dir;
  private final String executorLog;

  private AttemptProbe(ProbeSpec spec, AttemptIdentity attempt) {
    this.spec = spec;
    this.attempt = attempt;
    this.dir = spec.paths().attempt(attempt.partition(), attempt.taskAttemptId());
    Path log = ExecutorLog.path();
    this.executorLog = log == null ? null : log.toString();
  }

  /** The probe of the attempt running on this thread. */
  static AttemptProbe current(ProbeSpec spec) {
    return new AttemptProbe(spec, CurrentAttempt.identity());
  }

  AttemptIdentity attempt() {
    return attempt;
  }

  ProbeSpec spec() {
    return spec;
  }

  /** Gates that model "the initial writer attempts" apply only to stage attempt 0, task attempt 0. */
  boolean isInitialAttempt() {
    return attempt.stageAttempt() == 0 && attempt.attemptNumber() == 0;
  }

  /** Whether this attempt is held after its writer committed, before its result goes to the driver. */
  boolean holdsBeforeResult() {
    return isInitialAttempt() && spec.holdsBeforeResult(attempt.partition());
  }

  /**
   * Publishes {@link EvidenceLayout#HELD_AFTER_COMMIT} with the committed files, then holds until the driver releases
   * the attempt (in the executor-loss-after-handoff scenario the driver kills its executor first).
   */
  void holdBeforeResult(List<String> files, String detail) throws IOException {
    publish(EvidenceLayout.HELD_AFTER_COMMIT, files, detail);
    awaitRelease(files);
    publish(EvidenceLayout.RELEASED, files, null);
  }

  /** Publishes {@code marker} (e.g. {@link EvidenceLayout#HANDOFF}) with the files and their sizes right now. */
  void publish(String marker, List<String> files, String detail) {
    publish(marker, files, detail, null);
  }

  void publish(String marker, List<String> files, String detail, Long rowsSupplied) {
    publish(marker, files, detail, rowsSupplied, null);
  }

  /** Publishes {@link EvidenceLayout#ABORTED}: what is left of the files after the writer's abort, and what it saw. */
  void publishAbort(List<String> files, String reason, AbortObservation observation) {
    publish(EvidenceLayout.ABORTED, files, reason, null, observation);
  }

  private void publish(String marker, List<String> files, String detail, Long rowsSupplied, AbortObservation abort) {
    completeOnTaskEnd();
    write(marker, files, detail, rowsSupplied, abort);
  }

  /** Writes the marker; the completion listener's own marker comes here directly, registering nothing. */
  private void write(String marker, List<String> files, String detail, Long rowsSupplied, AbortObservation abort) {
    Markers.publish(dir.resolve(marker), new AttemptMarker(EvidenceLayout.event(marker), attempt,
        WriterFiles.states(files), System.currentTimeMillis(), detail, rowsSupplied, abort, executorLog));
  }

  /**
   * The first marker of an attempt registers a task completion listener that publishes {@code completed.json} when
   * the task is over (after the writer's abort and after listeners registered later), so the driver can tell an
   * attempt that is still writing or aborting from one that is done.
   */
  private void completeOnTaskEnd() {
    TaskContext context = TaskContext.get();
    if (context == null || !COMPLETION_REGISTERED.add(attempt.taskAttemptId())) {
      return;
    }
    context.addTaskCompletionListener(done -> {
      COMPLETION_REGISTERED.remove(attempt.taskAttemptId());
      String outcome = done.isInterrupted() ? "interrupted" : done.isFailed() ? "failed" : "succeeded";
      String reason = done.getKillReason().isDefined() ? ": " + done.getKillReason().get() : "";
      write(EvidenceLayout.COMPLETED, ownedFiles(), outcome + reason, null, null);
    });
  }

  /** Publishes the data writer's calls ({@link EvidenceLayout#WRITER_CALLS}). */
  void publishCalls(List<WriterCalls.Call> calls) {
    Markers.publish(dir.resolve(EvidenceLayout.WRITER_CALLS), new WriterCalls(attempt, calls));
  }

  /** The files under the data location whose name prefix belongs to this attempt. */
  List<String> ownedFiles() {
    return WriterFiles.ownedBy(spec.dataLocation(), attempt);
  }

  /** Holds the attempt until the driver releases it; on timeout records {@code gate-timeout.json} and throws. */
  void awaitRelease(List<String> files) throws IOException {
    Gate.awaitRelease(spec, dir, diagnostic -> publish(EvidenceLayout.GATE_TIMEOUT, files, diagnostic));
  }
}
