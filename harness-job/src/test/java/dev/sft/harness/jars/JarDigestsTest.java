package dev.sft.harness.jars;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Jar digests come from a record only while the file's size and time match it; the build writes its record. */
class JarDigestsTest {
  @TempDir
  Path dir;

  @Test
  void aDigestIsComputedOnceAndRecordedForTheRunsLaterDrivers() throws Exception {
    Path jar = Files.writeString(dir.resolve("a.jar"), "contents");
    Path record = dir.resolve("run").resolve("jar-digests.json");

    String first = JarDigests.recordedIn(record).sha256(jar);

    assertThat(first).isEqualTo(JarIdentity.sha256(jar));
    assertThat(Files.readString(record)).contains(jar.toString()).contains(first);
    assertThat(JarDigests.recordedIn(record).sha256(jar)).isEqualTo(first);
  }

  @Test
  void aRecordedDigestIsUsedOnlyWhileTheFilesSizeAndTimeMatch() throws Exception {
    Path jar = Files.writeString(dir.resolve("b.jar"), "contents");
    Path record = dir.resolve("jar-digests.json");
    long modified = Files.getLastModifiedTime(jar).toMillis();
    Markers.publish(record, List.of(new JarDigests.Digest(jar.toString(), Files.size(jar), modified, "recorded")));

    assertThat(JarDigests.recordedIn(record).sha256(jar)).as("size and time match: the record").isEqualTo("recorded");

    Files.setLastModifiedTime(jar, FileTime.fromMillis(modified + 1000));
    assertThat(JarDigests.recordedIn(record).sha256(jar)).as("time changed: hashed again")
        .isEqualTo(JarIdentity.sha256(jar));
    assertThat(JarDigests.recordedIn(record).sha256(jar)).as("and recorded again").isEqualTo(JarIdentity.sha256(jar));

    Files.writeString(jar, "other contents");
    Files.setLastModifiedTime(jar, FileTime.fromMillis(modified + 1000));
    assertThat(JarDigests.recordedIn(record).sha256(jar)).as("size changed: hashed again")
        .isEqualTo(JarIdentity.sha256(jar));
  }

  @Test
  void theBuildsRecordBesideTheJarsServesByNameSizeAndTime() throws Exception {
    Path jars = Files.createDirectories(dir.resolve("jars"));
    Path spark = jar(jars.resolve("spark-core_2.13-9.9.9.jar"), "org/apache/spark/SparkContext.class");
    Path other = jar(jars.resolve("other-1.0.jar"), "org/example/Other.class");

    JarDigests.main(new String[] {jars.toString()});

    List<JarDigests.Digest> built = List.of(Json.MAPPER.readValue(
        jars.resolve(JarDigests.BUILD_RECORD).toFile(), JarDigests.Digest[].class));
    assertThat(built).extracting(JarDigests.Digest::file).containsExactly("spark-core_2.13-9.9.9.jar");
    assertThat(built.get(0).sha256()).isEqualTo(JarIdentity.sha256(spark));

    long modified = Files.getLastModifiedTime(spark).toMillis();
    Markers.publish(jars.resolve(JarDigests.BUILD_RECORD),
        List.of(new JarDigests.Digest(spark.getFileName().toString(), Files.size(spark), modified, "built")));
    Path runRecord = dir.resolve("run-digests.json");
    assertThat(JarDigests.recordedIn(runRecord).sha256(spark)).as("the build's record").isEqualTo("built");
    assertThat(runRecord).as("nothing hashed, nothing recorded for the run").doesNotExist();
    assertThat(JarDigests.recordedIn(runRecord).sha256(other)).isEqualTo(JarIdentity.sha256(other));

    Files.setLastModifiedTime(spark, FileTime.fromMillis(modified + 1000));
    assertThat(JarDigests.recordedIn(runRecord).sha256(spark)).as("touched since the build: hashed")
        .isEqualTo(JarIdentity.sha256(spark));
  }

  @Test
  void oneInstanceReadsEachRecordOnceAndKeepsWhatItHashes() throws Exception {
    Path jars = Files.createDirectories(dir.resolve("jars"));
    Path first = Files.writeString(jars.resolve("first.jar"), "first");
    Path second = Files.writeString(jars.resolve("second.jar"), "second");
    Markers.publish(jars.resolve(JarDigests.BUILD_RECORD), List.of(
        new JarDigests.Digest("first.jar", Files.size(first), Files.getLastModifiedTime(first).toMillis(), "built-1"),
        new JarDigests.Digest("second.jar", Files.size(second), Files.getLastModifiedTime(second).toMillis(),
            "built-2")));
    Path other = Files.writeString(dir.resolve("other.jar"), "other");
    Path runRecord = dir.resolve("run-digests.json");
    JarDigests digests = JarDigests.recordedIn(runRecord);

    assertThat(digests.sha256(first)).isEqualTo("built-1");
    assertThat(digests.sha256(other)).isEqualTo(JarIdentity.sha256(other));
    // Both records changed behind the instance's back: it serves what it read, and the run record holds both writes.
    Files.delete(jars.resolve(JarDigests.BUILD_RECORD));
    Files.writeString(runRecord, "not json");
    Path another = Files.writeString(dir.resolve("another.jar"), "another");

    assertThat(digests.sha256(second)).as("the build's record, read once").isEqualTo("built-2");
    assertThat(digests.sha256(another)).isEqualTo(JarIdentity.sha256(another));
    assertThat(Files.readString(runRecord)).contains(other.toString()).contains(another.toString());
  }

  private static Path jar(Path file, String entry) throws Exception {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file))) {
      out.putNextEntry(new JarEntry(entry));
      out.write(new byte[] {1, 2, 3});
      out.closeEntry();
    }
    return file;
  }

  @Test
  void anUnreadableRecordOnlyCostsTheHashing() throws Exception {
    Path jar = Files.writeString(dir.resolve("c.jar"), "contents");
    Path record = Files.writeString(dir.resolve("jar-digests.json"), "not json");

    assertThat(JarDigests.recordedIn(record).sha256(jar)).isEqualTo(JarIdentity.sha256(jar));
  }
}
