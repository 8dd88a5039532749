package dev.sft.e2e.apimachinery;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;

/** Label selectors and owner references, as the workload controllers and the DNS use them. */
public final class Selectors {
  private Selectors() {}

  /** A Service's selector: every pair must match (an empty selector selects nothing, as for Services). */
  public static boolean matches(Map<String, String> selector, Map<String, String> labels) {
    if (selector == null || selector.isEmpty()) {
      return false;
    }
    Map<String, String> have = labels == null ? Map.of() : labels;
    return selector.entrySet().stream().allMatch(e -> e.getValue().equals(have.get(e.getKey())));
  }

  /** A workload's LabelSelector with matchLabels and matchExpressions (an empty selector selects everything). */
  public static boolean matches(LabelSelector selector, Map<String, String> labels) {
    if (selector == null) {
      return true;
    }
    Map<String, String> have = labels == null ? Map.of() : labels;
    if (selector.getMatchLabels() != null && !selector.getMatchLabels().isEmpty()
        && !matches(selector.getMatchLabels(), have)) {
      return false;
    }
    List<LabelSelectorRequirement> expressions =
        selector.getMatchExpressions() == null ? List.of() : selector.getMatchExpressions();
    for (LabelSelectorRequirement requirement : expressions) {
      String value = have.get(requirement.getKey());
      List<String> values = requirement.getValues() == null ? List.of() : requirement.getValues();
      boolean ok = switch (requirement.getOperator()) {
        case "In" -> value != null && values.contains(value);
        case "NotIn" -> value == null || !values.contains(value);
        case "Exists" -> have.containsKey(requirement.getKey());
        case "DoesNotExist" -> !have.containsKey(requirement.getKey());
        default -> throw new IllegalArgumentException("unknown selector operator " + requirement.getOperator());
      };
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** The owner reference a controller puts on what it creates. */
  public static OwnerReference controllerRef(HasMetadata owner) {
    return new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion()).withKind(owner.getKind())
        .withName(owner.getMetadata().getName()).withUid(owner.getMetadata().getUid())
        .withController(true).withBlockOwnerDeletion(true).build();
  }

  public static boolean controlledBy(HasMetadata object, HasMetadata owner) {
    List<OwnerReference> refs = object.getMetadata().getOwnerReferences();
    return refs != null && refs.stream().anyMatch(r -> Boolean.TRUE.equals(r.getController())
        && owner.getMetadata().getUid() != null && owner.getMetadata().getUid().equals(r.getUid()));
  }

  public static boolean terminating(HasMetadata object) {
    return object.getMetadata().getDeletionTimestamp() != null;
  }

  public static boolean ready(Pod pod) {
    return pod.getStatus() != null && pod.getStatus().getConditions() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  public static String phase(Pod pod) {
    return pod.getStatus() == null || pod.getStatus().getPhase() == null ? "Pending" : pod.getStatus().getPhase();
  }

  public static boolean finished(Pod pod) {
    return finishedPhase(phase(pod));
  }

  public static boolean finishedPhase(String phase) {
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  public static String key(HasMetadata object) {
    return object.getMetadata().getNamespace() + "/" + object.getMetadata().getName();
  }
}
