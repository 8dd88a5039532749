package dev.sft.controller.examples;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a value (a whole resource or part of one) does not fit a CRD schema as an API server would see it: a field the
 * schema does not declare (which the server would prune silently), a value of the wrong type, a value outside its
 * enum or pattern. Required fields are not asked for, so a fragment of a spec can be checked too.
 */
final class SchemaFit {
  private SchemaFit() {}

  static List<String> misfits(JsonNode value, JSONSchemaProps schema) {
    List<String> found = new ArrayList<>();
    check(value, schema, "", found);
    return found;
  }

  private static void check(JsonNode value, JSONSchemaProps schema, String path, List<String> found) {
    if (value == null || value.isNull() || schema == null) {
      return;
    }
    if (Boolean.TRUE.equals(schema.getXKubernetesIntOrString())) {
      if (!value.isIntegralNumber() && !value.isTextual()) {
        found.add(path + ": an integer or a string, not " + value);
      }
      return;
    }
    String type = schema.getType() == null ? "" : schema.getType();
    switch (type) {
      case "object" -> checkObject(value, schema, path, found);
      case "array" -> {
        if (!value.isArray()) {
          found.add(path + ": a list, not " + value);
          return;
        }
        for (int i = 0; i < value.size(); i++) {
          check(value.get(i), schema.getItems().getSchema(), path + "[" + i + "]", found);
        }
      }
      case "string" -> {
        if (!value.isTextual()) {
          found.add(path + ": a string, not " + value);
        } else if (schema.getPattern() != null && !Pattern.compile(schema.getPattern()).matcher(value.asText()).find()) {
          found.add(path + ": \"" + value.asText() + "\" does not match " + schema.getPattern());
        }
      }
      case "integer" -> {
        if (!value.isIntegralNumber()) {
          found.add(path + ": an integer, not " + value);
        }
      }
      case "number" -> {
        if (!value.isNumber()) {
          found.add(path + ": a number, not " + value);
        }
      }
      case "boolean" -> {
        if (!value.isBoolean()) {
          found.add(path + ": true or false, not " + value);
        }
      }
      default -> { }
    }
    if (schema.getEnum() != null && !schema.getEnum().isEmpty() && !schema.getEnum().contains(value)) {
      found.add(path + ": " + value + " is none of " + schema.getEnum());
    }
  }

  private static void checkObject(JsonNode value, JSONSchemaProps schema, String path, List<String> found) {
    if (!value.isObject()) {
      found.add(path + ": an object, not " + value);
      return;
    }
    for (var entries = value.fields(); entries.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = entries.next();
      String at = path + "." + entry.getKey();
      if (schema.getProperties() != null && schema.getProperties().containsKey(entry.getKey())) {
        check(entry.getValue(), schema.getProperties().get(entry.getKey()), at, found);
      } else if (schema.getAdditionalProperties() != null && schema.getAdditionalProperties().getSchema() != null) {
        check(entry.getValue(), schema.getAdditionalProperties().getSchema(), at, found);
      } else if (!Boolean.TRUE.equals(schema.getXKubernetesPreserveUnknownFields())
          && (schema.getAdditionalProperties() == null || !Boolean.TRUE.equals(schema.getAdditionalProperties().getAllows()))) {
        found.add(at + ": no such field");
      }
    }
  }
}
