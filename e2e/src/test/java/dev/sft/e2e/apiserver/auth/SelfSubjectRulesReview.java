package dev.sft.e2e.apiserver.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * kube-apiserver's answer to a {@code SelfSubjectRulesReview}: the request with a status listing the rules that
 * apply to the asking user in {@code spec.namespace}. The operator SDK asks it before it runs for its leader Lease.
 * Members of {@code system:masters} get the one rule that allows everything (a cluster's cluster-admin binding).
 */
public final class SelfSubjectRulesReview {
  public static final String PATH = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews";

  private SelfSubjectRulesReview() {}

  static ObjectNode answer(JsonNode review, UserInfo user, RbacAuthorizer authorizer) {
    ObjectNode answer = review.isObject() ? ((ObjectNode) review).deepCopy() : JsonNodeFactory.instance.objectNode();
    answer.put("apiVersion", "authorization.k8s.io/v1").put("kind", "SelfSubjectRulesReview");
    RbacAuthorizer.Rules rules = user.inGroup(UserInfo.MASTERS)
        ? new RbacAuthorizer.Rules(List.of(new PolicyRule(List.of(PolicyRule.ALL), List.of(PolicyRule.ALL),
            List.of(PolicyRule.ALL), List.of(), List.of())), List.of())
        : authorizer.rulesFor(user, review.path("spec").path("namespace").asText(""));
    ObjectNode status = answer.putObject("status");
    ArrayNode resourceRules = status.putArray("resourceRules");
    ArrayNode nonResourceRules = status.putArray("nonResourceRules");
    for (PolicyRule rule : rules.rules()) {
      if (rule.nonResourceUrls().isEmpty()) {
        ObjectNode out = resourceRules.addObject();
        strings(out.putArray("verbs"), rule.verbs());
        strings(out.putArray("apiGroups"), rule.apiGroups());
        strings(out.putArray("resources"), rule.resources());
        if (!rule.resourceNames().isEmpty()) {
          strings(out.putArray("resourceNames"), rule.resourceNames());
        }
      } else {
        ObjectNode out = nonResourceRules.addObject();
        strings(out.putArray("verbs"), rule.verbs());
        strings(out.putArray("nonResourceURLs"), rule.nonResourceUrls());
      }
    }
    // Kubernetes marks the answer incomplete, with the reason, when a bound role is missing.
    status.put("incomplete", !rules.errors().isEmpty());
    if (!rules.errors().isEmpty()) {
      status.put("evaluationError", String.join(", ", rules.errors()));
    }
    return answer;
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }
}
