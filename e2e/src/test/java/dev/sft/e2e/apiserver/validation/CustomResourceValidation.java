package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A custom resource checked against the stored CRD's schema for the version it is written in, in the API server's
 * order: unknown fields pruned (refused under {@code fieldValidation=Strict}, a warning each under {@code Warn}), null
 * values of non-nullable fields dropped and defaults applied, then the schema's value validations and, unless a type
 * error makes them meaningless, every {@code x-kubernetes-validations} rule.
 */
final class CustomResourceValidation {

  private final String kind;
  private final String version;
  private final StructuralSchema schema;

  private CustomResourceValidation(String kind, String version, StructuralSchema schema) {
    this.kind = kind;
    this.version = version;
    this.schema = schema;
  }

  /** The validation of {@code version} of {@code crd}; empty when that version declares no schema. */
  static Optional<CustomResourceValidation> of(JsonNode crd, String version) {
    for (JsonNode served : crd.path("spec").path("versions")) {
      JsonNode schema = served.path("schema").path("openAPIV3Schema");
      if (served.path("name").asText().equals(version) && schema.isObject()) {
        return Optional.of(new CustomResourceValidation(crd.path("spec").path("names").path("kind").asText(),
            version, new StructuralSchema(schema)));
      }
    }
    return Optional.empty();
  }

  /**
   * Prunes and defaults {@code object} in place and returns the warnings; adds the validation errors to
   * {@code errors}. Throws {@link RequestRefused} (400) for unknown fields under Strict.
   */
  List<String> validate(ObjectNode object, JsonNode old, FieldValidation mode, List<FieldError> errors) {
    List<String> unknown = StructuralPruning.prune(schema, object);
    List<String> warnings = new ArrayList<>();
    if (!unknown.isEmpty() && mode == FieldValidation.STRICT) {
      throw RequestRefused.badRequest(kind + " in version \"" + version + "\" cannot be handled as a " + kind
          + ": strict decoding error: " + String.join(", ", unknown.stream()
          .map(field -> "unknown field \"" + field + "\"").toList()));
    }
    if (mode == FieldValidation.WARN) {
      unknown.forEach(field -> warnings.add("299 - \"unknown field \\\"" + field + "\\\"\""));
    }
    StructuralDefaulting.apply(schema, object);
    List<FieldError> schemaErrors = OpenApiSchemaCheck.of(schema).validate(object);
    errors.addAll(schemaErrors);
    errors.addAll(ListTypeCheck.validate(schema, object));
    if (schemaErrors.stream().anyMatch(e -> e.type() == FieldError.Type.TYPE_INVALID)) {
      // as Kubernetes: CEL rules are not run over values of the wrong type
      errors.add(FieldError.invalid(FieldError.ROOT, com.fasterxml.jackson.databind.node.NullNode.getInstance(),
          "some validation rules were not checked because the object was invalid; correct the existing errors to "
              + "complete validation"));
    } else {
      try {
        errors.addAll(CelRuleCheck.validate(schema, object, old));
      } catch (CelRuleCheck.RuleNotEvaluable e) {
        throw RequestRefused.internal(e.getMessage());
      }
    }
    return warnings;
  }
}
