package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Applies a structural schema's {@code default}s as the API server does for custom resources: a null value of a
 * field that is not {@code nullable} is dropped, then every absent property that declares a default gets a copy of
 * it, and the walk goes on into the defaulted value (so nested defaults apply too).
 */
final class StructuralDefaulting {

  private StructuralDefaulting() {
  }

  static void apply(StructuralSchema schema, JsonNode value) {
    if (value instanceof ObjectNode object) {
      if (schema.hasProperties()) {
        Iterator<Map.Entry<String, JsonNode>> declared = schema.node().path("properties").fields();
        while (declared.hasNext()) {
          Map.Entry<String, JsonNode> entry = declared.next();
          StructuralSchema property = new StructuralSchema(entry.getValue());
          String name = entry.getKey();
          if (object.has(name) && object.get(name).isNull() && !property.nullable()) {
            object.remove(name);
          }
          if (!object.has(name) && property.node().has("default")) {
            object.set(name, property.node().get("default").deepCopy());
          }
          if (object.has(name)) {
            apply(property, object.get(name));
          }
        }
      }
      schema.additionalProperties().ifPresent(values -> {
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
          Map.Entry<String, JsonNode> field = fields.next();
          if (schema.property(field.getKey()).isPresent()) {
            continue;
          }
          if (field.getValue().isNull() && !values.nullable()) {
            fields.remove();
          } else {
            apply(values, field.getValue());
          }
        }
      });
    } else if (value instanceof ArrayNode array) {
      schema.items().ifPresent(items -> array.forEach(item -> apply(items, item)));
    }
  }
}
