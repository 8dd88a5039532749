package dev.sft.controller.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ImageLayout#CLASS_DATA_SCRIPT} run by sh, with printf standing in for java so the arguments can be read. */
class ClassDataScriptTest {
  private static final List<String> DAEMON = List.of("-Xmx512m", "-XX:+UseSerialGC", "-Dspark.ui.killEnabled=false",
      "-cp", "/opt/spark/jars/*", "org.apache.spark.deploy.master.Master", "--host", "10.0.0.7");

  @Test
  void anImageWithTheArchiveStartsTheJvmFromItWithTheClassPathItWasDumpedWith(@TempDir Path dir) throws Exception {
    Path archive = Files.writeString(dir.resolve("sft.jsa"), "archive");
    Path classPath = Files.writeString(dir.resolve("classpath"), "/opt/spark/jars/a b.jar:/opt/spark/jars/c.jar\n");
    assertThat(run(archive, classPath)).containsExactly("-Xmx512m", "-XX:+UseSerialGC",
        "-Dspark.ui.killEnabled=false", "-XX:SharedArchiveFile=" + archive, "-XX:+UnlockDiagnosticVMOptions",
        "-XX:ArchiveRelocationMode=0", "-cp",
        "/opt/spark/jars/a b.jar:/opt/spark/jars/c.jar", "org.apache.spark.deploy.master.Master", "--host", "10.0.0.7");
  }

  @Test
  void anImageWithoutEitherFileRunsTheCommandUnchanged(@TempDir Path dir) throws Exception {
    Path archive = Files.writeString(dir.resolve("sft.jsa"), "archive");
    Path classPath = Files.writeString(dir.resolve("classpath"), "/opt/spark/jars/a.jar\n");
    assertThat(run(dir.resolve("missing.jsa"), classPath)).containsExactlyElementsOf(DAEMON);
    assertThat(run(archive, dir.resolve("missing"))).containsExactlyElementsOf(DAEMON);
  }

  /** The arguments the stand-in for java received, one per line. */
  private static List<String> run(Path archive, Path classPath) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", ImageLayout.CLASS_DATA_SCRIPT, "sft-class-data",
        archive.toString(), classPath.toString(), "/usr/bin/printf", "%s\\n"));
    command.addAll(DAEMON);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(output).isZero();
    return output.lines().toList();
  }
}
