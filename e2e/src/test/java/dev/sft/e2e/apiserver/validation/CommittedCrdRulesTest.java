package dev.sft.e2e.apiserver.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the committed CRD (crds/ and the chart's copy), run by the stand-in's validation against the valid
 * example and against an object that breaks it: each CEL rule with its own message, and the schema's bounds, enums,
 * patterns, required fields, defaults and unknown fields with Kubernetes' wording. A rule added to the CRD without a
 * case here fails {@link #everyCelRuleOfTheCrdHasACaseHere}.
 */
class CommittedCrdRulesTest {

  private static final Path ROOT = repositoryRoot();
  private static final String COLLECTION = "/apis/sft.dev/v1alpha1/namespaces/ns/schedulerfailuretests";

  /** The object that breaks each CEL rule, by the rule's message, and the error line the API server gives. */
  private static final Map<String, Case> CEL_CASES = new LinkedHashMap<>();

  private record Case(Consumer<ObjectNode> breakIt, String error) {
  }

  static {
    rule("metadata.name must be a lower-case DNS-1035 label", o -> name(o, "1-nightly"));
    rule("metadata.name must be at most 45 characters", o -> name(o, "n".repeat(46)));
    rule("unknown scenario name", o -> spec(o).putArray("scenarios").add("nope"));
    rule("a scenario is listed twice",
        o -> spec(o).putArray("scenarios").add("speculation-original-wins").add("speculation-original-wins"));
    rule("unknown operation", o -> spec(o).putArray("operations").add("upsert"));
    rule("an operation is listed twice", o -> spec(o).putArray("operations").add("append").add("append"));
    rule("unknown pin", o -> spec(o).putArray("pin").add("nope"));
    rule("a pin is listed twice",
        o -> spec(o).putArray("pin").add("loser-abort-interrupted").add("loser-abort-interrupted"));
    rule("access modes must be ReadWriteMany or ReadWriteOnce",
        o -> claim(o).putArray("accessModes").add("ReadOnlyMany"));
    rule("an access mode is listed twice",
        o -> claim(o).putArray("accessModes").add("ReadWriteOnce").add("ReadWriteOnce"));
    rule("exactly one of existingClaim or claimTemplate must be set",
        o -> ((ObjectNode) spec(o).get("storage")).put("existingClaim", "shared"));
  }

  private static void rule(String messageStart, Consumer<ObjectNode> breakIt) {
    CEL_CASES.put(messageStart, new Case(breakIt, null));
  }

  static Stream<Path> crds() {
    return Stream.of(ROOT.resolve("crds/schedulerfailuretests.sft.dev-v1.yml"),
        ROOT.resolve("charts/sft-operator/crds/schedulerfailuretests.sft.dev-v1.yml"));
  }

  @ParameterizedTest
  @MethodSource("crds")
  void theExampleIsValidWithTheSchemaDefaults(Path crd) throws Exception {
    Validated validated = validation(crd).validate(COLLECTION + "?fieldValidation=Strict", example(), null);
    JsonNode spec = validated.object().path("spec");
    assertThat(validated.warnings()).isEmpty();
    assertThat(spec.path("repeat").asInt()).isEqualTo(1);
    assertThat(spec.path("spark").path("workers").asInt()).isEqualTo(2);
    assertThat(spec.path("spark").path("memory").asText()).isEqualTo("2g");
    assertThat(spec.path("harness").path("timeoutSeconds").asInt()).isEqualTo(180);
    assertThat(spec.path("harness").path("interruptOnCancel").isBoolean()).isTrue();
    assertThat(spec.has("cleanup")).as("no default for an absent object, only inside one").isFalse();

    ObjectNode lists = example();
    spec(lists).putArray("scenarios").add("speculation-original-wins").add("executor-loss-after-handoff");
    spec(lists).putArray("operations").add("append").add("merge-dv-partitioned");
    claim(lists).putArray("accessModes").add("ReadWriteOnce").add("ReadWriteMany");
    spec(lists).putObject("cleanup").put("onSuccess", "Retain");
    // A comparison under a pin: no rule refuses the two together.
    spec(lists).putArray("pin").add("loser-abort-interrupted");
    spec(lists).putObject("compare").putObject("baseline").put("sparkImage", "registry.example/sft:1.11")
        .put("harnessImage", "registry.example/sft:1.11");
    name(lists, "n" + "x".repeat(43) + "1");
    Validated full = validation(crd).validate(COLLECTION + "?fieldValidation=Strict", lists, null);
    assertThat(full.object().at("/spec/cleanup/onFailure").asText()).as("defaults inside a given object")
        .isEqualTo("Retain");
  }

  @ParameterizedTest
  @MethodSource("crds")
  void everyCelRuleOfTheCrdHasACaseHere(Path crd) throws Exception {
    TreeSet<String> messages = new TreeSet<>();
    collectRuleMessages(readCrd(crd), messages);
    assertThat(messages).hasSize(CEL_CASES.size());
    for (String message : messages) {
      assertThat(CEL_CASES.keySet()).as("a case for the rule \"" + message + "\"")
          .anyMatch(message::startsWith);
    }
  }

  @ParameterizedTest
  @MethodSource("crds")
  void eachCelRuleRefusesWhatBreaksItWithItsOwnMessage(Path crd) throws Exception {
    RequestValidation validation = validation(crd);
    for (Map.Entry<String, Case> entry : CEL_CASES.entrySet()) {
      ObjectNode object = example();
      entry.getValue().breakIt().accept(object);
      assertThatThrownBy(() -> validation.validate(COLLECTION, object, null))
          .as(entry.getKey()).isInstanceOf(RequestRefused.class)
          .satisfies(e -> {
            RequestRefused refused = (RequestRefused) e;
            assertThat(refused.code()).isEqualTo(422);
            assertThat(refused.getMessage()).contains("\" is invalid: ").contains(": Invalid value: \"")
                .contains(entry.getKey());
            assertThat(Serialization.jsonMapper().readTree(refused.statusJson()).path("details").path("causes")
                .findValuesAsText("message")).anyMatch(m -> m.contains(entry.getKey()));
          });
    }
  }

  @ParameterizedTest
  @MethodSource("crds")
  void theNameRulesGiveTheApiServersWording(Path crd) throws Exception {
    ObjectNode dotted = example();
    name(dotted, "a.b");
    assertThatThrownBy(() -> validation(crd).validate(COLLECTION, dotted, null))
        .hasMessage("SchedulerFailureTest.sft.dev \"a.b\" is invalid: <nil>: Invalid value: \"object\": "
            + "metadata.name must be a lower-case DNS-1035 label (a letter first, then lower-case letters, digits "
            + "and '-', ending with a letter or digit, no '.'): the test's Services are named after it");
    ObjectNode upper = example();
    name(upper, "Nightly");
    assertThatThrownBy(() -> validation(crd).validate(COLLECTION, upper, null))
        .as("the API server's own DNS-1123 subdomain check comes first")
        .hasMessageStartingWith("SchedulerFailureTest.sft.dev \"Nightly\" is invalid: [metadata.name: Invalid value: "
            + "\"Nightly\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
            + "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
            + "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), <nil>: Invalid "
            + "value: \"object\": metadata.name must be a lower-case DNS-1035 label");
  }

  @ParameterizedTest
  @MethodSource("crds")
  void schemaViolationsAreWordedAsKubernetesWordsThem(Path crd) throws Exception {
    RequestValidation validation = validation(crd);
    Map<Consumer<ObjectNode>, String> cases = new LinkedHashMap<>();
    cases.put(o -> spec(o).put("repeat", 0),
        "spec.repeat: Invalid value: 0: spec.repeat in body should be greater than or equal to 1");
    cases.put(o -> spec(o).put("repeat", 101),
        "spec.repeat: Invalid value: 101: spec.repeat in body should be less than or equal to 100");
    cases.put(o -> spec(o).remove("spark"), "spec.spark: Required value");
    cases.put(o -> spec(o).putObject("cleanup").put("onSuccess", "Never"),
        "spec.cleanup.onSuccess: Unsupported value: \"Never\": supported values: \"DeleteAll\", \"DeleteCluster\", "
            + "\"Retain\"");
    cases.put(o -> ((ObjectNode) spec(o).get("spark")).put("image", "a b"),
        "spec.spark.image: Invalid value: \"a b\": spec.spark.image in body should match '^\\S+$'");
    cases.put(o -> {
      ArrayNode six = spec(o).putArray("scenarios");
      for (int i = 0; i < 6; i++) {
        six.add("speculation-original-wins");
      }
    }, "spec.scenarios: Too many: 6: must have at most 5 items");
    cases.put(o -> spec(o).putArray("scenarios"),
        "spec.scenarios: Invalid value: 0: spec.scenarios in body should have at least 1 items");
    cases.put(o -> spec(o).putArray("scenarios").add("x".repeat(31)),
        "spec.scenarios[0]: Too long: may not be more than 30 bytes");
    cases.put(o -> spec(o).put("repeat", "two"),
        "spec.repeat: Invalid value: \"string\": spec.repeat in body must be of type integer: \"string\"");
    for (Map.Entry<Consumer<ObjectNode>, String> entry : cases.entrySet()) {
      ObjectNode object = example();
      entry.getKey().accept(object);
      assertThatThrownBy(() -> validation.validate(COLLECTION, object, null))
          .isInstanceOf(RequestRefused.class)
          .hasMessageStartingWith("SchedulerFailureTest.sft.dev \"minimal\" is invalid: ")
          .hasMessageContaining(entry.getValue());
    }
    ObjectNode wrongType = example();
    spec(wrongType).put("repeat", "two");
    spec(wrongType).putArray("scenarios").add("nope");
    assertThatThrownBy(() -> validation.validate(COLLECTION, wrongType, null))
        .as("a type error stops the CEL rules, as Kubernetes does")
        .hasMessageContaining("some validation rules were not checked because the object was invalid")
        .hasMessageNotContaining("unknown scenario name");
  }

  @ParameterizedTest
  @MethodSource("crds")
  void unknownFieldsAreRefusedUnderStrictAndDroppedOtherwise(Path crd) throws Exception {
    RequestValidation validation = validation(crd);
    ObjectNode strict = example();
    spec(strict).put("repeats", 2);
    ((ObjectNode) spec(strict).get("spark")).put("cpus", 2);
    assertThatThrownBy(() -> validation.validate(COLLECTION + "?fieldManager=kubectl&fieldValidation=Strict", strict,
        null))
        .isInstanceOf(RequestRefused.class)
        .hasMessage("SchedulerFailureTest in version \"v1alpha1\" cannot be handled as a SchedulerFailureTest: strict "
            + "decoding error: unknown field \"spec.repeats\", unknown field \"spec.spark.cpus\"")
        .satisfies(e -> assertThat(((RequestRefused) e).code()).isEqualTo(400));

    ObjectNode warned = example();
    spec(warned).put("repeats", 2);
    Validated validated = validation.validate(COLLECTION, warned, null);
    assertThat(validated.warnings()).containsExactly("299 - \"unknown field \\\"spec.repeats\\\"\"");
    assertThat(validated.object().path("spec").has("repeats")).isFalse();

    ObjectNode ignored = example();
    spec(ignored).put("repeats", 2);
    Validated quiet = validation.validate(COLLECTION + "?fieldValidation=Ignore", ignored, null);
    assertThat(quiet.warnings()).isEmpty();
    assertThat(quiet.object().path("spec").has("repeats")).isFalse();
  }

  static RequestValidation validation(Path crd) throws Exception {
    JsonNode definition = readCrd(crd);
    return new RequestValidation(new ResourceCatalog(() -> List.of(definition)));
  }

  static JsonNode readCrd(Path crd) throws Exception {
    return Serialization.jsonMapper().readTree(new YAMLMapper().readTree(Files.readString(crd)).toString());
  }

  private static void collectRuleMessages(JsonNode node, TreeSet<String> messages) {
    if (node.isObject()) {
      node.path("x-kubernetes-validations").forEach(rule -> messages.add(rule.path("message").asText()));
      node.forEach(child -> collectRuleMessages(child, messages));
    } else if (node.isArray()) {
      node.forEach(child -> collectRuleMessages(child, messages));
    }
  }

  /** examples/minimal.yaml as JSON, in the namespace the collection path names. */
  static ObjectNode example() throws Exception {
    ObjectNode object = (ObjectNode) Serialization.jsonMapper().readTree(new YAMLMapper()
        .readTree(Files.readString(ROOT.resolve("examples/minimal.yaml"))).toString());
    ((ObjectNode) object.get("metadata")).put("namespace", "ns");
    return object;
  }

  private static ObjectNode spec(ObjectNode object) {
    return (ObjectNode) object.get("spec");
  }

  private static ObjectNode claim(ObjectNode object) {
    return (ObjectNode) spec(object).get("storage").get("claimTemplate");
  }

  private static void name(ObjectNode object, String name) {
    ((ObjectNode) object.get("metadata")).put("name", name);
  }

  static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("crds"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("run from inside the repository: no crds/ folder above " + Path.of("")
          .toAbsolutePath());
    }
    return dir;
  }

}
