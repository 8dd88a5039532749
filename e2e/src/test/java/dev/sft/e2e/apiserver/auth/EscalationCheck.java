package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * RBAC's privilege-escalation prevention on writes of roles and bindings (kube-apiserver's policybased storages):
 * <ul>
 *   <li>a Role or ClusterRole may be created or updated only by a user who holds every permission it grants (in the
 *       role's namespace, or cluster-wide for a ClusterRole), unless the user may {@code escalate} roles;</li>
 *   <li>a RoleBinding or ClusterRoleBinding only by a user who may {@code bind} the referenced role, or who holds
 *       every permission of that role in the binding's namespace.</li>
 * </ul>
 * Members of {@code system:masters} pass. A refusal is the 403 Status Kubernetes sends, naming the missing rules as
 * its CompactString does.
 */
public final class EscalationCheck {

  private static final String RBAC_GROUP = "rbac.authorization.k8s.io";

  private final RbacAuthorizer authorizer;

  public EscalationCheck(RbacAuthorizer authorizer) {
    this.authorizer = authorizer;
  }

  /** Whether a request writes an object this check guards (create, update or patch of the main resource). */
  public static boolean guards(RequestAttributes request) {
    return request.resourceRequest() && RBAC_GROUP.equals(request.apiGroup()) && request.subresource().isEmpty()
        && List.of("create", "update", "patch").contains(request.verb())
        && List.of("roles", "clusterroles", "rolebindings", "clusterrolebindings").contains(request.resource());
  }

  /**
   * @param written the object as it would be stored after the write
   * @return the 403 Status body, or empty when the write may go ahead
   */
  public Optional<String> check(RequestAttributes request, JsonNode written) {
    UserInfo user = request.user();
    if (user.inGroup(UserInfo.MASTERS)) {
      return Optional.empty();
    }
    String name = written.path("metadata").path("name").asText(request.name());
    boolean role = request.resource().equals("roles") || request.resource().equals("clusterroles");
    List<PolicyRule> granted;
    if (role) {
      if (authorizer.authorize(request.withVerb("escalate")).allowed()) {
        return Optional.empty();
      }
      granted = PolicyRule.allOf(written.path("rules"));
    } else {
      JsonNode roleRef = written.path("roleRef");
      String roleResource = roleRef.path("kind").asText().equals("ClusterRole") ? "clusterroles"
          : roleRef.path("kind").asText().equals("Role") ? "roles" : "";
      RequestAttributes bind = new RequestAttributes(user, "bind", true, request.path(),
          roleRef.path("apiGroup").asText(), "*", request.namespace(), roleResource, "", roleRef.path("name").asText());
      if (!roleResource.isEmpty() && authorizer.authorize(bind).allowed()) {
        return Optional.empty();
      }
      List<String> errors = new ArrayList<>();
      Optional<List<PolicyRule>> referenced = authorizer.roleReferenceRules(roleRef, request.namespace(), errors);
      if (referenced.isEmpty()) {
        return Optional.of(DeniedStatus.forbidden(RBAC_GROUP, request.resource(), name,
            RbacAuthorizer.aggregate(errors)));
      }
      granted = referenced.get();
    }
    RbacAuthorizer.Rules held = authorizer.rulesFor(user, request.namespace());
    List<PolicyRule> missing = missing(held.rules(), granted);
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    TreeSet<String> descriptions = new TreeSet<>();
    compact(missing).forEach(rule -> descriptions.add(compactString(rule)));
    String message = "user \"" + user.name() + "\" (groups=" + quotedList(user.groups()) + ") is attempting to grant "
        + "RBAC permissions not currently held:\n" + String.join("\n", descriptions);
    if (!held.errors().isEmpty()) {
      message += "; resolution errors: [" + String.join(" ", held.errors()) + "]";
    }
    return Optional.of(DeniedStatus.forbidden(RBAC_GROUP, request.resource(), name, message));
  }

  /** validation.Covers: each requested rule broken down to single verb/group/resource/name, each covered by one. */
  static List<PolicyRule> missing(List<PolicyRule> owner, List<PolicyRule> requested) {
    List<PolicyRule> missing = new ArrayList<>();
    for (PolicyRule rule : requested) {
      for (PolicyRule simple : breakdown(rule)) {
        if (owner.stream().noneMatch(o -> covers(o, simple))) {
          missing.add(simple);
        }
      }
    }
    return missing;
  }

  static List<PolicyRule> breakdown(PolicyRule rule) {
    List<PolicyRule> simple = new ArrayList<>();
    for (String group : rule.apiGroups()) {
      for (String resource : rule.resources()) {
        for (String verb : rule.verbs()) {
          if (rule.resourceNames().isEmpty()) {
            simple.add(new PolicyRule(List.of(verb), List.of(group), List.of(resource), List.of(), List.of()));
          } else {
            for (String name : rule.resourceNames()) {
              simple.add(new PolicyRule(List.of(verb), List.of(group), List.of(resource), List.of(name), List.of()));
            }
          }
        }
      }
    }
    for (String url : rule.nonResourceUrls()) {
      for (String verb : rule.verbs()) {
        simple.add(new PolicyRule(List.of(verb), List.of(), List.of(), List.of(), List.of(url)));
      }
    }
    return simple;
  }

  /** validation.ruleCovers. */
  static boolean covers(PolicyRule owner, PolicyRule sub) {
    boolean verbs = owner.verbs().contains(PolicyRule.ALL) || owner.verbs().containsAll(sub.verbs());
    boolean groups = owner.apiGroups().contains(PolicyRule.ALL) || owner.apiGroups().containsAll(sub.apiGroups());
    boolean resources = resourcesCovered(owner.resources(), sub.resources());
    boolean urls = sub.nonResourceUrls().stream().allMatch(url -> owner.nonResourceUrls().stream().anyMatch(
        o -> o.equals(url) || (o.endsWith("*") && url.startsWith(o.substring(0, o.length() - 1)))));
    boolean names = sub.resourceNames().isEmpty() ? owner.resourceNames().isEmpty()
        : owner.resourceNames().isEmpty() || owner.resourceNames().containsAll(sub.resourceNames());
    return verbs && groups && resources && names && urls;
  }

  private static boolean resourcesCovered(List<String> owner, List<String> sub) {
    if (owner.contains(PolicyRule.ALL)) {
      return true;
    }
    for (String resource : sub) {
      if (owner.contains(resource)) {
        continue;
      }
      int slash = resource.indexOf('/');
      if (slash < 0 || !owner.contains("*" + resource.substring(slash))) {
        return false;
      }
    }
    return true;
  }

  /** validation.CompactRules: simple rules of one group, resource and at most one name, merged across verbs. */
  static List<PolicyRule> compact(List<PolicyRule> rules) {
    Map<List<Object>, List<String>> verbsBySimple = new LinkedHashMap<>();
    Map<List<Object>, PolicyRule> firstBySimple = new LinkedHashMap<>();
    List<PolicyRule> compacted = new ArrayList<>();
    for (PolicyRule rule : rules) {
      boolean simple = rule.apiGroups().size() == 1 && rule.resources().size() == 1
          && rule.resourceNames().size() <= 1 && rule.nonResourceUrls().isEmpty() && !rule.verbs().isEmpty();
      if (!simple) {
        compacted.add(rule);
        continue;
      }
      List<Object> key = List.of(rule.apiGroups().get(0), rule.resources().get(0), rule.resourceNames());
      firstBySimple.putIfAbsent(key, rule);
      verbsBySimple.computeIfAbsent(key, k -> new ArrayList<>()).addAll(rule.verbs());
    }
    firstBySimple.forEach((key, rule) -> compacted.add(new PolicyRule(verbsBySimple.get(key), rule.apiGroups(),
        rule.resources(), rule.resourceNames(), rule.nonResourceUrls())));
    return compacted;
  }

  /** rbacv1helpers.CompactString: {APIGroups:["" "apps"], Resources:["pods"], Verbs:["get"]}. */
  static String compactString(PolicyRule rule) {
    List<String> parts = new ArrayList<>();
    if (!rule.apiGroups().isEmpty()) {
      parts.add("APIGroups:" + quotedList(rule.apiGroups()));
    }
    if (!rule.resources().isEmpty()) {
      parts.add("Resources:" + quotedList(rule.resources()));
    }
    if (!rule.nonResourceUrls().isEmpty()) {
      parts.add("NonResourceURLs:" + quotedList(rule.nonResourceUrls()));
    }
    if (!rule.resourceNames().isEmpty()) {
      parts.add("ResourceNames:" + quotedList(rule.resourceNames()));
    }
    if (!rule.verbs().isEmpty()) {
      parts.add("Verbs:" + quotedList(rule.verbs()));
    }
    return "{" + String.join(", ", parts) + "}";
  }

  /** Go's %q of a []string: ["a" "b"]. */
  private static String quotedList(List<String> values) {
    List<String> quoted = new ArrayList<>();
    values.forEach(v -> quoted.add("\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\""));
    return "[" + String.join(" ", quoted) + "]";
  }
}
