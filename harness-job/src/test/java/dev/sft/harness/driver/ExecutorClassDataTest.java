package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ImageClassData;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriterName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The image's class-data archive reaches the executors' command only where they can map it. */
class ExecutorClassDataTest {
  @Test
  void theImagesFilesGiveTheArchiveAndTheClassPathItWasDumpedWith(@TempDir Path dir) throws Exception {
    Path archive = Files.writeString(dir.resolve("sft.jsa"), "archive");
    Path classPath = Files.writeString(dir.resolve("classpath"), "/opt/spark/jars/a.jar:/opt/spark/jars/b.jar\n");
    assertThat(ExecutorClassData.in(archive, classPath)).contains(
        new ExecutorClassData(archive.toString(), "/opt/spark/jars/a.jar:/opt/spark/jars/b.jar"));
    assertThat(ExecutorClassData.in(dir.resolve("none.jsa"), classPath)).isEmpty();
    assertThat(ExecutorClassData.in(archive, dir.resolve("none"))).isEmpty();
    assertThat(ExecutorClassData.in(archive, Files.writeString(dir.resolve("empty"), "\n"))).isEmpty();
  }

  @Test
  void executorsStartFromTheArchiveWithItsClassPathInFront() {
    SparkConf conf = SparkSettings.conf(inputs(null, Map.of()));
    assertThat(conf.get("spark.executor.extraJavaOptions"))
        .isEqualTo("-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -XX:SharedArchiveFile=/opt/sft/class-data/sft.jsa"
            + " -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0");
    assertThat(conf.get("spark.executor.extraClassPath")).isEqualTo("/opt/spark/jars/a.jar:/opt/spark/jars/b.jar");
  }

  @Test
  void aClassPathOfCopiedJarsGoesFirstAndTheArchiveIsNotNamed() {
    SparkConf conf = SparkSettings.conf(inputs("/shared/r1/jars/iceberg.jar", Map.of()));
    assertThat(conf.get("spark.executor.extraClassPath")).isEqualTo("/shared/r1/jars/iceberg.jar");
    assertThat(conf.get("spark.executor.extraJavaOptions")).doesNotContain("SharedArchiveFile");
  }

  @Test
  void theUsersOwnExecutorFlagsStillWin() {
    SparkConf conf = SparkSettings.conf(inputs(null, Map.of("spark.executor.extraJavaOptions", "-Dx=y")));
    assertThat(conf.get("spark.executor.extraJavaOptions")).isEqualTo("-Dx=y");
  }

  /** The shell sides of the contract: the launcher starts the driver, bin/sft-class-data makes the archive. */
  @Test
  void theLauncherAndTheImagesDumpScriptNameTheContractsFilesAndFlags() throws Exception {
    // Surefire runs in the module's folder.
    String launcher = Files.readString(Path.of("..", "sft"));
    String dump = Files.readString(Path.of("..", "bin", "sft-class-data"));
    assertThat(launcher).contains(ImageClassData.ARCHIVE, ImageClassData.CLASS_PATH)
        .contains(ImageClassData.JVM_FLAGS);
    assertThat(dump).contains("dir=" + ImageClassData.DIR, "$dir/sft.jsa", "$dir/classpath")
        .contains(ImageClassData.MAPPING_FLAGS);
    assertThat(ImageClassData.ARCHIVE).isEqualTo(ImageClassData.DIR + "/sft.jsa");
    assertThat(ImageClassData.CLASS_PATH).isEqualTo(ImageClassData.DIR + "/classpath");
  }

  private static SparkInputs inputs(String executorClasspath, Map<String, String> extraConf) {
    DriverRun driverRun = DriverRun.builder("r1", false, List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT))
        .writer(WriterName.ICEBERG)
        .timeouts(180, 30)
        .interruptOnCancel(false)
        .cluster("spark://127.0.0.1:7077", "/tmp/sft-shared")
        .killCommand("/bin/true")
        .build();
    return new SparkInputs(driverRun, Path.of("/tmp/sft-shared/r1"), executorClasspath, false, extraConf, 4, "plain",
        "probed", Optional.of(new ExecutorClassData("/opt/sft/class-data/sft.jsa",
            "/opt/spark/jars/a.jar:/opt/spark/jars/b.jar")));
  }
}
