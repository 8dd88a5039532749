package dev.sft.e2e.apiserver.front;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.store.ResourceCatalog;
import dev.sft.e2e.apiserver.store.ResourceType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OpenAPI v3 documents with paths but no schemas. kubectl reads them to decide how to validate: each PATCH path
 * declares the {@code fieldValidation} parameter, so kubectl leaves validation to the server (it sends
 * fieldValidation=Strict, which the stand-in's admission applies to custom resources) instead of downloading schemas,
 * and with no schemas it builds strategic merge patches from its compiled-in types (merge patches for custom
 * resources).
 * /openapi/v2 gets an empty JSON document: clients that insist on its protobuf form get no schema from it.
 */
final class OpenApiDocuments {

  private static final List<String> PATCH_PARAMETERS = List.of("fieldValidation", "fieldManager", "dryRun", "force");

  private final ResourceCatalog catalog;

  OpenApiDocuments(ResourceCatalog catalog) {
    this.catalog = catalog;
  }

  Optional<String> document(String path) {
    if (path.equals("/openapi/v2")) {
      return Optional.of("{\"swagger\":\"2.0\",\"info\":{\"title\":\"sft e2e API server stand-in\",\"version\":"
          + "\"v1.33.0\"},\"paths\":{},\"definitions\":{}}");
    }
    Map<String, Map<String, List<ResourceType>>> groups = catalog.byGroupAndVersion();
    if (path.equals("/openapi/v3") || path.equals("/openapi/v3/")) {
      ObjectNode root = Serialization.jsonMapper().createObjectNode();
      ObjectNode paths = root.putObject("paths");
      groups.forEach((group, versions) -> versions.forEach((version, types) -> {
        String relative = types.get(0).apiPrefix().substring(1);
        paths.putObject(relative).put("serverRelativeURL", "/openapi/v3/" + relative + "?hash=" + hash(types));
      }));
      return Optional.of(root.toString());
    }
    if (!path.startsWith("/openapi/v3/")) {
      return Optional.empty();
    }
    String relative = path.substring("/openapi/v3/".length());
    for (Map<String, List<ResourceType>> versions : groups.values()) {
      for (List<ResourceType> types : versions.values()) {
        if (types.get(0).apiPrefix().substring(1).equals(relative)) {
          return Optional.of(groupVersionDocument(types));
        }
      }
    }
    return Optional.empty();
  }

  private static String groupVersionDocument(List<ResourceType> types) {
    ObjectNode doc = Serialization.jsonMapper().createObjectNode();
    doc.put("openapi", "3.0.0");
    doc.putObject("info").put("title", "sft e2e API server stand-in").put("version", types.get(0).groupVersion());
    ObjectNode paths = doc.putObject("paths");
    for (ResourceType type : types) {
      String objectPath = type.apiPrefix() + (type.namespaced() ? "/namespaces/{namespace}/" : "/") + type.plural()
          + "/{name}";
      ObjectNode patch = paths.putObject(objectPath).putObject("patch");
      patch.put("operationId", "patch" + type.kind());
      patch.putObject("x-kubernetes-group-version-kind").put("group", type.group()).put("version", type.version())
          .put("kind", type.kind());
      ArrayNode parameters = patch.putArray("parameters");
      PATCH_PARAMETERS.forEach(name -> parameters.addObject().put("name", name).put("in", "query")
          .putObject("schema").put("type", "string"));
      patch.putObject("responses").putObject("200").put("description", "OK");
    }
    doc.putObject("components").putObject("schemas");
    return doc.toString();
  }

  /** Changes when the group-version's resources change, so clients caching by hash refetch. */
  private static String hash(List<ResourceType> types) {
    return Integer.toHexString(types.hashCode());
  }
}
