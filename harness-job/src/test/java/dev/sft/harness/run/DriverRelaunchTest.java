package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverRelaunchTest {
  @TempDir
  Path dir;

  @Test
  void executorsGetCopiesOfTheJarsUnderTestOnTheSharedRoot() throws Exception {
    Path a = Files.writeString(dir.resolve("a-1.0.jar"), "a");
    Path b = Files.writeString(dir.resolve("b-2.0.jar"), "b");
    Path runDir = dir.resolve("shared/run-1");
    String classpath = DriverRelaunch.executorClasspath(runDir, List.of(a, b));
    assertThat(classpath).isEqualTo(runDir.resolve("jars-under-test/a-1.0.jar") + File.pathSeparator
        + runDir.resolve("jars-under-test/b-2.0.jar"));
    assertThat(runDir.resolve("jars-under-test/b-2.0.jar")).hasContent("b");
  }

  @Test
  void noJarsNoRestart() {
    assertThat(DriverRelaunch.needed(List.of())).isFalse();
  }
}
