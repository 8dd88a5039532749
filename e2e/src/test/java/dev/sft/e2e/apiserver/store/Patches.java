package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.zjsonpatch.JsonPatch;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The patch formats Kubernetes accepts, applied to a stored object (JSON trees; the inputs are never modified):
 * JSON patch (RFC 6902), JSON merge patch (RFC 7386: maps merged, null deletes, arrays replaced) and strategic merge
 * patch (as merge patch, except lists that Kubernetes merges by a key are merged element by element, with the
 * {@code $patch} and {@code $deleteFromPrimitiveList} directives). Server-side apply is approximated as a strategic
 * merge of the applied configuration (see STAND-IN.md).
 */
public final class Patches {

  /** Lists Kubernetes merges by key, by field name; "ports" depends on where it is (see {@link #mergeKeyOf}). */
  private static final Map<String, String> MERGE_KEYS = Map.ofEntries(
      Map.entry("containers", "name"), Map.entry("initContainers", "name"),
      Map.entry("ephemeralContainers", "name"), Map.entry("env", "name"), Map.entry("volumes", "name"),
      Map.entry("volumeMounts", "mountPath"), Map.entry("volumeDevices", "devicePath"),
      Map.entry("imagePullSecrets", "name"), Map.entry("hostAliases", "ip"),
      Map.entry("conditions", "type"), Map.entry("topologySpreadConstraints", "topologyKey"),
      Map.entry("ownerReferences", "uid"), Map.entry("containerStatuses", "name"),
      Map.entry("initContainerStatuses", "name"));
  /** Lists of strings merged as sets, not replaced. */
  private static final Set<String> MERGED_PRIMITIVE_LISTS = Set.of("finalizers");

  private Patches() {
  }

  public static JsonNode jsonPatch(JsonNode target, JsonNode patch) {
    if (!patch.isArray()) {
      throw new IllegalArgumentException("a JSON patch must be an array of operations");
    }
    return JsonPatch.apply(patch, target);
  }

  public static JsonNode mergePatch(JsonNode target, JsonNode patch) {
    if (!patch.isObject()) {
      return patch.deepCopy();
    }
    ObjectNode result = target != null && target.isObject() ? ((ObjectNode) target).deepCopy()
        : JsonNodeFactory.instance.objectNode();
    patch.fields().forEachRemaining(field -> {
      if (field.getValue().isNull()) {
        result.remove(field.getKey());
      } else {
        result.set(field.getKey(), mergePatch(result.get(field.getKey()), field.getValue()));
      }
    });
    return result;
  }

  public static JsonNode strategicMergePatch(JsonNode target, JsonNode patch) {
    return strategicMap(target, patch);
  }

  private static JsonNode strategicMap(JsonNode target, JsonNode patch) {
    if (!patch.isObject()) {
      return patch.deepCopy();
    }
    if ("replace".equals(patch.path("$patch").asText())) {
      ObjectNode replacement = ((ObjectNode) patch).deepCopy();
      replacement.remove("$patch");
      return stripDirectives(replacement);
    }
    ObjectNode result = target != null && target.isObject() ? ((ObjectNode) target).deepCopy()
        : JsonNodeFactory.instance.objectNode();
    Iterator<Map.Entry<String, JsonNode>> fields = patch.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = field.getKey();
      JsonNode value = field.getValue();
      if (name.startsWith("$deleteFromPrimitiveList/")) {
        deleteFromPrimitiveList(result, name.substring("$deleteFromPrimitiveList/".length()), value);
      } else if (name.startsWith("$")) {
        continue; // $setElementOrder/..., $retainKeys: ordering and pruning hints the stand-in does not need
      } else if (value.isNull()) {
        result.remove(name);
      } else if (value.isArray() && result.path(name).isArray()) {
        result.set(name, strategicList(name, (ArrayNode) result.get(name), (ArrayNode) value));
      } else if (value.isObject()) {
        result.set(name, strategicMap(result.get(name), value));
      } else {
        result.set(name, stripDirectives(value.deepCopy()));
      }
    }
    return result;
  }

  private static JsonNode strategicList(String field, ArrayNode current, ArrayNode patch) {
    if (MERGED_PRIMITIVE_LISTS.contains(field)) {
      ArrayNode union = current.deepCopy();
      patch.forEach(item -> {
        if (!contains(union, item)) {
          union.add(item.deepCopy());
        }
      });
      return union;
    }
    String key = mergeKeyOf(field, current, patch);
    if (key == null) {
      return stripDirectives(patch.deepCopy());
    }
    ArrayNode result = current.deepCopy();
    for (JsonNode item : patch) {
      if (!item.isObject() || !item.has(key)) {
        continue;
      }
      int at = indexOf(result, key, item.get(key));
      boolean delete = "delete".equals(item.path("$patch").asText());
      if (delete) {
        if (at >= 0) {
          result.remove(at);
        }
      } else if (at >= 0) {
        result.set(at, strategicMap(result.get(at), item));
      } else {
        result.add(stripDirectives(item.deepCopy()));
      }
    }
    return result;
  }

  /** The merge key of a list field; container ports are keyed by containerPort, service ports by port. */
  private static String mergeKeyOf(String field, ArrayNode current, ArrayNode patch) {
    if ("ports".equals(field)) {
      JsonNode sample = patch.size() > 0 ? patch.get(0) : current.size() > 0 ? current.get(0) : null;
      if (sample == null) {
        return null;
      }
      return sample.has("containerPort") ? "containerPort" : "port";
    }
    return MERGE_KEYS.get(field);
  }

  private static void deleteFromPrimitiveList(ObjectNode target, String field, JsonNode values) {
    if (!target.path(field).isArray()) {
      return;
    }
    ArrayNode kept = JsonNodeFactory.instance.arrayNode();
    target.get(field).forEach(item -> {
      if (!contains(values, item)) {
        kept.add(item);
      }
    });
    target.set(field, kept);
  }

  private static JsonNode stripDirectives(JsonNode node) {
    if (node.isObject()) {
      ObjectNode object = (ObjectNode) node;
      object.remove(object.properties().stream().map(Map.Entry::getKey).filter(k -> k.startsWith("$")).toList());
      object.forEach(Patches::stripDirectives);
    } else if (node.isArray()) {
      node.forEach(Patches::stripDirectives);
    }
    return node;
  }

  private static int indexOf(ArrayNode list, String key, JsonNode value) {
    for (int i = 0; i < list.size(); i++) {
      if (value.equals(list.get(i).get(key))) {
        return i;
      }
    }
    return -1;
  }

  private static boolean contains(JsonNode list, JsonNode value) {
    for (JsonNode item : list) {
      if (item.equals(value)) {
        return true;
      }
    }
    return false;
  }
}
