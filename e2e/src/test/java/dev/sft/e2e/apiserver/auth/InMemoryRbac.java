package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.List;

/** RBAC objects for unit tests, added as YAML documents (each of kind Role, ClusterRole or a binding). */
final class InMemoryRbac implements RbacObjects {
  private static final YAMLMapper YAML = new YAMLMapper();
  private final List<JsonNode> objects = new ArrayList<>();

  /** Includes Kubernetes' default cluster roles and bindings. */
  static InMemoryRbac withBootstrapPolicy() {
    InMemoryRbac rbac = new InMemoryRbac();
    BootstrapPolicy.clusterRoles().forEach(rbac::add);
    BootstrapPolicy.clusterRoleBindings().forEach(rbac::add);
    return rbac;
  }

  InMemoryRbac add(String yaml) {
    try {
      for (var parser = YAML.createParser(yaml); parser.nextToken() != null; ) {
        JsonNode node = YAML.readTree(parser);
        if (node != null && node.isObject()) {
          objects.add(node);
        }
      }
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("not YAML: " + yaml, e);
    }
    return this;
  }

  private List<JsonNode> of(String kind, String namespace) {
    return objects.stream().filter(o -> o.path("kind").asText().equals(kind))
        .filter(o -> namespace == null || namespace.equals(o.path("metadata").path("namespace").asText()))
        .toList();
  }

  @Override
  public List<JsonNode> clusterRoles() {
    return of("ClusterRole", null);
  }

  @Override
  public List<JsonNode> clusterRoleBindings() {
    return of("ClusterRoleBinding", null);
  }

  @Override
  public List<JsonNode> roles(String namespace) {
    return of("Role", namespace);
  }

  @Override
  public List<JsonNode> roleBindings(String namespace) {
    return of("RoleBinding", namespace);
  }
}
