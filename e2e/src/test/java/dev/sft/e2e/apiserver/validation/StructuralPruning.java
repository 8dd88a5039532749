package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Drops the fields a structural schema does not declare, as the API server does for custom resources, and reports
 * each as Kubernetes' strict decoding names it ({@code spec.foo}, {@code spec.items[0].bar}). Fields under
 * {@code x-kubernetes-preserve-unknown-fields: true} are kept; apiVersion, kind and the ObjectMeta fields of metadata
 * are kept at the root and in embedded resources.
 */
final class StructuralPruning {

  /** ObjectMeta's JSON fields: anything else under metadata is unknown to a typed decoder. */
  static final Set<String> OBJECT_META_FIELDS = Set.of("name", "generateName", "namespace", "selfLink", "uid",
      "resourceVersion", "generation", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
      "labels", "annotations", "ownerReferences", "finalizers", "managedFields");

  private StructuralPruning() {
  }

  /** Prunes {@code object} (the whole resource) in place; returns the pruned fields' paths, sorted. */
  static List<String> prune(StructuralSchema root, ObjectNode object) {
    List<String> unknown = new ArrayList<>();
    pruneObject(root, object, "", true, unknown);
    unknown.sort(null);
    return unknown;
  }

  private static void prune(StructuralSchema schema, JsonNode value, String path, List<String> unknown) {
    if (schema.node().isMissingNode()) {
      return; // additionalProperties: true keeps anything
    }
    if (value instanceof ObjectNode object) {
      pruneObject(schema, object, path, schema.embeddedResource(), unknown);
    } else if (value instanceof ArrayNode array && schema.items().isPresent()) {
      for (int i = 0; i < array.size(); i++) {
        prune(schema.items().get(), array.get(i), StructuralSchema.index(path, i), unknown);
      }
    }
  }

  private static void pruneObject(StructuralSchema schema, ObjectNode object, String path, boolean resource,
      List<String> unknown) {
    Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = field.getKey();
      String fieldPath = StructuralSchema.child(path, name);
      if (resource && (name.equals("apiVersion") || name.equals("kind"))) {
        continue;
      }
      if (resource && name.equals("metadata")) {
        pruneMetadata(field.getValue(), fieldPath, unknown);
        continue;
      }
      var property = schema.property(name);
      if (property.isPresent()) {
        prune(property.get(), field.getValue(), fieldPath, unknown);
      } else if (schema.additionalProperties().isPresent()) {
        prune(schema.additionalProperties().get(), field.getValue(), fieldPath, unknown);
      } else if (!schema.preservesUnknownFields()) {
        unknown.add(fieldPath);
        fields.remove();
      }
    }
  }

  private static void pruneMetadata(JsonNode metadata, String path, List<String> unknown) {
    if (!(metadata instanceof ObjectNode object)) {
      return;
    }
    Iterator<String> names = object.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!OBJECT_META_FIELDS.contains(name)) {
        unknown.add(StructuralSchema.child(path, name));
        names.remove();
      }
    }
  }
}
