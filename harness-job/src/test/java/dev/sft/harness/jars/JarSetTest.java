package dev.sft.harness.jars;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How --jar files find the released jar they replace, each refusal, and the per-run SPARK_HOME of links. */
class JarSetTest {
  @TempDir
  Path dir;
  Path home;

  /** Writes a jar with the given pom.properties ("group:artifact:version", may be several) and one class entry. */
  static Path jar(Path at, String className, String... poms) throws IOException {
    return jar(at, List.of(className), poms);
  }

  /** Writes a jar with the given pom.properties and a (fake) class entry per class name. */
  static Path jar(Path at, List<String> classNames, String... poms) throws IOException {
    Files.createDirectories(at.getParent());
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    try (OutputStream file = Files.newOutputStream(at); JarOutputStream out = new JarOutputStream(file, manifest)) {
      for (String pom : poms) {
        String[] gav = pom.split(":");
        out.putNextEntry(new JarEntry("META-INF/maven/" + gav[0] + "/" + gav[1] + "/pom.properties"));
        out.write(("groupId=" + gav[0] + "\nartifactId=" + gav[1] + "\nversion=" + gav[2] + "\n")
            .getBytes(StandardCharsets.UTF_8));
      }
      for (String className : classNames) {
        out.putNextEntry(new JarEntry(className.replace('.', '/') + ".class"));
        out.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
      }
    }
    return at;
  }

  @BeforeEach
  void releasedHome() throws IOException {
    home = dir.resolve("spark-home");
    Path jars = home.resolve("jars");
    jar(jars.resolve("spark-core_2.13-4.1.3.jar"), "org.apache.spark.SparkContext",
        "org.apache.spark:spark-core_2.13:4.1.3", "org.eclipse.jetty:jetty-util:11.0.0");
    jar(jars.resolve("sft-harness-job-0.1.0-SNAPSHOT.jar"), "dev.sft.X", "dev.sft:sft-harness-job:0.1.0-SNAPSHOT");
    // Iceberg's Gradle-built runtime: no pom.properties of its own, only those of what it shades.
    jar(jars.resolve("iceberg-spark-runtime-4.1_2.13-1.11.0.jar"), "org.apache.iceberg.spark.SparkCatalog",
        "com.google.guava:guava:33.0.0");
    jar(jars.resolve("comet-spark-spark4.1_2.13-1.2.0.jar"), "org.apache.spark.CometPlugin",
        "org.apache.datafusion:comet-spark-spark4.1_2.13:1.2.0", "org.apache.datafusion:comet-common-spark4.1_2.13:1.2.0",
        "com.google.guava:guava:33.0.0");
    jar(jars.resolve("guava-33.0.0.jar"), "com.google.common.X", "com.google.guava:guava:33.0.0");
    Files.writeString(jars.resolve("sft-java-module-options.args"), "--add-opens=x\n");
    Files.createDirectories(home.resolve("conf"));
  }

  @Test
  void anIcebergSnapshotWithoutPomPropertiesReplacesTheReleasedRuntimeByName() throws IOException {
    Path mine = jar(dir.resolve("build/iceberg-spark-runtime-4.1_2.13-1.12.0-SNAPSHOT.jar"),
        "org.apache.iceberg.spark.SparkCatalog", "com.google.guava:guava:33.0.0");
    JarSet set = JarSet.resolve(home, null, List.of(mine));
    assertThat(set.replacements()).singleElement().satisfies(r -> {
      assertThat(r.released().fileName()).isEqualTo("iceberg-spark-runtime-4.1_2.13-1.11.0.jar");
      assertThat(r.matchedBy()).isEqualTo("by file name");
    });
    assertThat(set.files()).contains(mine).noneMatch(f -> f.getFileName().toString().endsWith("-1.11.0.jar"))
        .hasSize(6);
  }

  @Test
  void aCometSnapshotIsMatchedByItsOwnMavenCoordinatesNotByWhatItShades() throws IOException {
    Path mine = jar(dir.resolve("build/comet-spark-spark4.1_2.13-1.3.0-SNAPSHOT.jar"), "org.apache.spark.CometPlugin",
        "com.google.guava:guava:33.0.0", "org.apache.datafusion:comet-common-spark4.1_2.13:1.3.0-SNAPSHOT",
        "org.apache.datafusion:comet-spark-spark4.1_2.13:1.3.0-SNAPSHOT");
    JarSet set = JarSet.resolve(home, null, List.of(mine));
    assertThat(set.replacements().get(0).released().fileName()).isEqualTo("comet-spark-spark4.1_2.13-1.2.0.jar");
    assertThat(set.replacements().get(0).given().version()).isEqualTo("1.3.0-SNAPSHOT");
    assertThat(set.replacements().get(0).given().module()).isEqualTo("org.apache.datafusion:comet-spark-spark4.1_2.13");
    assertThat(set.replacements().get(0).matchedBy()).isEqualTo("by file name and Maven coordinates");
  }

  @Test
  void aCiArtifactWhoseNameSaysNothingIsMatchedByTheClassesItHolds() throws IOException {
    Path ci = jar(dir.resolve("ci/iceberg.jar"), List.of("org.apache.iceberg.spark.SparkCatalog",
        "org.apache.iceberg.spark.Spark3Util"), "com.google.guava:guava:33.0.0");
    JarSet set = JarSet.resolve(home, null, List.of(ci));
    assertThat(set.replacements()).singleElement().satisfies(r -> {
      assertThat(r.released().fileName()).isEqualTo("iceberg-spark-runtime-4.1_2.13-1.11.0.jar");
      assertThat(r.matchedBy()).isEqualTo("by content: org/apache/iceberg/spark/SparkCatalog.class");
    });
    assertThat(set.files()).contains(ci).noneMatch(f -> f.getFileName().toString().endsWith("-1.11.0.jar"));
    assertThat(set.matches("--jar")).containsExactly("--jar " + ci + ": module iceberg-spark-runtime-4.1_2.13"
        + " (matched by content: org/apache/iceberg/spark/SparkCatalog.class), in place of"
        + " iceberg-spark-runtime-4.1_2.13-1.11.0.jar");
  }

  @Test
  void aRenamedCometJarIsMatchedByItsPluginClass() throws IOException {
    // Its pom.properties do not count: the file name no longer spells their artifact and version.
    Path renamed = jar(dir.resolve("build/my-comet.jar"), "org.apache.spark.CometPlugin",
        "org.apache.datafusion:comet-spark-spark4.1_2.13:1.3.0-SNAPSHOT", "com.google.guava:guava:33.0.0");
    JarSet set = JarSet.resolve(home, null, List.of(renamed));
    assertThat(set.replacements().get(0).released().fileName()).isEqualTo("comet-spark-spark4.1_2.13-1.2.0.jar");
    assertThat(set.replacements().get(0).matchedBy()).isEqualTo("by content: org/apache/spark/CometPlugin.class");
  }

  @Test
  void refusesAJarHoldingTheClassesOfTwoModulesRatherThanGuess() throws IOException {
    Path both = jar(dir.resolve("ci/bundle.jar"),
        List.of("org.apache.iceberg.spark.SparkCatalog", "org.apache.spark.CometPlugin"));
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(both)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holds the classes of more than one module")
        .hasMessageContaining("iceberg-spark-runtime (org/apache/iceberg/spark/SparkCatalog.class)")
        .hasMessageContaining("comet (org/apache/spark/CometPlugin.class)")
        .hasMessageContaining("cannot tell which it replaces");
  }

  @Test
  void refusesAJarOfAModuleTheRunDoesNotHaveNamingTheModulesKnown() throws IOException {
    Path other = jar(dir.resolve("build/delta-spark_2.13-4.0.0.jar"), "io.delta.X", "io.delta:delta-spark_2.13:4.0.0");
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(other)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("matches no released jar in SPARK_HOME/jars, neither by file name (module"
            + " io.delta:delta-spark_2.13) nor by content")
        .hasMessageContaining("spark-core (org/apache/spark/SparkContext.class), iceberg-spark-runtime"
            + " (org/apache/iceberg/spark/SparkCatalog.class), comet (org/apache/spark/CometPlugin.class)");
    Path ci = jar(dir.resolve("ci/thing.jar"), "t.Nothing");
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(ci)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(module thing) nor by content");
  }

  @Test
  void refusesAJarWhoseModuleNoReleasedJarOrSeveralHold() throws IOException {
    // Two released jars with Comet's plugin class: the content names a module, but not which jar of it to replace.
    jar(home.resolve("jars/comet-copy.jar"), "org.apache.spark.CometPlugin");
    Path ci = jar(dir.resolve("ci/comet.jar"), "org.apache.spark.CometPlugin");
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(ci)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than one released jar holds")
        .hasMessageContaining("comet-copy.jar").hasMessageContaining("comet-spark-spark4.1_2.13-1.2.0.jar");
  }

  @Test
  void refusesAJarThatMatchesMoreThanOneReleasedJar() throws IOException {
    jar(home.resolve("jars/tool-1.0.jar"), "t.A");
    jar(home.resolve("jars/tool-2.0.jar"), "t.B");
    Path mine = jar(dir.resolve("build/tool-3.0.jar"), "t.C");
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(mine)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("matches more than one released jar")
        .hasMessageContaining("tool-1.0.jar").hasMessageContaining("tool-2.0.jar");
  }

  @Test
  void refusesTwoJarsForOneModule() throws IOException {
    Path a = jar(dir.resolve("a/iceberg-spark-runtime-4.1_2.13-1.12.0.jar"), "org.apache.iceberg.spark.SparkCatalog");
    Path b = jar(dir.resolve("b/iceberg-spark-runtime-4.1_2.13-1.13.0.jar"), "org.apache.iceberg.spark.SparkCatalog");
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(a, b)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both replace");
  }

  @Test
  void refusesAMissingFileAndAFileThatIsNoJar() throws IOException {
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(dir.resolve("nope.jar"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a file");
    Path text = Files.writeString(dir.resolve("iceberg-spark-runtime-4.1_2.13-9.jar"), "not a zip");
    assertThatThrownBy(() -> JarSet.resolve(home, null, List.of(text)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a readable jar");
  }

  @Test
  void refusesASparkHomeThatIsNoSparkDistribution() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty/jars"));
    assertThatThrownBy(() -> JarSet.resolve(empty.getParent(), null, List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a Spark distribution")
        .hasMessageContaining("spark-core_*.jar");
    assertThatThrownBy(() -> JarSet.resolve(dir.resolve("absent"), null, List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a Spark distribution");
  }

  @Test
  void withoutJarsTheRunUsesSparkHomeItself() {
    JarSet set = JarSet.resolve(home, null, List.of());
    assertThat(set.materialize(dir.resolve("run/spark-home"))).isEqualTo(home);
    assertThat(dir.resolve("run")).doesNotExist();
  }

  @Test
  void materializeLinksEveryJarButTheReplacedOneAndLeavesSparkHomeUntouched() throws IOException {
    Path mine = jar(dir.resolve("build/iceberg-spark-runtime-4.1_2.13-1.12.0-SNAPSHOT.jar"),
        "org.apache.iceberg.spark.SparkCatalog");
    Path runHome = JarSet.resolve(home, null, List.of(mine)).materialize(dir.resolve("run/spark-home"));
    Path jars = runHome.resolve("jars");
    assertThat(Files.isSymbolicLink(jars.resolve(mine.getFileName()))).isTrue();
    assertThat(Files.readSymbolicLink(jars.resolve(mine.getFileName()))).isEqualTo(mine);
    assertThat(jars.resolve("iceberg-spark-runtime-4.1_2.13-1.11.0.jar")).doesNotExist();
    assertThat(Files.isSymbolicLink(jars.resolve("spark-core_2.13-4.1.3.jar"))).isTrue();
    assertThat(jars.resolve("sft-java-module-options.args")).hasContent("--add-opens=x");
    assertThat(Files.isSymbolicLink(runHome.resolve("conf"))).isTrue();
    assertThat(home.resolve("jars/iceberg-spark-runtime-4.1_2.13-1.11.0.jar")).isRegularFile();
    try (var list = Files.list(home.resolve("jars"))) {
      assertThat(list.count()).isEqualTo(6);
    }
  }

  @Test
  void aPlainSparkDistributionGetsTheHarnessJarsItLacks() throws IOException {
    Path distribution = dir.resolve("spark-4.1.3-bin-hadoop3");
    jar(distribution.resolve("jars/spark-core_2.13-4.1.3.jar"), "org.apache.spark.SparkContext",
        "org.apache.spark:spark-core_2.13:4.1.3");
    jar(distribution.resolve("jars/guava-14.0.1.jar"), "com.google.common.Y", "com.google.guava:guava:14.0.1");
    JarSet set = JarSet.resolve(distribution, home, List.of());
    assertThat(set.files()).extracting(f -> f.getFileName().toString())
        .contains("spark-core_2.13-4.1.3.jar", "guava-14.0.1.jar", "sft-harness-job-0.1.0-SNAPSHOT.jar",
            "iceberg-spark-runtime-4.1_2.13-1.11.0.jar", "sft-java-module-options.args")
        .doesNotContain("guava-33.0.0.jar")
        .filteredOn(n -> n.startsWith("spark-core")).hasSize(1);
    assertThat(set.files()).contains(distribution.resolve("jars/spark-core_2.13-4.1.3.jar"));
    assertThatThrownBy(() -> JarSet.resolve(distribution, null, List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no sft-harness-job-*.jar");
  }

  @Test
  void artifactNamesAndVersionsFromFileNames() {
    assertThat(JarIdentity.splitName("iceberg-spark-runtime-4.1_2.13-1.11.0.jar"))
        .containsExactly("iceberg-spark-runtime-4.1_2.13", "1.11.0");
    assertThat(JarIdentity.splitName("log4j-1.2-api-2.24.3.jar")).containsExactly("log4j-1.2-api", "2.24.3");
    assertThat(JarIdentity.splitName("foo-1.0-SNAPSHOT.jar")).containsExactly("foo", "1.0-SNAPSHOT");
    assertThat(JarIdentity.splitName("plain.jar")).containsExactly("plain", null);
  }

  @Test
  void theProbeClassOfAJarUnderTest() throws IOException {
    Path iceberg = jar(dir.resolve("x/iceberg-spark-runtime-4.1_2.13-1.12.0.jar"), "org.apache.iceberg.spark.SparkCatalog");
    assertThat(LoadedJars.probeClass(iceberg)).isEqualTo("org.apache.iceberg.spark.SparkCatalog");
    Path other = jar(dir.resolve("x/tool-1.0.jar"), "t.Zed");
    assertThat(LoadedJars.probeClass(other)).isEqualTo("t.Zed");
    List<LoadedJars.Probe> probes = LoadedJars.probes(List.of(iceberg));
    assertThat(probes).extracting(LoadedJars.Probe::role)
        .containsExactly("spark-core", "comet", "iceberg-spark-runtime");
    assertThat(probes.get(2).requestedSha256()).isEqualTo(JarIdentity.sha256(iceberg));
  }
}
