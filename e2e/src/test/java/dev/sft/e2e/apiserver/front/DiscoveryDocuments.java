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
 * The legacy discovery documents (/api, /apis, /api/v1, /apis/GROUP[/VERSION]), /version and the OpenAPI roots,
 * built from the {@link ResourceCatalog}. Aggregated discovery is not offered: clients that ask for it accept the
 * legacy documents (the response's Content-Type says which they got).
 */
final class DiscoveryDocuments {

  private static final List<String> VERBS = List.of("create", "delete", "deletecollection", "get", "list", "patch",
      "update", "watch");

  /** The resources in the "all" category (kubectl get all), as group/plural. */
  private static final java.util.Set<String> ALL = java.util.Set.of("/pods", "/services", "apps/deployments",
      "apps/statefulsets", "apps/replicasets", "apps/daemonsets", "batch/jobs", "batch/cronjobs");

  private final ResourceCatalog catalog;

  DiscoveryDocuments(ResourceCatalog catalog) {
    this.catalog = catalog;
  }

  /** The document for {@code path}, or empty when the path is not a discovery path (or an unknown group). */
  Optional<String> document(String path, String serverAddress) {
    String[] parts = path.replaceAll("/+$", "").split("/");
    Map<String, Map<String, List<ResourceType>>> groups = catalog.byGroupAndVersion();
    if (path.equals("/version") || path.equals("/version/")) {
      return Optional.of(version());
    }
    if (parts.length == 2 && parts[1].equals("api")) {
      ObjectNode doc = object("APIVersions", null);
      doc.putArray("versions").add("v1");
      ObjectNode address = doc.putArray("serverAddressByClientCIDRs").addObject();
      address.put("clientCIDR", "0.0.0.0/0");
      address.put("serverAddress", serverAddress);
      return Optional.of(doc.toString());
    }
    if (parts.length == 3 && parts[1].equals("api") && parts[2].equals("v1")) {
      return Optional.of(resourceList("v1", groups.get("").get("v1")));
    }
    if (parts.length == 2 && parts[1].equals("apis")) {
      ObjectNode doc = object("APIGroupList", "v1");
      ArrayNode list = doc.putArray("groups");
      groups.forEach((group, versions) -> {
        if (!group.isEmpty()) {
          list.add(group(group, versions.keySet()));
        }
      });
      return Optional.of(doc.toString());
    }
    if (parts.length == 3 && parts[1].equals("apis") && groups.containsKey(parts[2])) {
      return Optional.of(group(parts[2], groups.get(parts[2]).keySet()).put("kind", "APIGroup")
          .put("apiVersion", "v1").toString());
    }
    if (parts.length == 4 && parts[1].equals("apis") && groups.containsKey(parts[2])
        && groups.get(parts[2]).containsKey(parts[3])) {
      return Optional.of(resourceList(parts[2] + "/" + parts[3], groups.get(parts[2]).get(parts[3])));
    }
    return Optional.empty();
  }

  private static String version() {
    ObjectNode doc = Serialization.jsonMapper().createObjectNode();
    doc.put("major", "1");
    doc.put("minor", "33");
    doc.put("gitVersion", "v1.33.0-sft-e2e-stand-in");
    doc.put("gitCommit", "0000000000000000000000000000000000000000");
    doc.put("gitTreeState", "clean");
    doc.put("buildDate", "2026-01-01T00:00:00Z");
    doc.put("goVersion", "go1.24");
    doc.put("compiler", "gc");
    doc.put("platform", "linux/amd64");
    return doc.toString();
  }

  private static ObjectNode group(String name, Iterable<String> versions) {
    ObjectNode group = Serialization.jsonMapper().createObjectNode();
    group.put("name", name);
    ArrayNode list = group.putArray("versions");
    String preferred = null;
    for (String version : versions) {
      list.addObject().put("groupVersion", name + "/" + version).put("version", version);
      preferred = preferred == null ? version : preferred;
    }
    group.putObject("preferredVersion").put("groupVersion", name + "/" + preferred).put("version", preferred);
    return group;
  }

  private static String resourceList(String groupVersion, List<ResourceType> types) {
    ObjectNode doc = object("APIResourceList", "v1");
    doc.put("groupVersion", groupVersion);
    ArrayNode resources = doc.putArray("resources");
    for (ResourceType type : types) {
      ObjectNode resource = resources.addObject();
      resource.put("name", type.plural());
      resource.put("singularName", type.kind().toLowerCase(java.util.Locale.ROOT));
      resource.put("namespaced", type.namespaced());
      resource.put("kind", type.kind());
      VERBS.forEach(resource.putArray("verbs")::add);
      if (ALL.contains(type.group() + "/" + type.plural())) {
        resource.putArray("categories").add("all");
      }
      if (!type.shortNames().isEmpty()) {
        type.shortNames().forEach(resource.putArray("shortNames")::add);
      }
      if (type.statusSubresource()) {
        ObjectNode status = resources.addObject();
        status.put("name", type.plural() + "/status");
        status.put("singularName", "");
        status.put("namespaced", type.namespaced());
        status.put("kind", type.kind());
        List.of("get", "patch", "update").forEach(status.putArray("verbs")::add);
      }
      for (String sub : type.extraSubresources()) {
        ObjectNode extra = resources.addObject();
        extra.put("name", type.plural() + "/" + sub);
        extra.put("singularName", "");
        extra.put("namespaced", type.namespaced());
        if (sub.equals("eviction")) {
          // Served in the core group, typed in policy/v1: kubectl drain finds the Eviction's version here.
          extra.put("group", "policy");
          extra.put("version", "v1");
        }
        extra.put("kind", switch (sub) {
          case "exec" -> "PodExecOptions";
          case "eviction" -> "Eviction";
          default -> "Pod";
        });
        (switch (sub) {
          case "exec" -> List.of("create", "get");
          case "eviction" -> List.of("create");
          default -> List.of("get");
        }).forEach(extra.putArray("verbs")::add);
      }
    }
    return doc.toString();
  }

  private static ObjectNode object(String kind, String apiVersion) {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("kind", kind);
    if (apiVersion != null) {
      node.put("apiVersion", apiVersion);
    }
    return node;
  }
}
