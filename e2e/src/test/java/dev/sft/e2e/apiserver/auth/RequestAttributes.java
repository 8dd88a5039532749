package dev.sft.e2e.apiserver.auth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What RBAC decides on, derived from the HTTP request exactly as kube-apiserver's RequestInfoFactory derives it:
 * {@code /api/v1/...} and {@code /apis/GROUP/VERSION/...} are resource requests (anything shorter, and every other
 * path, is a non-resource request whose verb is the lower-cased HTTP method); the verb is create/get/update/patch/
 * delete by method, a GET without a name is list, or watch with {@code ?watch=} true, a DELETE without a name is
 * deletecollection; a {@code metadata.name} field selector names the object of a list or watch; a namespace's own
 * {@code status} and {@code finalize} are subresources of the namespace.
 *
 * @param name the object's name, "" when the request names none (a list, a create)
 */
public record RequestAttributes(UserInfo user, String verb, boolean resourceRequest, String path, String apiGroup,
    String apiVersion, String namespace, String resource, String subresource, String name) {

  private static final Set<String> NAMESPACE_SUBRESOURCES = Set.of("status", "finalize");

  /** A copy for another verb on the same object (pods/exec over WebSocket is also checked as create). */
  public RequestAttributes withVerb(String otherVerb) {
    return new RequestAttributes(user, otherVerb, resourceRequest, path, apiGroup, apiVersion, namespace, resource,
        subresource, name);
  }

  /** "pods/exec", or "pods" without a subresource: what a rule's resources are matched against. */
  public String resourceWithSubresource() {
    return subresource.isEmpty() ? resource : resource + "/" + subresource;
  }

  /**
   * @param method the HTTP method
   * @param path the URL path, without the query
   * @param query the query parameters (the first value of each is used)
   */
  public static RequestAttributes resolve(UserInfo user, String method, String path, Map<String, String> query) {
    String nonResourceVerb = method.toLowerCase(Locale.ROOT);
    List<String> parts = split(path);
    RequestAttributes nonResource = new RequestAttributes(user, nonResourceVerb, false, path, "", "", "", "", "",
        "");
    if (parts.size() < 3 || !(parts.get(0).equals("api") || parts.get(0).equals("apis"))) {
      return nonResource;
    }
    String prefix = parts.remove(0);
    String group = "";
    if (prefix.equals("apis")) {
      if (parts.size() < 3) {
        return nonResource;
      }
      group = parts.remove(0);
    }
    String version = parts.remove(0);
    String verb;
    if (parts.get(0).equals("watch") || parts.get(0).equals("proxy")) {
      if (parts.size() < 2) {
        return nonResource; // Kubernetes refuses it as unparseable; nothing here grants it either
      }
      verb = parts.remove(0);
    } else {
      verb = switch (method.toUpperCase(Locale.ROOT)) {
        case "POST" -> "create";
        case "GET", "HEAD" -> "get";
        case "PUT" -> "update";
        case "PATCH" -> "patch";
        case "DELETE" -> "delete";
        default -> "";
      };
    }
    String namespace = "";
    if (parts.get(0).equals("namespaces")) {
      if (parts.size() > 1) {
        namespace = parts.get(1);
        if (parts.size() > 2 && !NAMESPACE_SUBRESOURCES.contains(parts.get(2))) {
          parts = new ArrayList<>(parts.subList(2, parts.size()));
        }
      }
    }
    String resource = parts.get(0);
    String name = parts.size() >= 2 ? parts.get(1) : "";
    String subresource = parts.size() >= 3 && !verb.equals("proxy") ? parts.get(2) : "";
    if (name.isEmpty() && verb.equals("get")) {
      verb = isTrue(query.get("watch")) ? "watch" : "list";
      name = nameFromFieldSelector(query.get("fieldSelector"));
    }
    if (name.isEmpty() && verb.equals("delete")) {
      verb = "deletecollection";
    }
    return new RequestAttributes(user, verb, true, path, group, version, namespace, resource, subresource, name);
  }

  /** Kubernetes' bool query parameter: absent, "0" and "false" are false, any other value true. */
  private static boolean isTrue(String value) {
    return value != null && !value.equals("0") && !value.equalsIgnoreCase("false");
  }

  /** {@code metadata.name=X} (or {@code ==}) among a field selector's terms, if X is a valid path segment. */
  private static String nameFromFieldSelector(String selector) {
    if (selector == null) {
      return "";
    }
    for (String term : selector.split(",")) {
      String[] sides = term.contains("==") ? term.split("==", 2) : term.contains("!=") ? null : term.split("=", 2);
      if (sides != null && sides.length == 2 && sides[0].trim().equals("metadata.name")) {
        String value = sides[1].trim();
        boolean valid = !value.isEmpty() && !value.equals(".") && !value.equals("..") && !value.contains("/")
            && !value.contains("%");
        return valid ? value : "";
      }
    }
    return "";
  }

  private static List<String> split(String path) {
    List<String> parts = new ArrayList<>();
    for (String part : path.split("/")) {
      if (!part.isEmpty()) {
        parts.add(part);
      }
    }
    return parts;
  }
}
