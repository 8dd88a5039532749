package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run's report says about the Iceberg Spark runtime that ran ({@code report.json} {@code jars}, from the
 * harness's proof of which file each process loaded {@code SparkCatalog} from): on the released image, and on the
 * custom build the suite rolls a test to. The driver hashes the file it loaded; executors name the file (they hash
 * only jars given with {@code --jar}, and the image route gives none), and each runs in a worker pod of the image.
 */
final class CustomBuildEvidence {
  static final String ICEBERG_ROLE = "iceberg-spark-runtime";

  private CustomBuildEvidence() {}

  /** The report's Iceberg runtime entry: exactly one, seen by the driver and by executors on two or more hosts. */
  static JsonNode icebergRuntime(JsonNode report, String what) {
    List<JsonNode> entries = new ArrayList<>();
    report.path("jars").forEach(j -> {
      if (ICEBERG_ROLE.equals(j.path("role").asText())) {
        entries.add(j);
      }
    });
    assertThat(entries).as("%s: one %s entry in jars %s", what, ICEBERG_ROLE, report.path("jars")).hasSize(1);
    JsonNode jar = entries.get(0);
    assertThat(jar.path("sha256").asText()).as("%s: the SHA-256 of the driver's file", what).matches("[0-9a-f]{64}");
    Set<String> hosts = new TreeSet<>();
    jar.path("executors").forEach(e -> hosts.add(e.path("process").asText().replaceAll("^[^@]*@|/.*$", "")));
    assertThat(hosts).as("%s: hosts of the executors that said where they loaded it from: %s", what, jar)
        .hasSizeGreaterThanOrEqualTo(2);
    return jar;
  }

  /**
   * Exactly the custom build's jar ran, and the released one did not: the driver loaded a file of the expected
   * SHA-256, not the released one's, and every executor loaded that same file (the path in the custom image), not
   * the released jar's.
   */
  static void assertOnlyTheCustomBuildRan(JsonNode report, String expectedSha256, JsonNode released) {
    JsonNode custom = icebergRuntime(report, "custom build");
    assertThat(released.path("sha256").asText()).as("the released jar's SHA-256 (the run on the released image)")
        .isNotEqualTo(expectedSha256);
    assertThat(custom.path("sha256").asText()).as("the SHA-256 of the Iceberg runtime the driver loaded: %s", custom)
        .isEqualTo(expectedSha256);
    assertThat(custom.path("file").asText()).as("the custom build's jar has a file name of its own")
        .isNotEqualTo(released.path("file").asText()).startsWith("/opt/spark/jars/");
    assertThat(custom.path("executors")).as("every executor: %s", custom).allSatisfy(e ->
        assertThat(e.path("file").asText()).as("the file executor %s loaded", e.path("process").asText())
            .isEqualTo(custom.path("file").asText()));
  }
}
