package dev.sft.harness.jars;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.Markers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDigestsTest {
  @TempDir
  Path dir;

  @Test
  void aDigestIsComputedOnceAndRecordedForTheRunsLaterDrivers() throws Exception {
    Path jar = Files.writeString(dir.resolve("a.jar"), "contents");
    Path record = dir.resolve("run").resolve("jar-digests.json");

    String first = RunDigests.recordedIn(record).sha256(jar);

    assertThat(first).isEqualTo(JarIdentity.sha256(jar));
    assertThat(Files.readString(record)).contains(jar.toString()).contains(first);
    assertThat(RunDigests.recordedIn(record).sha256(jar)).isEqualTo(first);
  }

  @Test
  void aRecordedDigestIsUsedOnlyWhileTheFilesSizeAndTimeMatch() throws Exception {
    Path jar = Files.writeString(dir.resolve("b.jar"), "contents");
    Path record = dir.resolve("jar-digests.json");
    long modified = Files.getLastModifiedTime(jar).toMillis();
    Markers.publish(record, List.of(new RunDigests.Digest(jar.toString(), Files.size(jar), modified, "recorded")));

    assertThat(RunDigests.recordedIn(record).sha256(jar)).as("size and time match: the record").isEqualTo("recorded");

    Files.setLastModifiedTime(jar, FileTime.fromMillis(modified + 1000));
    assertThat(RunDigests.recordedIn(record).sha256(jar)).as("time changed: hashed again")
        .isEqualTo(JarIdentity.sha256(jar));
    assertThat(RunDigests.recordedIn(record).sha256(jar)).as("and recorded again").isEqualTo(JarIdentity.sha256(jar));

    Files.writeString(jar, "other contents");
    Files.setLastModifiedTime(jar, FileTime.fromMillis(modified + 1000));
    assertThat(RunDigests.recordedIn(record).sha256(jar)).as("size changed: hashed again")
        .isEqualTo(JarIdentity.sha256(jar));
  }

  @Test
  void anUnreadableRecordOnlyCostsTheHashing() throws Exception {
    Path jar = Files.writeString(dir.resolve("c.jar"), "contents");
    Path record = Files.writeString(dir.resolve("jar-digests.json"), "not json");

    assertThat(RunDigests.recordedIn(record).sha256(jar)).isEqualTo(JarIdentity.sha256(jar));
  }
}
