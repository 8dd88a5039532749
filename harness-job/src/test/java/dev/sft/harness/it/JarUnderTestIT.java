package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RanJar;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.Verdict;
import dev.sft.harness.jars.JarIdentity;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code sft local --jar}: a copy of the released Iceberg Spark runtime with another manifest (same classes, another
 * SHA-256) replaces the released jar, and the report proves that the driver and every executor loaded the copy.
 */
class JarUnderTestIT {
  private static Path released;
  private static Path copy;
  private static String copySha;
  private static LocalRun run;

  @BeforeAll
  static void runOneScenarioWithACopyOfTheIcebergRuntime() throws Exception {
    Path jars = Path.of(System.getProperty("sft.spark.home"), "jars");
    try (Stream<Path> files = Files.list(jars)) {
      released = files.filter(p -> p.getFileName().toString().startsWith("iceberg-spark-runtime-")).findFirst()
          .orElseThrow(() -> new AssertionError("no iceberg-spark-runtime jar in " + jars));
    }
    Path dir = Files.createDirectories(Path.of(System.getProperty("sft.it.out", "target/it-runs"), "jar-copies")
        .toAbsolutePath());
    String name = released.getFileName().toString();
    copy = dir.resolve(name.substring(0, name.length() - ".jar".length()) + "-sft-copy.jar");
    copyWithAnotherManifest(released, copy);
    copySha = JarIdentity.sha256(copy);
    assertThat(copySha).as("the copy differs from the released jar").isNotEqualTo(JarIdentity.sha256(released));

    run = LocalRun.run("jar-under-test", "--scenarios", "speculation-speculative-wins", "--timeout", "120",
        "--jar", copy.toString());
  }

  private static void copyWithAnotherManifest(Path from, Path to) throws IOException {
    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
    try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + to.toUri()), Map.of())) {
      Path manifestFile = zip.getPath("META-INF", "MANIFEST.MF");
      Manifest manifest = new Manifest();
      try (var in = Files.newInputStream(manifestFile)) {
        manifest.read(in);
      }
      manifest.getMainAttributes().put(new Attributes.Name("Sft-Test-Copy"), UUID.randomUUID().toString());
      try (OutputStream out = Files.newOutputStream(manifestFile)) {
        manifest.write(out);
      }
    }
  }

  @Test
  void theScenarioPassesOnTheJarUnderTest() {
    assertThat(run.report().scenarios()).hasSize(1);
    var s = run.scenario("speculation-speculative-wins");
    assertThat(s.scheduler()).as(s.message()).isEqualTo(Verdict.Passed);
    LoserFilesFinding.assertStoragePassedOrOnlyThisFinding(s);
    assertThat(run.exitCode()).isEqualTo(run.expectedExitCode());
  }

  @Test
  void theDriverAndEveryExecutorLoadedTheCopy() {
    List<RanJar> underTest = run.report().jars().stream().filter(RanJar::underTest).toList();
    assertThat(underTest).hasSize(1);
    RanJar jar = underTest.get(0);
    assertThat(jar.role()).isEqualTo("iceberg-spark-runtime");
    assertThat(jar.requestedSha256()).isEqualTo(copySha);
    assertThat(jar.sha256()).as("the driver's file " + jar.file()).isEqualTo(copySha);
    assertThat(Path.of(jar.file()).getFileName().toString()).isEqualTo(copy.getFileName().toString());
    assertThat(jar.executors()).as("executors of the preflight barrier").hasSizeGreaterThanOrEqualTo(2);
    assertThat(jar.executors()).allSatisfy(seen -> assertThat(seen.sha256()).as(seen.process() + " " + seen.file())
        .isEqualTo(copySha));
    assertThat(jar.version()).startsWith("1.");
  }

  @Test
  void theReportNamesSparkAndCometWithTheirChecksumsAndTheCachedSparkHomeIsUntouched() throws IOException {
    RanJar spark = run.report().jars().stream().filter(j -> j.role().equals("spark-core")).findFirst().orElseThrow();
    assertThat(spark.module()).isEqualTo("org.apache.spark:spark-core_2.13");
    assertThat(spark.version()).isNotBlank();
    assertThat(spark.sha256()).hasSize(64);
    assertThat(run.report().jars()).extracting(RanJar::role).contains("comet");
    assertThat(released).as("the cached SPARK_HOME keeps its released jar").isRegularFile();
    assertThat(Files.isSymbolicLink(released)).isFalse();
    // The build's SPARK_HOME of links, kept beside the cached one for the build's later runs (BuildHome): the one
    // this run used last.
    Path runJars;
    try (var homes = Files.list(released.getParent().getParent().resolveSibling("build-homes"))) {
      runJars = homes.sorted(java.util.Comparator.comparing((Path h) -> h.toFile().lastModified()).reversed())
          .map(h -> h.resolve("spark-home/jars")).filter(j -> Files.isSymbolicLink(j.resolve(copy.getFileName())))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no build SPARK_HOME links " + copy));
    }
    assertThat(Files.readSymbolicLink(runJars.resolve(copy.getFileName()))).isEqualTo(copy);
    assertThat(runJars.resolve(released.getFileName())).doesNotExist();
    String html = Files.readString(Path.of(run.report().scenarios().get(0).evidence()).getParent()
        .resolve("report.html"));
    assertThat(html).contains("Jars that ran").contains(copySha);
  }
}
