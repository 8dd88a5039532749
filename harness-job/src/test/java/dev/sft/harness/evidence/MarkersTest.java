package dev.sft.harness.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MarkersTest {
  record Sample(String name, int count) {}

  @Test
  void publishesAtomicallyAndLeavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("attempts/p0-t1/handoff.json");
    Markers.publish(marker, new Sample("a", 1));
    Markers.publish(marker, new Sample("a", 2));
    assertThat(Markers.read(marker, Sample.class)).isEqualTo(new Sample("a", 2));
    try (var files = Files.list(marker.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("handoff.json");
    }
  }

  @Test
  void anInterruptedThreadStillPublishesAndKeepsItsInterrupt(@TempDir Path dir) {
    Path marker = dir.resolve("attempts/p0-t1/aborted.json");
    Thread.currentThread().interrupt(); // Spark's kill, pending while the probe records the abort
    try {
      Markers.publish(marker, new Sample("aborted", 1));
      assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is the writer's and Spark's").isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(Markers.read(marker, Sample.class)).isEqualTo(new Sample("aborted", 1));
    assertThat(Markers.published(marker)).isTrue();
  }

  @Test
  void aMarkerIsPublishedOnceItsFolderListsIt(@TempDir Path dir) throws Exception {
    Path marker = dir.resolve("gates/release-all");
    assertThat(Markers.published(marker)).as("no folder yet").isFalse();
    Files.createDirectories(marker.getParent());
    assertThat(Markers.published(marker)).isFalse();
    Markers.publishText(marker, "released");
    assertThat(Markers.published(marker)).isTrue();
    assertThat(Markers.published(dir.resolve("gates/release"))).as("a name that is a prefix of another").isFalse();
  }

  @Test
  void readersSeeOnlyPublishedMarkersNeverTemporaries(@TempDir Path dir) throws Exception {
    Markers.publish(dir.resolve("p0-t1/handoff.json"), new Sample("one", 1));
    Files.createDirectories(dir.resolve("p1-t2"));
    Files.writeString(dir.resolve("p1-t2/.handoff.json.123.tmp"), "{\"name\":\"half");
    Markers.publish(dir.resolve("accepted/p0-t1.json"), new Sample("accepted", 1));
    Files.writeString(dir.resolve("accepted/.p1-t2.json.9.tmp"), "{");

    assertThat(Markers.readChildren(dir, "handoff.json", Sample.class)).containsExactly(new Sample("one", 1));
    assertThat(Markers.readAll(dir.resolve("accepted"), Sample.class)).containsExactly(new Sample("accepted", 1));
    assertThat(Markers.readAll(dir.resolve("missing"), Sample.class)).isEmpty();
  }

  @Test
  void boundedWaitsNameWhatTheyWaitedForAndWhatTheySaw() {
    assertThatThrownBy(() -> BoundedWait.until("the release marker", Duration.ofMillis(100),
        Optional::empty, () -> "no marker under /x"))
        .isInstanceOf(BoundedWait.TimedOut.class)
        .hasMessageContaining("waiting for the release marker")
        .hasMessageContaining("saw: no marker under /x");
    assertThat(BoundedWait.until("a value", Duration.ofSeconds(1), () -> Optional.of(42), () -> "")).isEqualTo(42);
  }
}
