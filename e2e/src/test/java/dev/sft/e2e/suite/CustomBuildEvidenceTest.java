package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The custom-build check fails whenever one process of the run loaded another Iceberg runtime than the build's. */
class CustomBuildEvidenceTest {
  private static final String RELEASED_FILE = "/opt/spark/jars/iceberg-spark-runtime-4.1_2.13-1.11.0.jar";
  private static final String CUSTOM_FILE = "/opt/spark/jars/iceberg-spark-runtime-4.1_2.13-1.11.0-sft-e2e-repack.jar";
  private static final String RELEASED_SHA = "d".repeat(64);
  private static final String CUSTOM_SHA = "c".repeat(64);

  /** A report's jars as the harness writes them: the driver's file and SHA-256, the executors' files. */
  private static JsonNode report(String driverFile, String driverSha, String executorFile1, String executorFile2) {
    return Kubectl.parse("""
        {"jars":[{"role":"spark-core","className":"org.apache.spark.SparkContext","sha256":"%s","file":"/x.jar",
                  "executors":[]},
                 {"role":"iceberg-spark-runtime","className":"org.apache.iceberg.spark.SparkCatalog",
                  "sha256":"%s","file":"%s","underTest":false,
                  "executors":[{"process":"0@127.0.100.16/41","file":"%s","sha256":""},
                               {"process":"1@127.0.100.18/42","file":"%s","sha256":""}]}]}
        """.formatted("a".repeat(64), driverSha, driverFile, executorFile1, executorFile2));
  }

  private static JsonNode released() {
    return CustomBuildEvidence.icebergRuntime(report(RELEASED_FILE, RELEASED_SHA, RELEASED_FILE, RELEASED_FILE),
        "released image");
  }

  @Test
  void theCustomBuildOnEveryProcessPasses() {
    assertThatCode(() -> CustomBuildEvidence.assertOnlyTheCustomBuildRan(
        report(CUSTOM_FILE, CUSTOM_SHA, CUSTOM_FILE, CUSTOM_FILE), CUSTOM_SHA, released())).doesNotThrowAnyException();
  }

  @Test
  void theReleasedJarOnTheDriverFails() {
    // spec.spark.image changed, spec.harness.image not.
    assertThatThrownBy(() -> CustomBuildEvidence.assertOnlyTheCustomBuildRan(
        report(RELEASED_FILE, RELEASED_SHA, CUSTOM_FILE, CUSTOM_FILE), CUSTOM_SHA, released()))
        .isInstanceOf(AssertionError.class).hasMessageContaining(CUSTOM_SHA);
  }

  @Test
  void theReleasedJarOnOneExecutorFails() {
    // spec.harness.image changed, one worker still on the released image.
    assertThatThrownBy(() -> CustomBuildEvidence.assertOnlyTheCustomBuildRan(
        report(CUSTOM_FILE, CUSTOM_SHA, CUSTOM_FILE, RELEASED_FILE), CUSTOM_SHA, released()))
        .isInstanceOf(AssertionError.class).hasMessageContaining("1@127.0.100.18/42");
  }

  @Test
  void anotherBuildThanTheExpectedOneFails() {
    assertThatThrownBy(() -> CustomBuildEvidence.assertOnlyTheCustomBuildRan(
        report(CUSTOM_FILE, "e".repeat(64), CUSTOM_FILE, CUSTOM_FILE), CUSTOM_SHA, released()))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void executorsOnOneHostOnlyAreNotEnoughEvidence() {
    JsonNode oneHost = Kubectl.parse(report(CUSTOM_FILE, CUSTOM_SHA, CUSTOM_FILE, CUSTOM_FILE).toString()
        .replace("127.0.100.18", "127.0.100.16"));
    assertThatThrownBy(() -> CustomBuildEvidence.assertOnlyTheCustomBuildRan(oneHost, CUSTOM_SHA, released()))
        .isInstanceOf(AssertionError.class).hasMessageContaining("hosts");
  }
}
