package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Optional;

/**
 * One node of a CRD's structural {@code openAPIV3Schema}, with the Kubernetes extensions read as Kubernetes reads
 * them. A structural schema declares a type at every level (except under {@code x-kubernetes-int-or-string} or
 * {@code x-kubernetes-preserve-unknown-fields}), so the walks in this package can follow it beside the value.
 */
record StructuralSchema(JsonNode node) {

  static final StructuralSchema ANYTHING = new StructuralSchema(MissingNode.getInstance());

  String type() {
    return node.path("type").asText("");
  }

  boolean nullable() {
    return node.path("nullable").asBoolean(false);
  }

  boolean intOrString() {
    return node.path("x-kubernetes-int-or-string").asBoolean(false);
  }

  boolean preservesUnknownFields() {
    return node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
  }

  boolean embeddedResource() {
    return node.path("x-kubernetes-embedded-resource").asBoolean(false);
  }

  /** The schema of property {@code name}, if declared. */
  Optional<StructuralSchema> property(String name) {
    JsonNode property = node.path("properties").get(name);
    return property == null ? Optional.empty() : Optional.of(new StructuralSchema(property));
  }

  boolean hasProperties() {
    return node.path("properties").isObject() && node.path("properties").size() > 0;
  }

  /** The schema of a map's values ({@code additionalProperties} as a schema, or {@code true}). */
  Optional<StructuralSchema> additionalProperties() {
    JsonNode additional = node.get("additionalProperties");
    if (additional == null || additional.isBoolean() && !additional.asBoolean()) {
      return Optional.empty();
    }
    return Optional.of(additional.isObject() ? new StructuralSchema(additional) : ANYTHING);
  }

  Optional<StructuralSchema> items() {
    JsonNode items = node.get("items");
    return items == null || !items.isObject() ? Optional.empty() : Optional.of(new StructuralSchema(items));
  }

  JsonNode validations() {
    return node.path("x-kubernetes-validations");
  }

  /** The field path of a property below {@code path} ("" is the object itself). */
  static String child(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  static String index(String path, int i) {
    return path + "[" + i + "]";
  }
}
