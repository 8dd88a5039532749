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
  void theRestartedDriverGetsTheSameArgumentsAndRunId() {
    var parsed = dev.sft.harness.cli.SftCli.commandLine().parseArgs("run", "--master", "spark://h:7077", "--jar", "x.jar");
    List<String> original = parsed.subcommand().originalArgs();
    assertThat(DriverRelaunch.childArguments(original, "run-7"))
        .containsExactly("run", "--master", "spark://h:7077", "--jar", "x.jar", "--run-id", "run-7");
    assertThat(DriverRelaunch.childArguments(List.of("--run-id", "mine", "--jar", "x.jar"), "run-7"))
        .containsExactly("run", "--run-id", "mine", "--jar", "x.jar");
  }

  @Test
  void noJarsNoRestart() {
    assertThat(DriverRelaunch.needed(List.of())).isFalse();
  }
}
