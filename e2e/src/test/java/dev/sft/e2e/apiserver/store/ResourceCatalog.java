package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The resources the stand-in serves: a fixed table of the built-in kinds the suite and the product use, plus every
 * version of every CustomResourceDefinition currently stored (so a CRD applied at run time is discoverable at once).
 */
public final class ResourceCatalog {

  private static final List<ResourceType> BUILT_IN = List.of(
      core("namespaces", "Namespace", false, List.of("ns"), true),
      core("serviceaccounts", "ServiceAccount", true, List.of("sa"), false),
      new ResourceType("", "v1", "pods", "Pod", true, List.of("po"), true, List.of("exec", "log", "eviction")),
      core("services", "Service", true, List.of("svc"), true),
      core("endpoints", "Endpoints", true, List.of("ep"), false),
      core("persistentvolumeclaims", "PersistentVolumeClaim", true, List.of("pvc"), true),
      core("persistentvolumes", "PersistentVolume", false, List.of("pv"), true),
      core("events", "Event", true, List.of("ev"), false),
      core("secrets", "Secret", true, List.of(), false),
      core("configmaps", "ConfigMap", true, List.of("cm"), false),
      core("nodes", "Node", false, List.of("no"), true),
      core("resourcequotas", "ResourceQuota", true, List.of("quota"), true),
      core("limitranges", "LimitRange", true, List.of("limits"), false),
      of("apps", "deployments", "Deployment", true, List.of("deploy"), true),
      of("apps", "statefulsets", "StatefulSet", true, List.of("sts"), true),
      of("apps", "replicasets", "ReplicaSet", true, List.of("rs"), true),
      of("apps", "daemonsets", "DaemonSet", true, List.of("ds"), true),
      of("batch", "jobs", "Job", true, List.of(), true),
      of("batch", "cronjobs", "CronJob", true, List.of("cj"), true),
      of("rbac.authorization.k8s.io", "roles", "Role", true, List.of(), false),
      of("rbac.authorization.k8s.io", "rolebindings", "RoleBinding", true, List.of(), false),
      of("rbac.authorization.k8s.io", "clusterroles", "ClusterRole", false, List.of(), false),
      of("rbac.authorization.k8s.io", "clusterrolebindings", "ClusterRoleBinding", false, List.of(), false),
      of("networking.k8s.io", "networkpolicies", "NetworkPolicy", true, List.of("netpol"), false),
      of("networking.k8s.io", "ingresses", "Ingress", true, List.of("ing"), true),
      of("policy", "poddisruptionbudgets", "PodDisruptionBudget", true, List.of("pdb"), true),
      of("events.k8s.io", "events", "Event", true, List.of("ev"), false),
      of("coordination.k8s.io", "leases", "Lease", true, List.of(), false),
      of("storage.k8s.io", "storageclasses", "StorageClass", false, List.of("sc"), false),
      of("storage.k8s.io", "csidrivers", "CSIDriver", false, List.of(), false),
      of("apiextensions.k8s.io", "customresourcedefinitions", "CustomResourceDefinition", false,
          List.of("crd", "crds"), true));

  private final Supplier<List<JsonNode>> storedCrds;

  /** @param storedCrds the CustomResourceDefinitions currently in the store */
  public ResourceCatalog(Supplier<List<JsonNode>> storedCrds) {
    this.storedCrds = storedCrds;
  }

  public List<ResourceType> all() {
    List<ResourceType> all = new ArrayList<>(BUILT_IN);
    for (JsonNode crd : storedCrds.get()) {
      all.addAll(fromCrd(crd));
    }
    return all;
  }

  /** Group -> versions -> resources, groups in first-seen order ("" = core). */
  public Map<String, Map<String, List<ResourceType>>> byGroupAndVersion() {
    Map<String, Map<String, List<ResourceType>>> groups = new LinkedHashMap<>();
    for (ResourceType type : all()) {
      groups.computeIfAbsent(type.group(), g -> new LinkedHashMap<>())
          .computeIfAbsent(type.version(), v -> new ArrayList<>()).add(type);
    }
    return groups;
  }

  public Optional<ResourceType> find(String group, String version, String plural) {
    String g = group == null ? "" : group;
    return all().stream()
        .filter(t -> t.group().equals(g) && t.version().equals(version) && t.plural().equals(plural))
        .findFirst();
  }

  /** The stored CustomResourceDefinition that defines {@code type}; empty for built-in kinds. */
  public Optional<JsonNode> definitionOf(ResourceType type) {
    if (BUILT_IN.contains(type)) {
      return Optional.empty();
    }
    return storedCrds.get().stream()
        .filter(crd -> crd.path("spec").path("group").asText().equals(type.group())
            && crd.path("spec").path("names").path("plural").asText().equals(type.plural()))
        .findFirst();
  }

  private static List<ResourceType> fromCrd(JsonNode crd) {
    JsonNode spec = crd.path("spec");
    JsonNode names = spec.path("names");
    List<String> shortNames = new ArrayList<>();
    names.path("shortNames").forEach(n -> shortNames.add(n.asText()));
    boolean namespaced = !"Cluster".equals(spec.path("scope").asText());
    List<ResourceType> types = new ArrayList<>();
    for (JsonNode version : spec.path("versions")) {
      if (!version.path("served").asBoolean(true)) {
        continue;
      }
      boolean status = version.path("subresources").has("status");
      types.add(new ResourceType(spec.path("group").asText(), version.path("name").asText(),
          names.path("plural").asText(), names.path("kind").asText(), namespaced, shortNames, status, List.of()));
    }
    return types;
  }

  private static ResourceType core(String plural, String kind, boolean namespaced, List<String> shortNames,
      boolean status) {
    return new ResourceType("", "v1", plural, kind, namespaced, shortNames, status, List.of());
  }

  private static ResourceType of(String group, String plural, String kind, boolean namespaced,
      List<String> shortNames, boolean status) {
    return new ResourceType(group, "v1", plural, kind, namespaced, shortNames, status, List.of());
  }
}
