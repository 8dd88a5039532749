package dev.sft.harness.probe;

import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One task attempt's side of the probe, whatever hook it runs in (the JVM writer's data writer, the input gate,
 * the pausing input, Comet's native handoff failpoint): its identity, its marker folder and its gate.
 */
final class AttemptProbe {
  private final ProbeSpec spec;
  private final AttemptIdentity attempt;
  private final Path dir;

  private AttemptProbe(ProbeSpec spec, AttemptIdentity attempt) {
    this.spec = spec;
    this.attempt = attempt;
    this.dir = spec.paths().attempt(attempt.partition(), attempt.taskAttemptId());
  }

  /** The probe of the attempt running on this thread. */
  static AttemptProbe current(ProbeSpec spec) {
    return new AttemptProbe(spec, AttemptIdentity.current());
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

  /** Publishes {@code marker} (e.g. {@link GatePaths#HANDOFF}) with the files and their sizes right now. */
  void publish(String marker, List<String> files, String detail) {
    Markers.publish(dir.resolve(marker), new AttemptMarker(marker.replace(".json", ""), attempt,
        WriterFiles.states(files), System.currentTimeMillis(), detail));
  }

  /** The files under the data location whose name prefix belongs to this attempt. */
  List<String> ownedFiles() {
    return WriterFiles.ownedBy(spec.dataLocation(), attempt);
  }

  /** Holds the attempt until the driver releases it; on timeout records {@code gate-timeout.json} and throws. */
  void awaitRelease(List<String> files) throws IOException {
    Gate.awaitRelease(spec, dir, diagnostic -> publish(GatePaths.GATE_TIMEOUT, files, diagnostic));
  }
}
