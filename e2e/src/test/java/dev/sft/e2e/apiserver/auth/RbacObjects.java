package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** The stored RBAC objects the authorizer reads (the stand-in's store, or a fixed set in unit tests). */
public interface RbacObjects {
  List<JsonNode> clusterRoles();

  List<JsonNode> clusterRoleBindings();

  List<JsonNode> roles(String namespace);

  List<JsonNode> roleBindings(String namespace);
}
