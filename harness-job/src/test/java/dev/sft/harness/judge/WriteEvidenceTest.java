package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The evidence as the probe leaves it on the shared volume, read back by kind. */
class WriteEvidenceTest {
  @TempDir
  Path dir;

  @Test
  void readsEveryMarkerKindBackByAttempt() {
    GatePaths paths = new GatePaths(dir);
    AttemptIdentity a = attempt(0, 10, 0, "1");
    AttemptIdentity b = attempt(1, 11, 0, "2");
    Markers.publish(paths.attempt(0, 10).resolve(EvidenceLayout.STARTED), Evidence.marker("started", a, List.of()));
    Markers.publish(paths.attempt(0, 10).resolve(EvidenceLayout.HANDOFF),
        Evidence.marker("handoff", a, List.of("/d/00000-10-a")));
    Markers.publish(paths.attempt(0, 10).resolve(EvidenceLayout.COMPLETED), Evidence.marker("completed", a, List.of()));
    Markers.publish(paths.attempt(1, 11).resolve(EvidenceLayout.PAUSED), Evidence.marker("paused", b, List.of()));
    Markers.publish(paths.attempt(1, 11).resolve(EvidenceLayout.RELEASED), Evidence.marker("released", b, List.of()));
    Markers.publish(paths.accepted().resolve("p0-t10.json"), new AcceptedMessage(a, List.of("/d/00000-10-a"), 1));

    WriteEvidence evidence = WriteEvidence.read(paths);

    assertThat(evidence.handedOff(10)).isTrue();
    assertThat(evidence.handedOff(11)).isFalse();
    assertThat(evidence.handoffsOf(0)).hasSize(1);
    assertThat(evidence.handoffsOf(1)).isEmpty();
    assertThat(evidence.completed(10)).isTrue();
    assertThat(evidence.completed(11)).isFalse();
    assertThat(evidence.winnerFiles()).containsExactly("/d/00000-10-a");
    assertThat(evidence.markedAttempts()).containsOnlyKeys(10L, 11L);
    assertThat(evidence.paused()).hasSize(1);
    assertThat(evidence.released()).extracting(m -> m.attempt().taskAttemptId()).containsExactly(11L);
    assertThat(evidence.abortOf(10)).isEmpty();
  }

  @Test
  void anExecutorsLogIsWhereAMarkerOfOneOfItsAttemptsRecordedIt() {
    GatePaths paths = new GatePaths(dir);
    AttemptIdentity a = attempt(0, 10, 0, "1");
    Markers.publish(paths.attempt(0, 10).resolve(EvidenceLayout.STARTED), new dev.sft.harness.evidence.AttemptMarker(
        "started", a, List.of(), 1, "data writer", null, null, "/work/app-1/1/stderr"));

    WriteEvidence evidence = WriteEvidence.read(paths);

    assertThat(evidence.executorLogOf("1")).contains("/work/app-1/1/stderr");
    assertThat(evidence.executorLogOf("2")).as("no attempt ran there").isEmpty();
  }
}
