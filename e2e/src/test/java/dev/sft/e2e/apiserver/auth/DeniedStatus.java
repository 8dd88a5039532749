package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sft.e2e.apiserver.store.StatusBodies;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * The Status bodies kube-apiserver sends when it refuses a request: 401 for credentials nobody issued, and 403 with
 * the message of its responsewriters.forbiddenMessage wrapped by apierrors.NewForbidden, e.g.
 * {@code pods "w-0" is forbidden: User "system:serviceaccount:ns:sa" cannot create resource "pods/exec" in API group ""
 * in the namespace "ns"}, with {@code details} naming the group, the resource (as "kind") and the object.
 */
public final class DeniedStatus {

  private DeniedStatus() {
  }

  public static String unauthorized() {
    return StatusBodies.json(401, "Unauthorized", "Unauthorized");
  }

  /** The 403 for a request RBAC did not allow; {@code reason} is the authorizer's ("" for none). */
  public static String forbidden(RequestAttributes request, String reason) {
    String message = "User \"" + request.user().name() + "\" cannot " + request.verb();
    if (!request.resourceRequest()) {
      message += " path \"" + request.path() + "\"";
    } else {
      message += " resource \"" + request.resourceWithSubresource() + "\" in API group \"" + request.apiGroup()
          + "\"" + (request.namespace().isEmpty() ? " at the cluster scope"
          : " in the namespace \"" + request.namespace() + "\"");
    }
    if (!reason.isEmpty()) {
      message += ": " + reason;
    }
    return forbidden(request.resourceRequest() ? request.apiGroup() : "",
        request.resourceRequest() ? request.resource() : "", request.name(), message);
  }

  /** apierrors.NewForbidden(group/resource, name, cause). */
  public static String forbidden(String group, String resource, String name, String cause) {
    String qualified = group.isEmpty() ? resource : resource + "." + group;
    String message;
    if (qualified.isEmpty()) {
      message = "forbidden: " + cause;
    } else if (name.isEmpty()) {
      message = qualified + " is forbidden: " + cause;
    } else {
      message = qualified + " \"" + name + "\" is forbidden: " + cause;
    }
    ObjectNode details = Serialization.jsonMapper().createObjectNode();
    if (!name.isEmpty()) {
      details.put("name", name);
    }
    if (!group.isEmpty()) {
      details.put("group", group);
    }
    if (!resource.isEmpty()) {
      details.put("kind", resource);
    }
    return StatusBodies.node(403, "Forbidden", message, details).toString();
  }
}
