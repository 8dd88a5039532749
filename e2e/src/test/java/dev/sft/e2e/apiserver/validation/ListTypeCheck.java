package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The uniqueness Kubernetes enforces on lists declared {@code x-kubernetes-list-type: set} (no item twice) and
 * {@code map} (no two items with the same {@code x-kubernetes-list-map-keys}), worded as Kubernetes words it:
 * {@code spec.modes[1]: Duplicate value: "a"}, {@code spec.ports[1]: Duplicate value: map[string]interface
 * {}{"name":"http"}}.
 */
final class ListTypeCheck {

  private ListTypeCheck() {
  }

  static List<FieldError> validate(StructuralSchema root, JsonNode object) {
    List<FieldError> errors = new ArrayList<>();
    walk(root, object, "", errors);
    return errors;
  }

  private static void walk(StructuralSchema schema, JsonNode value, String path, List<FieldError> errors) {
    if (value == null || schema.node().isMissingNode()) {
      return;
    }
    if (value.isArray()) {
      String listType = schema.node().path("x-kubernetes-list-type").asText("atomic");
      Set<String> seen = new HashSet<>();
      for (int i = 0; i < value.size(); i++) {
        JsonNode item = value.get(i);
        if (listType.equals("set") && !seen.add(item.toString())) {
          errors.add(FieldError.duplicate(StructuralSchema.index(path, i), item));
        } else if (listType.equals("map")) {
          StringBuilder key = new StringBuilder("map[string]interface {}{");
          boolean first = true;
          for (JsonNode name : schema.node().path("x-kubernetes-list-map-keys")) {
            key.append(first ? "" : ", ").append('"').append(name.asText()).append("\":")
                .append(item.path(name.asText()).isMissingNode() ? "interface {}(nil)" : item.get(name.asText()));
            first = false;
          }
          String text = key.append('}').toString();
          if (!seen.add(text)) {
            errors.add(FieldError.duplicate(StructuralSchema.index(path, i), new FieldError.GoSyntax(text)));
          }
        }
        walk(schema.items().orElse(StructuralSchema.ANYTHING), item, StructuralSchema.index(path, i), errors);
      }
    } else if (value.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        StructuralSchema child = schema.property(field.getKey())
            .orElseGet(() -> schema.additionalProperties().orElse(StructuralSchema.ANYTHING));
        walk(child, field.getValue(), StructuralSchema.child(path, field.getKey()), errors);
      }
    }
  }
}
