package dev.sft.harness.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archives' life cycle with real JVMs of this machine: a role without an archive lists its classes into a file
 * of its own, the archive dumped from that list is kept and then used, and a truncated archive (which would crash
 * every JVM given it) does not pass the check an archive must pass to be kept.
 */
class ClassDataSharingTest {
  @TempDir
  Path dir;

  @Test
  void aRoleListsItsClassesThenStartsFromTheArchiveDumpedFromThem() throws Exception {
    Path sparkHome = sparkHome();
    ClassDataSharing classData = ClassDataSharing.under(dir.resolve("class-data"), sparkHome);
    List<String> training = classData.flags(ClassDataSharing.Role.MASTER, "master");
    assertThat(training).hasSize(1);
    assertThat(training.get(0)).startsWith("-XX:DumpLoadedClassList=").endsWith("/training/master-master.classes");

    assertThat(runJvm(sparkHome, training)).as("the training JVM's exit").isZero();
    assertThat(classData.keepTrained(dir)).containsExactly(ClassDataSharing.Role.MASTER);

    assertThat(classData.archived()).containsExactly(ClassDataSharing.Role.MASTER);
    List<String> archived = classData.flags(ClassDataSharing.Role.MASTER, "master");
    assertThat(archived).hasSize(1);
    assertThat(archived.get(0)).startsWith("-XX:SharedArchiveFile=").endsWith("/master.jsa");
    List<String> strict = new ArrayList<>(archived);
    strict.add("-Xshare:on");
    assertThat(runJvm(sparkHome, strict)).as("a JVM that must map the kept archive").isZero();
    assertThat(classData.flags(ClassDataSharing.Role.WORKER, "1").get(0)).startsWith("-XX:DumpLoadedClassList=");
  }

  @Test
  void aTruncatedArchiveDoesNotMapSoItWouldNeverBeKept() throws Exception {
    Path sparkHome = sparkHome();
    ClassDataSharing classData = ClassDataSharing.under(dir.resolve("class-data"), sparkHome);
    assertThat(runJvm(sparkHome, classData.flags(ClassDataSharing.Role.WORKER, "1"))).isZero();
    assertThat(classData.keepTrained(dir)).containsExactly(ClassDataSharing.Role.WORKER);
    Path archive = Path.of(classData.flags(ClassDataSharing.Role.WORKER, "1").get(0)
        .substring("-XX:SharedArchiveFile=".length()));
    List<String> flags = dev.sft.harness.driver.SparkSettings.FAST_START_JVM_FLAGS;
    assertThat(ClassDataSharing.maps(archive, flags, JvmProcess.classPath(sparkHome))).isTrue();

    byte[] whole = Files.readAllBytes(archive);
    Path truncated = dir.resolve("truncated.jsa");
    Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 4));

    assertThat(ClassDataSharing.maps(truncated, flags, JvmProcess.classPath(sparkHome))).isFalse();
  }

  @Test
  void aNewBuildsFolderReplacesTheArchivesOfEarlierBuilds() throws Exception {
    Path earlier = Files.createDirectories(dir.resolve("class-data").resolve("0123456789abcdef"));
    Files.write(earlier.resolve("driver.jsa"), new byte[16]);

    ClassDataSharing classData = ClassDataSharing.under(dir.resolve("class-data"), sparkHome());

    assertThat(earlier).doesNotExist();
    assertThat(classData.folder()).isPresent();
    assertThat(classData.folder().orElseThrow()).isDirectory();
  }

  @Test
  void theListsOfARunThatDidNotJudgeAreDiscardedUnarchived() throws Exception {
    Path sparkHome = sparkHome();
    ClassDataSharing classData = ClassDataSharing.under(dir.resolve("class-data"), sparkHome);
    assertThat(runJvm(sparkHome, classData.flags(ClassDataSharing.Role.DRIVER, "spec"))).isZero();

    assertThat(classData.discardTrained()).isTrue();

    assertThat(classData.archived()).isEmpty();
    assertThat(classData.keepTrained(dir)).isEmpty();
    assertThat(classData.discardTrained()).as("nothing left to discard").isFalse();
  }

  @Test
  void archivesForSomeRolesServeThoseAlone() throws Exception {
    Path sparkHome = sparkHome();
    ClassDataSharing classData = ClassDataSharing.under(dir.resolve("class-data"), sparkHome,
        java.util.EnumSet.of(ClassDataSharing.Role.WORKER));
    assertThat(runJvm(sparkHome, classData.flags(ClassDataSharing.Role.WORKER, "1"))).isZero();
    // A JVM of another role lists its classes too, but the build's archives are not for it.
    assertThat(runJvm(sparkHome, classData.flags(ClassDataSharing.Role.MASTER, "master"))).isZero();

    assertThat(classData.keepTrained(dir)).containsExactly(ClassDataSharing.Role.WORKER);

    assertThat(classData.archived()).as("every role it serves").containsExactlyElementsOf(classData.roles());
    assertThat(ClassDataSharing.under(dir.resolve("class-data"), sparkHome).archived())
        .as("the same folder, read for every role").containsExactly(ClassDataSharing.Role.WORKER);
  }

  @Test
  void offGivesNoFlagsAndKeepsNothing() {
    ClassDataSharing off = ClassDataSharing.off();
    assertThat(off.enabled()).isFalse();
    assertThat(off.flags(ClassDataSharing.Role.EXECUTOR, "{{APP_ID}}-{{EXECUTOR_ID}}")).isEmpty();
    assertThat(off.keepTrained(dir)).isEmpty();
  }

  /** A SPARK_HOME with an empty jars folder: enough for a JVM that prints its version. */
  private Path sparkHome() throws java.io.IOException {
    Path home = dir.resolve("spark-home");
    Files.createDirectories(home.resolve("jars"));
    return home;
  }

  private static int runJvm(Path sparkHome, List<String> flags) throws Exception {
    List<String> command = new ArrayList<>(List.of(JvmProcess.javaExecutable()));
    command.addAll(dev.sft.harness.driver.SparkSettings.FAST_START_JVM_FLAGS);
    command.addAll(flags);
    command.addAll(List.of("-cp", JvmProcess.classPath(sparkHome), "-version"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the JVM exits").isTrue();
    return process.exitValue();
  }
}
