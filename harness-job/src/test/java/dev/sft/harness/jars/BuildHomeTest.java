package dev.sft.harness.jars;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build's SPARK_HOME stays where it is for every run of the same files (so its JVMs' archives are found again),
 * moves for other files, keeps the jars' times in the executors' copies, and the oldest folders go.
 */
class BuildHomeTest {
  @TempDir
  Path dir;
  Path home;
  Path root;

  @BeforeEach
  void releasedHome() throws IOException {
    home = dir.resolve("spark-home");
    JarSetTest.jar(home.resolve("jars/spark-core_2.13-4.1.3.jar"), "org.apache.spark.SparkContext",
        "org.apache.spark:spark-core_2.13:4.1.3");
    JarSetTest.jar(home.resolve("jars/sft-harness-job-0.1.0-SNAPSHOT.jar"), "dev.sft.X",
        "dev.sft:sft-harness-job:0.1.0-SNAPSHOT");
    JarSetTest.jar(home.resolve("jars/iceberg-spark-runtime-4.1_2.13-1.11.0.jar"),
        "org.apache.iceberg.spark.SparkCatalog");
    Files.createDirectories(home.resolve("conf"));
    root = dir.resolve("build-homes");
  }

  private JarSet build(Path jar) {
    return JarSet.resolve(home, null, List.of(jar));
  }

  private Path icebergBuild(String name) throws IOException {
    return JarSetTest.jar(dir.resolve(name).resolve("iceberg-spark-runtime-4.1_2.13-1.12.0-SNAPSHOT.jar"),
        "org.apache.iceberg.spark.SparkCatalog");
  }

  @Test
  void theSameFilesFindTheSameFolderWithWhatEarlierRunsLeftInIt() throws IOException {
    Path mine = icebergBuild("ci");
    BuildHome first = BuildHome.of(build(mine), root).orElseThrow();
    Path archive = Files.createDirectories(first.classDataRoot()).resolve("driver.jsa");
    Files.writeString(archive, "an earlier run's archive");

    BuildHome again = BuildHome.of(build(mine), root).orElseThrow();

    assertThat(again.sparkHome()).isEqualTo(first.sparkHome());
    assertThat(first.firstRun()).isTrue();
    assertThat(again.firstRun()).isFalse();
    assertThat(archive).hasContent("an earlier run's archive");
    assertThat(Files.readSymbolicLink(again.sparkHome().resolve("jars").resolve(mine.getFileName()))).isEqualTo(mine);
    assertThat(again.sparkHome().resolve("jars/iceberg-spark-runtime-4.1_2.13-1.11.0.jar")).doesNotExist();
  }

  @Test
  void aFolderWithoutItsReadyMarkIsMadeAgain() throws IOException {
    Path mine = icebergBuild("ci");
    BuildHome first = BuildHome.of(build(mine), root).orElseThrow();
    Files.delete(first.folder().resolve("ready"));
    Files.delete(first.sparkHome().resolve("jars").resolve(mine.getFileName()));

    BuildHome again = BuildHome.of(build(mine), root).orElseThrow();

    assertThat(again.firstRun()).isTrue();
    assertThat(Files.readSymbolicLink(again.sparkHome().resolve("jars").resolve(mine.getFileName()))).isEqualTo(mine);
  }

  @Test
  void aRebuiltJarGetsAFolderOfItsOwn() throws IOException {
    Path mine = icebergBuild("ci");
    BuildHome before = BuildHome.of(build(mine), root).orElseThrow();
    Files.setLastModifiedTime(mine, FileTime.from(Instant.now().plusSeconds(60)));

    BuildHome after = BuildHome.of(build(mine), root).orElseThrow();

    assertThat(after.folder()).isNotEqualTo(before.folder());
  }

  @Test
  void theExecutorsCopiesKeepTheJarsTimeAndComeInTheOrderGiven() throws IOException {
    Path mine = icebergBuild("ci");
    Files.setLastModifiedTime(mine, FileTime.from(Instant.parse("2026-01-02T03:04:05Z")));

    BuildHome built = BuildHome.of(build(mine), root).orElseThrow();

    assertThat(built.executorJars()).hasSize(1);
    Path copy = built.executorJars().get(0);
    assertThat(copy.getFileName()).isEqualTo(mine.getFileName());
    assertThat(Files.getLastModifiedTime(copy)).isEqualTo(Files.getLastModifiedTime(mine));
    assertThat(copy).hasSameBinaryContentAs(mine);
    assertThat(built.executorClasspath()).isEqualTo(copy.toString());
  }

  @Test
  void nothingToKeepWithoutJarsUnderTestOrWhereNothingCanBeWritten() throws IOException {
    assertThat(BuildHome.of(JarSet.resolve(home, null, List.of()), root)).isEmpty();

    Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
    assertThat(BuildHome.of(build(icebergBuild("ci")), file.resolve("build-homes"))).isEmpty();
  }

  @Test
  void theLeastRecentlyUsedFoldersGoButNotOneInUse() throws IOException {
    Instant longAgo = Instant.now().minus(BuildHome.IN_USE).minusSeconds(60);
    Path[] folders = new Path[BuildHome.KEPT + 1];
    for (int i = 0; i < folders.length; i++) {
      folders[i] = BuildHome.of(build(icebergBuild("build-" + i)), root).orElseThrow().folder();
      // Older builds were used longer ago; the newest of the old ones was used just now.
      Files.setLastModifiedTime(folders[i], FileTime.from(i == folders.length - 1 ? Instant.now()
          : longAgo.minusSeconds(3600L * (folders.length - i))));
    }

    Optional<BuildHome> current = BuildHome.of(build(icebergBuild("current")), root);

    assertThat(current).isPresent();
    assertThat(folders[folders.length - 1]).as("used within the hour").isDirectory();
    assertThat(folders[folders.length - 2]).as("among the most recent").isDirectory();
    assertThat(folders[0]).as("the least recently used").doesNotExist();
    assertThat(folders[1]).doesNotExist();
  }
}
