package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One RBAC rule, and how Kubernetes matches it (rbac's RuleAllows): every verb, API group and resource listed or
 * {@code *}; a resource also matches as {@code resource/subresource} or {@code *}{@code /subresource}; resourceNames,
 * when listed, must contain the request's name, so such a rule never allows a list, watch or create that names no
 * object; a non-resource URL matches exactly or by a prefix ending in {@code *}.
 */
public record PolicyRule(List<String> verbs, List<String> apiGroups, List<String> resources,
    List<String> resourceNames, List<String> nonResourceUrls) {

  public static final String ALL = "*";

  public PolicyRule {
    verbs = List.copyOf(verbs);
    apiGroups = List.copyOf(apiGroups);
    resources = List.copyOf(resources);
    resourceNames = List.copyOf(resourceNames);
    nonResourceUrls = List.copyOf(nonResourceUrls);
  }

  public static PolicyRule of(JsonNode rule) {
    return new PolicyRule(strings(rule.path("verbs")), strings(rule.path("apiGroups")),
        strings(rule.path("resources")), strings(rule.path("resourceNames")), strings(rule.path("nonResourceURLs")));
  }

  public static List<PolicyRule> allOf(JsonNode rules) {
    List<PolicyRule> all = new ArrayList<>();
    rules.forEach(rule -> all.add(of(rule)));
    return all;
  }

  public boolean allows(RequestAttributes request) {
    if (!matches(verbs, request.verb())) {
      return false;
    }
    if (!request.resourceRequest()) {
      return nonResourceUrlMatches(request.path());
    }
    return matches(apiGroups, request.apiGroup())
        && resourceMatches(request.resourceWithSubresource(), request.subresource())
        && (resourceNames.isEmpty() || resourceNames.contains(request.name()));
  }

  private static boolean matches(List<String> allowed, String requested) {
    return allowed.contains(ALL) || allowed.contains(requested);
  }

  private boolean resourceMatches(String combined, String subresource) {
    for (String resource : resources) {
      if (resource.equals(ALL) || resource.equals(combined)
          || (!subresource.isEmpty() && resource.equals("*/" + subresource))) {
        return true;
      }
    }
    return false;
  }

  private boolean nonResourceUrlMatches(String path) {
    for (String url : nonResourceUrls) {
      if (url.equals(ALL) || url.equals(path)
          || (url.endsWith("*") && path.startsWith(url.substring(0, url.length() - 1)))) {
        return true;
      }
    }
    return false;
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(value -> values.add(value.asText()));
    return values;
  }
}
