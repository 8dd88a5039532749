package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Kubernetes' RBAC authorizer over the stored Roles, ClusterRoles and bindings: a request is allowed when a rule
 * of a role bound to its user allows it, where ClusterRoleBindings grant everywhere and RoleBindings (to a Role or a
 * ClusterRole) only in their own namespace. Members of {@code system:masters} are always allowed, as kube-apiserver's
 * privileged-group authorizer allows them. A ClusterRole with an {@code aggregationRule} has the rules of every
 * ClusterRole its selectors' matchLabels select (Kubernetes' aggregation controller writes them into it; here they are
 * read through). A binding whose role is missing is skipped and named in the reason, as Kubernetes does.
 */
public final class RbacAuthorizer {

  private final RbacObjects objects;

  public RbacAuthorizer(RbacObjects objects) {
    this.objects = objects;
  }

  /** The decision, and the reason Kubernetes appends to a denial's message ("" when there is none). */
  public record Decision(boolean allowed, String reason) {
  }

  /** The rules that apply to a user in a namespace ("" for cluster scope), and the roles that could not be found. */
  public record Rules(List<PolicyRule> rules, List<String> errors) {
  }

  public Decision authorize(RequestAttributes request) {
    if (request.user().inGroup(UserInfo.MASTERS)) {
      return new Decision(true, "");
    }
    Rules rules = rulesFor(request.user(), request.namespace());
    if (rules.rules().stream().anyMatch(rule -> rule.allows(request))) {
      return new Decision(true, "");
    }
    return new Decision(false, rules.errors().isEmpty() ? "" : "RBAC: " + aggregate(rules.errors()));
  }

  /** Everything the user may do in {@code namespace} (cluster-wide grants included), as rbac's RulesFor. */
  public Rules rulesFor(UserInfo user, String namespace) {
    List<PolicyRule> rules = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    Roles roles = new Roles(namespace);
    for (JsonNode binding : objects.clusterRoleBindings()) {
      if (appliesTo(binding, user, "")) {
        collect(binding.path("roleRef"), "", roles, rules, errors);
      }
    }
    if (!namespace.isEmpty()) {
      for (JsonNode binding : objects.roleBindings(namespace)) {
        if (appliesTo(binding, user, namespace)) {
          collect(binding.path("roleRef"), namespace, roles, rules, errors);
        }
      }
    }
    return new Rules(rules, errors);
  }

  /** The roles one decision reads, each list fetched once and only when a binding needs it. */
  private final class Roles {
    private final String namespace;
    private List<JsonNode> clusterRoles;
    private List<JsonNode> roles;

    Roles(String namespace) {
      this.namespace = namespace;
    }

    List<JsonNode> clusterRoles() {
      if (clusterRoles == null) {
        clusterRoles = objects.clusterRoles();
      }
      return clusterRoles;
    }

    List<JsonNode> roles() {
      if (roles == null) {
        roles = objects.roles(namespace);
      }
      return roles;
    }
  }

  /** The rules of the role a binding in {@code namespace} refers to, or why there are none. */
  public Optional<List<PolicyRule>> roleReferenceRules(JsonNode roleRef, String namespace, List<String> errors) {
    List<PolicyRule> rules = new ArrayList<>();
    int before = errors.size();
    collect(roleRef, namespace, new Roles(namespace), rules, errors);
    return errors.size() > before ? Optional.empty() : Optional.of(rules);
  }

  private void collect(JsonNode roleRef, String namespace, Roles roles, List<PolicyRule> rules,
      List<String> errors) {
    String kind = roleRef.path("kind").asText();
    String name = roleRef.path("name").asText();
    if (kind.equals("ClusterRole")) {
      Optional<JsonNode> role = named(roles.clusterRoles(), name);
      if (role.isEmpty()) {
        errors.add("clusterrole.rbac.authorization.k8s.io \"" + name + "\" not found");
      } else {
        rules.addAll(clusterRoleRules(role.get(), roles.clusterRoles()));
      }
    } else if (kind.equals("Role") && !namespace.isEmpty()) {
      Optional<JsonNode> role = named(roles.roles(), name);
      if (role.isEmpty()) {
        errors.add("role.rbac.authorization.k8s.io \"" + name + "\" not found");
      } else {
        rules.addAll(PolicyRule.allOf(role.get().path("rules")));
      }
    } else {
      errors.add("unsupported role reference kind: \"" + kind + "\"");
    }
  }

  private static List<PolicyRule> clusterRoleRules(JsonNode role, List<JsonNode> clusterRoles) {
    List<PolicyRule> rules = new ArrayList<>(PolicyRule.allOf(role.path("rules")));
    JsonNode selectors = role.path("aggregationRule").path("clusterRoleSelectors");
    if (selectors.isArray() && !selectors.isEmpty()) {
      for (JsonNode other : clusterRoles) {
        if (other != role && selectedByAny(selectors, other.path("metadata").path("labels"))) {
          rules.addAll(PolicyRule.allOf(other.path("rules")));
        }
      }
    }
    return rules;
  }

  /** matchLabels only; a selector with matchExpressions is not understood and selects nothing. */
  private static boolean selectedByAny(JsonNode selectors, JsonNode labels) {
    for (JsonNode selector : selectors) {
      if (selector.has("matchExpressions") || !selector.path("matchLabels").isObject()
          || selector.path("matchLabels").isEmpty()) {
        continue;
      }
      boolean all = true;
      var wanted = selector.path("matchLabels").fields();
      while (wanted.hasNext()) {
        var label = wanted.next();
        all &= label.getValue().asText().equals(labels.path(label.getKey()).asText(null));
      }
      if (all) {
        return true;
      }
    }
    return false;
  }

  /** rbac's appliesToUser: User and Group by name; ServiceAccount by namespace (default: the binding's) and name. */
  static boolean appliesTo(JsonNode binding, UserInfo user, String bindingNamespace) {
    for (JsonNode subject : binding.path("subjects")) {
      String name = subject.path("name").asText();
      boolean applies = switch (subject.path("kind").asText()) {
        case "User" -> user.name().equals(name);
        case "Group" -> user.inGroup(name);
        case "ServiceAccount" -> {
          String namespace = subject.path("namespace").asText("");
          namespace = namespace.isEmpty() ? bindingNamespace : namespace;
          yield !namespace.isEmpty() && user.isServiceAccount(namespace, name);
        }
        default -> false;
      };
      if (applies) {
        return true;
      }
    }
    return false;
  }

  private static Optional<JsonNode> named(List<JsonNode> objects, String name) {
    return objects.stream().filter(o -> name.equals(o.path("metadata").path("name").asText())).findFirst();
  }

  /** utilerrors.NewAggregate's message: one error as itself, several as "[a, b]". */
  static String aggregate(List<String> errors) {
    return errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]";
  }
}
