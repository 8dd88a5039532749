package dev.sft.controller.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.validate.SpecValidator;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every resource in {@code examples/} passes the controller's own validation (the rules the CRD's schema cannot
 * express, e.g. reserved mount paths and the name length). The CRD schema side, including unknown fields the API
 * server would silently prune, is checked by {@code charts/test/validate.mjs}.
 */
class ExamplesTest {
  static final Path EXAMPLES = Path.of("..", "examples");
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  static List<Path> examples() throws IOException {
    // examples/*.yaml and one level of subfolders (examples/custom-build/test.yaml), as charts/test/run.sh checks.
    try (Stream<Path> files = Files.walk(EXAMPLES, 2)) {
      List<Path> yaml = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
      // minimal, full, existing claim, upstream suite, custom build: an empty folder must not pass as "all valid".
      assertThat(yaml).as("examples in " + EXAMPLES.toAbsolutePath()).hasSizeGreaterThanOrEqualTo(5);
      return yaml;
    }
  }

  @ParameterizedTest
  @MethodSource("examples")
  void passesTheControllersValidation(Path example) throws IOException {
    SchedulerFailureTest test = SERIALIZATION.unmarshal(Files.readString(example), SchedulerFailureTest.class);
    assertThat(test.getApiVersion()).isEqualTo(SchedulerFailureTest.GROUP + "/" + SchedulerFailureTest.VERSION);
    assertThat(test.getKind()).isEqualTo("SchedulerFailureTest");
    assertThat(SpecValidator.validate(test)).as(example.getFileName().toString()).isEmpty();
  }

  /**
   * The minimal example reaches Succeeded on the sft image's Iceberg for the same reason sft local passes: it
   * acknowledges exactly the findings the harness ships for that Iceberg ({@code examples/known-findings.json}).
   */
  @org.junit.jupiter.api.Test
  void theMinimalExampleAcknowledgesExactlyTheShippedKnownFindings() throws IOException {
    SchedulerFailureTest minimal = SERIALIZATION.unmarshal(Files.readString(EXAMPLES.resolve("minimal.yaml")),
        SchedulerFailureTest.class);
    Path shipped = EXAMPLES.resolve("known-findings.json");

    assertThat(minimal.getSpec().knownFindings.stream()
        .map(dev.sft.api.SchedulerFailureTestSpec.KnownFindingSpec::toContract).toList())
        .isEqualTo(dev.sft.contract.KnownFindings.parse(Files.readString(shipped), shipped.toString()).entries());
  }
}
