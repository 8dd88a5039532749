package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RanJar;
import dev.sft.harness.jars.LoadedJars;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreflightJudgeTest {
  private static Preflight.ExecutorCheckIn checkIn(String id, String host, long pid, boolean read) {
    return new Preflight.ExecutorCheckIn(id, host, pid, read, read ? "challenge matched" : "NoSuchFileException",
        List.of());
  }

  private static final LoadedJars.Probe ICEBERG = new LoadedJars.Probe("iceberg-spark-runtime",
      "org.apache.iceberg.spark.SparkCatalog", "/work/mine.jar", "aa");

  private static RanJar driverLoaded(String sha) {
    return new RanJar("iceberg-spark-runtime", ICEBERG.className(), "iceberg-spark-runtime-4.1_2.13", "1.12.0", sha,
        "/run/jars/mine.jar", true, "aa", List.of());
  }

  private static Preflight.ExecutorCheckIn loaded(String id, String host, String sha) {
    return new Preflight.ExecutorCheckIn(id, host, 10 + id.length(), true, "challenge matched",
        List.of(new LoadedJars.Location("/x/" + sha + ".jar", sha)));
  }

  @Test
  void passesWhenTheDriverAndEveryExecutorLoadedTheJarUnderTest() {
    var result = Preflight.judge(List.of(loaded("0", "127.0.0.2", "aa"), loaded("1", "127.0.0.3", "aa")), List.of(),
        List.of(ICEBERG), List.of(driverLoaded("aa")));
    assertThat(result.passed()).as(result.message()).isTrue();
    assertThat(result.jars().get(0).executors()).extracting(RanJar.Sighting::process)
        .containsExactly("0@127.0.0.2/11", "1@127.0.0.3/11");
  }

  @Test
  void failsWhenAnExecutorLoadedAnotherFileThanTheJarUnderTest() {
    var result = Preflight.judge(List.of(loaded("0", "127.0.0.2", "aa"), loaded("1", "127.0.0.3", "bb")), List.of(),
        List.of(ICEBERG), List.of(driverLoaded("aa")));
    assertThat(result.passed()).isFalse();
    assertThat(result.message()).contains("executor 1@127.0.0.3/11 loaded org.apache.iceberg.spark.SparkCatalog from"
        + " /x/bb.jar (sha256 bb) instead of the --jar /work/mine.jar (sha256 aa)");
  }

  @Test
  void failsWhenTheDriverLoadedAnotherFileThanTheJarUnderTest() {
    var result = Preflight.judge(List.of(loaded("0", "127.0.0.2", "aa"), loaded("1", "127.0.0.3", "aa")), List.of(),
        List.of(ICEBERG), List.of(driverLoaded("cc")));
    assertThat(result.passed()).isFalse();
    assertThat(result.message()).contains("the driver loaded org.apache.iceberg.spark.SparkCatalog from"
        + " /run/jars/mine.jar (sha256 cc)");
  }

  @Test
  void releasedJarsAreRecordedButNeverFailThePreflight() {
    RanJar spark = new RanJar("spark-core", "org.apache.spark.SparkContext", "org.apache.spark:spark-core_2.13",
        "4.1.3", "cc", "/h/jars/spark-core_2.13-4.1.3.jar", false, null, List.of());
    var result = Preflight.judge(List.of(loaded("0", "127.0.0.2", "dd"), loaded("1", "127.0.0.3", "dd")), List.of(),
        List.of(new LoadedJars.Probe("spark-core", spark.className(), null, null)), List.of(spark));
    assertThat(result.passed()).as(result.message()).isTrue();
    assertThat(result.jars().get(0).executors()).hasSize(2);
  }

  @Test
  void passesWithConcurrentProcessesOnTwoHostsThatReadTheChallenge() {
    var result = Preflight.judge(List.of(checkIn("0", "127.0.0.2", 10, true), checkIn("1", "127.0.0.3", 11, true)),
        List.of(), List.of(), List.of());
    assertThat(result.passed()).isTrue();
  }

  @Test
  void failsWhenEveryProcessIsOnOneHost() {
    var result = Preflight.judge(List.of(checkIn("0", "127.0.0.2", 10, true), checkIn("1", "127.0.0.2", 11, true)),
        List.of(), List.of(), List.of());
    assertThat(result.passed()).isFalse();
    assertThat(result.message()).contains("at least 2 distinct hosts");
  }

  @Test
  void failsWhenAnExecutorCannotSeeTheSharedFilesystem() {
    var result = Preflight.judge(List.of(checkIn("0", "127.0.0.2", 10, true), checkIn("1", "127.0.0.3", 11, false)),
        List.of(), List.of(), List.of());
    assertThat(result.passed()).isFalse();
    assertThat(result.message()).contains("executor 1 on 127.0.0.3 could not read the driver's challenge");
  }
}
