package dev.sft.harness.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM module flags survive the build's argfile unchanged: written once, read back as Spark's own list. */
class JavaModuleFlagsTest {
  @Test
  void theArgfileReadsBackAsSparksJavaModuleOptions(@TempDir Path home) throws Exception {
    JavaModuleFlags.main(new String[] {home.resolve("jars").resolve(JavaModuleFlags.FILE).toString()});
    assertThat(JavaModuleFlags.read(home))
        .containsExactlyElementsOf(Arrays.asList(JavaModuleOptions.defaultModuleOptionArray()))
        .anyMatch(f -> f.startsWith("--add-opens="));
  }

  @Test
  void theBuildWroteTheArgfileIntoTheAssembledSparkHome() {
    assertThat(JavaModuleFlags.read(Path.of("target", "spark-home")))
        .containsExactlyElementsOf(Arrays.asList(JavaModuleOptions.defaultModuleOptionArray()));
  }
}
