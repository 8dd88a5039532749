package dev.sft.controller.crd;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The committed CRD's bounds, as an API server enforces them on a write: where a value is longer, has more items or
 * more entries than its schema allows, and where the schema leaves a string, list or map unbounded.
 */
public final class CommittedCrd {

  private CommittedCrd() {}

  public static JSONSchemaProps schema(String part) {
    try {
      CustomResourceDefinition crd = Serialization.unmarshal(Files.readString(CrdDriftTest.COMMITTED), CustomResourceDefinition.class);
      return crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties().get(part);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Each place where {@code value} breaks a maxLength, maxItems or maxProperties of {@code schema}. */
  public static List<String> violations(JsonNode value, JSONSchemaProps schema) {
    List<String> found = new ArrayList<>();
    check(value, schema, "", found);
    return found;
  }

  private static void check(JsonNode value, JSONSchemaProps schema, String path, List<String> found) {
    if (value == null || value.isNull() || schema == null) {
      return;
    }
    if (value.isTextual() && schema.getMaxLength() != null
        && value.asText().codePointCount(0, value.asText().length()) > schema.getMaxLength()) {
      found.add(path + ": " + value.asText().length() + " characters > " + schema.getMaxLength());
    }
    if (value.isArray()) {
      if (schema.getMaxItems() != null && value.size() > schema.getMaxItems()) {
        found.add(path + ": " + value.size() + " items > " + schema.getMaxItems());
      }
      for (int i = 0; i < value.size(); i++) {
        check(value.get(i), schema.getItems().getSchema(), path + "[" + i + "]", found);
      }
    }
    if (value.isObject()) {
      if (schema.getMaxProperties() != null && value.size() > schema.getMaxProperties()) {
        found.add(path + ": " + value.size() + " entries > " + schema.getMaxProperties());
      }
      for (var entries = value.fields(); entries.hasNext(); ) {
        Map.Entry<String, JsonNode> entry = entries.next();
        JSONSchemaProps property = schema.getProperties() != null && schema.getProperties().containsKey(entry.getKey())
            ? schema.getProperties().get(entry.getKey())
            : schema.getAdditionalProperties() == null ? null : schema.getAdditionalProperties().getSchema();
        check(entry.getValue(), property, path + "." + entry.getKey(), found);
      }
    }
  }

  /**
   * Each string without a maxLength or an enum, list without maxItems, and map without maxProperties under
   * {@code schema}; an integer-or-string (a quantity) is not a string to the schema.
   */
  public static List<String> unbounded(JSONSchemaProps schema, String path) {
    List<String> found = new ArrayList<>();
    if ("string".equals(schema.getType()) && schema.getMaxLength() == null
        && (schema.getEnum() == null || schema.getEnum().isEmpty())) {
      found.add(path);
    }
    if ("array".equals(schema.getType())) {
      if (schema.getMaxItems() == null) {
        found.add(path);
      }
      found.addAll(unbounded(schema.getItems().getSchema(), path + "[]"));
    }
    if (schema.getProperties() != null) {
      schema.getProperties().forEach((name, property) -> found.addAll(unbounded(property, path + "." + name)));
    }
    if (schema.getAdditionalProperties() != null && schema.getAdditionalProperties().getSchema() != null) {
      if (schema.getMaxProperties() == null) {
        found.add(path);
      }
      found.addAll(unbounded(schema.getAdditionalProperties().getSchema(), path + ".*"));
    }
    return found;
  }
}
