package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;

/**
 * The default ClusterRoles and ClusterRoleBindings every cluster starts with that matter here (kube-apiserver's
 * bootstrap policy, labelled {@code kubernetes.io/bootstrapping: rbac-defaults}): cluster-admin for
 * {@code system:masters}; discovery, the health and version endpoints and self-reviews for every authenticated user;
 * health and version also for anonymous requests.
 */
public final class BootstrapPolicy {

  private static final String RBAC = "rbac.authorization.k8s.io/v1";

  private BootstrapPolicy() {
  }

  public static List<String> clusterRoles() {
    ObjectNode admin = role("cluster-admin");
    rule(admin, List.of("*"), List.of("*"), List.of("*"), List.of());
    rule(admin, List.of("*"), List.of(), List.of(), List.of("*"));
    ObjectNode discovery = role("system:discovery");
    rule(discovery, List.of("get"), List.of(), List.of(), List.of("/api", "/api/*", "/apis", "/apis/*", "/healthz",
        "/livez", "/openapi", "/openapi/*", "/readyz", "/version", "/version/"));
    ObjectNode basicUser = role("system:basic-user");
    rule(basicUser, List.of("create"), List.of("authorization.k8s.io"),
        List.of("selfsubjectaccessreviews", "selfsubjectrulesreviews"), List.of());
    rule(basicUser, List.of("create"), List.of("authentication.k8s.io"), List.of("selfsubjectreviews"), List.of());
    ObjectNode publicInfo = role("system:public-info-viewer");
    rule(publicInfo, List.of("get"), List.of(), List.of(), List.of("/healthz", "/livez", "/readyz", "/version",
        "/version/"));
    return List.of(admin.toString(), discovery.toString(), basicUser.toString(), publicInfo.toString());
  }

  public static List<String> clusterRoleBindings() {
    return List.of(
        binding("cluster-admin", List.of(UserInfo.MASTERS)),
        binding("system:discovery", List.of(UserInfo.AUTHENTICATED)),
        binding("system:basic-user", List.of(UserInfo.AUTHENTICATED)),
        binding("system:public-info-viewer", List.of(UserInfo.AUTHENTICATED, UserInfo.UNAUTHENTICATED)));
  }

  private static ObjectNode role(String name) {
    ObjectNode role = object("ClusterRole", name);
    role.putArray("rules");
    return role;
  }

  private static void rule(ObjectNode role, List<String> verbs, List<String> groups, List<String> resources,
      List<String> urls) {
    ObjectNode rule = ((ArrayNode) role.get("rules")).addObject();
    put(rule, "apiGroups", groups);
    put(rule, "resources", resources);
    put(rule, "nonResourceURLs", urls);
    put(rule, "verbs", verbs);
  }

  private static String binding(String clusterRole, List<String> groups) {
    ObjectNode binding = object("ClusterRoleBinding", clusterRole);
    binding.putObject("roleRef").put("apiGroup", "rbac.authorization.k8s.io").put("kind", "ClusterRole")
        .put("name", clusterRole);
    ArrayNode subjects = binding.putArray("subjects");
    groups.forEach(group -> subjects.addObject().put("apiGroup", "rbac.authorization.k8s.io").put("kind", "Group")
        .put("name", group));
    return binding.toString();
  }

  private static ObjectNode object(String kind, String name) {
    ObjectNode object = Serialization.jsonMapper().createObjectNode();
    object.put("apiVersion", RBAC);
    object.put("kind", kind);
    ObjectNode metadata = object.putObject("metadata");
    metadata.put("name", name);
    metadata.putObject("labels").put("kubernetes.io/bootstrapping", "rbac-defaults");
    return object;
  }

  private static void put(ObjectNode rule, String field, List<String> values) {
    if (!values.isEmpty()) {
      values.forEach(rule.putArray(field)::add);
    }
  }
}
