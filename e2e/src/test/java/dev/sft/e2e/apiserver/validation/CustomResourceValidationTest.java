package dev.sft.e2e.apiserver.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes-only parts of CRD validation, on a small CRD made for them: transition rules with oldSelf,
 * messageExpression, fieldPath and reason, nullable, int-or-string, preserve-unknown-fields, embedded resources,
 * formats, list-type set and map uniqueness, evaluation errors, and a rule using a Kubernetes CEL library function
 * the stand-in does not implement (refused, never passed).
 */
class CustomResourceValidationTest {

  private static final String PATH = "/apis/example.dev/v1/namespaces/ns/widgets";

  private static final String SCHEMA = """
      type: object
      properties:
        spec:
          type: object
          x-kubernetes-validations:
          - rule: "self.size == oldSelf.size"
            message: size is immutable
          - rule: "!has(self.limit) || self.limit >= self.size"
            messageExpression: "'limit ' + string(self.limit) + ' is below size ' + string(self.size)"
            fieldPath: .limit
          - rule: "!has(self.owner) || self.owner != 'root'"
            message: root may not own a widget
            reason: FieldValueForbidden
          properties:
            size: {type: integer}
            limit: {type: integer}
            owner: {type: string, nullable: true}
            port:
              x-kubernetes-int-or-string: true
            since: {type: string, format: date-time}
            extra:
              type: object
              x-kubernetes-preserve-unknown-fields: true
            template:
              type: object
              x-kubernetes-embedded-resource: true
              properties:
                spec: {type: object, properties: {replicas: {type: integer}}}
            labels:
              type: object
              additionalProperties: {type: string, maxLength: 5}
            modes:
              type: array
              x-kubernetes-list-type: set
              items: {type: string}
            ports:
              type: array
              x-kubernetes-list-type: map
              x-kubernetes-list-map-keys: [name]
              items: {type: object, properties: {name: {type: string}, port: {type: integer}}}
      """;

  @Test
  void aTransitionRuleIsSkippedOnCreateAndComparesWithTheOldObjectOnUpdate() throws Exception {
    RequestValidation validation = validation(SCHEMA);
    ObjectNode created = widget("{\"size\":1}");
    assertThat(validation.validate(PATH, created, null).warnings()).isEmpty();
    ObjectNode grown = widget("{\"size\":2}");
    assertThatThrownBy(() -> validation.validate(PATH + "/w", grown, created))
        .hasMessage("Widget.example.dev \"w\" is invalid: spec: Invalid value: \"object\": size is immutable");
    assertThat(validation.validate(PATH + "/w", widget("{\"size\":1,\"limit\":3}"), created).warnings()).isEmpty();
  }

  @Test
  void messageExpressionFieldPathAndReasonShapeTheError() throws Exception {
    RequestValidation validation = validation(SCHEMA);
    assertThatThrownBy(() -> validation.validate(PATH, widget("{\"size\":4,\"limit\":3}"), null))
        .hasMessage("Widget.example.dev \"w\" is invalid: spec.limit: Invalid value: \"object\": limit 3 is below "
            + "size 4");
    assertThatThrownBy(() -> validation.validate(PATH, widget("{\"size\":1,\"owner\":\"root\"}"), null))
        .hasMessage("Widget.example.dev \"w\" is invalid: spec: Forbidden: root may not own a widget")
        .satisfies(e -> assertThat(Serialization.jsonMapper().readTree(((RequestRefused) e).statusJson())
            .at("/details/causes/0/reason").asText()).isEqualTo("FieldValueForbidden"));
  }

  @Test
  void aRuleThatFailsToEvaluateIsAnInvalidValueNamingTheRule() throws Exception {
    String absentKey = """
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer}
            x-kubernetes-validations:
            - rule: "self.size > 0"
              message: size must be positive
        """;
    assertThatThrownBy(() -> validation(absentKey).validate(PATH, widget("{}"), null))
        .hasMessage("Widget.example.dev \"w\" is invalid: spec: Invalid value: \"object\": no such key: size "
            + "evaluating rule: size must be positive");
  }

  @Test
  void nullableIntOrStringPreserveUnknownEmbeddedAndFormats() throws Exception {
    RequestValidation validation = validation(SCHEMA);
    Validated ok = validation.validate(PATH, widget("{\"size\":1,\"owner\":null,\"port\":\"http\",\"extra\":{\"any\":"
        + "{\"thing\":1}},\"template\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},"
        + "\"spec\":{\"replicas\":1,\"unknown\":true}},\"since\":\"2026-12-02T07:00:00Z\"}"), null);
    JsonNode spec = ok.object().path("spec");
    assertThat(spec.has("owner")).as("null kept where nullable").isTrue();
    assertThat(spec.path("extra").path("any").path("thing").asInt()).isEqualTo(1);
    assertThat(spec.path("template").path("spec").has("unknown")).as("pruned inside the embedded resource")
        .isFalse();
    assertThat(ok.warnings()).containsExactly("299 - \"unknown field \\\"spec.template.spec.unknown\\\"\"");

    List<String> errors = new ArrayList<>();
    for (String bad : List.of("{\"size\":1,\"port\":1.5}", "{\"size\":1,\"since\":\"yesterday\"}",
        "{\"size\":1,\"template\":{\"metadata\":{}}}", "{\"size\":1,\"labels\":{\"a\":\"toolong\"}}",
        "{\"size\":1,\"modes\":[\"a\",\"b\",\"a\"],\"ports\":[{\"name\":\"http\",\"port\":1},"
            + "{\"name\":\"http\",\"port\":2}]}")) {
      try {
        validation.validate(PATH, widget(bad), null);
        errors.add("admitted " + bad);
      } catch (RequestRefused e) {
        errors.add(e.getMessage().substring(e.getMessage().indexOf("is invalid: ") + 12));
      }
    }
    assertThat(errors).containsExactly(
        "[spec.port: Invalid value: \"number\": spec.port in body must be of type integer,string: \"number\", <nil>: "
            + "Invalid value: null: some validation rules were not checked because the object was invalid; correct "
            + "the existing errors to complete validation]",
        "[spec.since: Invalid value: \"yesterday\": spec.since in body must be of type date-time: \"yesterday\", "
            + "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; "
            + "correct the existing errors to complete validation]",
        "[spec.template.apiVersion: Required value, spec.template.kind: Required value]",
        "spec.labels.a: Too long: may not be more than 5 bytes",
        "[spec.modes[2]: Duplicate value: \"a\", spec.ports[1]: Duplicate value: map[string]interface "
            + "{}{\"name\":\"http\"}]");
  }

  @Test
  void aRuleUsingAFunctionTheStandInLacksIsRefusedNeverPassed() throws Exception {
    String sorted = """
        type: object
        properties:
          spec:
            type: object
            properties:
              versions: {type: array, maxItems: 5, items: {type: string, maxLength: 5}}
            x-kubernetes-validations:
            - rule: "self.versions.isSorted()"
              message: versions must be sorted
        """;
    JsonNode crd = crd(sorted);
    RequestValidation crdValidation = new RequestValidation(new ResourceCatalog(List::of));
    assertThatThrownBy(() -> crdValidation.validate("/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
        (ObjectNode) crd.deepCopy(), null))
        .isInstanceOf(RequestRefused.class)
        .hasMessageContaining("CustomResourceDefinition.apiextensions.k8s.io \"widgets.example.dev\" is invalid: "
            + "spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule")
        .hasMessageContaining("isSorted");
    // had it been stored anyway, no write of its resources passes unchecked
    RequestValidation validation = new RequestValidation(new ResourceCatalog(() -> List.of(crd)));
    assertThatThrownBy(() -> validation.validate(PATH, widget("{\"versions\":[\"b\",\"a\"]}"), null))
        .isInstanceOf(RequestRefused.class)
        .satisfies(e -> assertThat(((RequestRefused) e).code()).isEqualTo(500))
        .hasMessageContaining("cannot compile").hasMessageContaining("isSorted");
  }

  @Test
  void theCommittedCrdIsValidAsACrd() throws Exception {
    JsonNode crd = CommittedCrdRulesTest.readCrd(CommittedCrdRulesTest.repositoryRoot()
        .resolve("crds/schedulerfailuretests.sft.dev-v1.yml"));
    RequestValidation validation = new RequestValidation(new ResourceCatalog(List::of));
    assertThat(validation.validate("/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
        (ObjectNode) crd.deepCopy(), null).warnings()).isEmpty();
  }

  private static RequestValidation validation(String schema) throws Exception {
    JsonNode crd = crd(schema);
    return new RequestValidation(new ResourceCatalog(() -> List.of(crd)));
  }

  private static JsonNode crd(String schema) throws Exception {
    ObjectNode crd = (ObjectNode) Serialization.jsonMapper().readTree("""
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"widgets.example.dev"},
         "spec":{"group":"example.dev","scope":"Namespaced",
                 "names":{"plural":"widgets","singular":"widget","kind":"Widget"},
                 "versions":[{"name":"v1","served":true,"storage":true,"schema":{}}]}}""");
    JsonNode openApi = Serialization.jsonMapper().readTree(new YAMLMapper().readTree(schema).toString());
    ((ObjectNode) crd.at("/spec/versions/0/schema")).set("openAPIV3Schema", openApi);
    return crd;
  }

  private static ObjectNode widget(String spec) throws Exception {
    return (ObjectNode) Serialization.jsonMapper().readTree("{\"apiVersion\":\"example.dev/v1\",\"kind\":\"Widget\","
        + "\"metadata\":{\"name\":\"w\",\"namespace\":\"ns\"},\"spec\":" + spec + "}");
  }
}
