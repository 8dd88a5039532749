package dev.sft.e2e.suite;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

/**
 * The SchedulerFailureTests the suite applies: the shipped examples, with only what must differ here changed (the
 * images just built, and the storage class when the target cluster needs its own).
 */
final class TestResources {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private final E2eSettings settings;

  TestResources(E2eSettings settings) {
    this.settings = settings;
  }

  /**
   * examples/minimal.yaml, pointed at the images just built, acknowledging the findings sft reports on Iceberg 1.11
   * (examples/known-findings.json, whose entries are {@code spec.knownFindings} entries): a cell that shows one is
   * Known, and the run still Succeeds.
   */
  ObjectNode minimal(String name) {
    ObjectNode test;
    try {
      test = (ObjectNode) YAML.readTree(Files.readString(settings.repository().resolve("examples/minimal.yaml")));
    } catch (IOException e) {
      throw new AssertionError("cannot read examples/minimal.yaml", e);
    }
    ((ObjectNode) test.get("metadata")).put("name", name);
    ObjectNode spec = (ObjectNode) test.get("spec");
    try {
      spec.set("knownFindings",
          YAML.readTree(Files.readString(settings.repository().resolve("examples/known-findings.json"))));
    } catch (IOException e) {
      throw new AssertionError("cannot read examples/known-findings.json", e);
    }
    ((ObjectNode) spec.get("spark")).put("image", settings.sparkImage());
    ((ObjectNode) spec.get("harness")).put("image", settings.sparkImage());
    String storageClass = System.getProperty("sft.e2e.storageClass", "");
    if (!storageClass.isBlank()) {
      ((ObjectNode) spec.with("storage").with("claimTemplate")).put("storageClassName", storageClass);
    }
    return test;
  }

  /** {@link #minimal} running one scenario only, to keep a step short. */
  ObjectNode minimal(String name, dev.sft.contract.ScenarioName scenario) {
    ObjectNode test = minimal(name);
    ((ObjectNode) test.get("spec")).putArray("scenarios").add(scenario.id());
    return test;
  }

  /** A test whose harness exits non-zero at once, on a cluster that comes up normally. */
  ObjectNode failing(String name, List<String> scenarios, String command) {
    ObjectNode test = minimal(name);
    ObjectNode spec = (ObjectNode) test.get("spec");
    ArrayNode list = spec.putArray("scenarios");
    scenarios.forEach(list::add);
    ArrayNode harnessCommand = ((ObjectNode) spec.get("harness")).putArray("command");
    List.of("sh", "-c", command).forEach(harnessCommand::add);
    return test;
  }

  static String json(ObjectNode node) {
    return node.toPrettyString();
  }

  /** A Namespace manifest: kubectl's typed "create namespace" speaks protobuf, apply -f speaks JSON. */
  static String namespace(String name) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}";
  }
}
