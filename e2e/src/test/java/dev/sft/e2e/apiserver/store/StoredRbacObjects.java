package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.e2e.apiserver.auth.RbacObjects;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.MockResponse;
import java.util.ArrayList;
import java.util.List;

/** The RBAC objects in the stand-in's store, read afresh for each decision (a write takes effect at once). */
public final class StoredRbacObjects implements RbacObjects {
  private static final String RBAC = "/apis/rbac.authorization.k8s.io/v1/";

  private final StandInStore store;

  public StoredRbacObjects(StandInStore store) {
    this.store = store;
  }

  @Override
  public List<JsonNode> clusterRoles() {
    return items(RBAC + "clusterroles");
  }

  @Override
  public List<JsonNode> clusterRoleBindings() {
    return items(RBAC + "clusterrolebindings");
  }

  @Override
  public List<JsonNode> roles(String namespace) {
    return items(RBAC + "namespaces/" + namespace + "/roles");
  }

  @Override
  public List<JsonNode> roleBindings(String namespace) {
    return items(RBAC + "namespaces/" + namespace + "/rolebindings");
  }

  private List<JsonNode> items(String path) {
    MockResponse answer = store.handleGet(path);
    List<JsonNode> items = new ArrayList<>();
    if (answer.code() == 200 && answer.getBody() != null) {
      Serialization.unmarshal(answer.getBody().readUtf8(), JsonNode.class).path("items").forEach(items::add);
    }
    return items;
  }
}
