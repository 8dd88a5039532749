package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The spec rules of the built-in kinds the controller writes, from Kubernetes' validation (pkg/apis/core, apps,
 * batch and policy): the pod spec of a Pod and of every workload's template ({@link PodSpecRules}), a StatefulSet's
 * replicas, selector and restart policy, a Job's counts and restart policy, a Service's ports and a disruption
 * budget's exclusive fields. Kinds not listed have no spec rules here.
 */
public final class BuiltInKindRules {

  private BuiltInKindRules() {
  }

  /**
   * Every broken spec rule of {@code object}.
   *
   * @throws Quantity.Malformed when a resource quantity cannot be read
   */
  public static List<FieldError> validate(String group, String kind, JsonNode object) {
    JsonNode spec = object.path("spec");
    List<FieldError> errors = new ArrayList<>();
    switch (group + "/" + kind) {
      case "/Pod" -> errors.addAll(PodSpecRules.validate(spec, "spec"));
      case "/Service" -> service(spec, errors);
      case "apps/StatefulSet" -> statefulSet(spec, errors);
      case "apps/Deployment", "apps/ReplicaSet", "apps/DaemonSet" -> {
        selector(spec, errors);
        errors.addAll(PodSpecRules.validate(spec.path("template").path("spec"), "spec.template.spec"));
      }
      case "batch/Job" -> job(spec, "spec", errors);
      case "batch/CronJob" -> job(spec.path("jobTemplate").path("spec"), "spec.jobTemplate.spec", errors);
      case "policy/PodDisruptionBudget" -> disruptionBudget(spec, errors);
      default -> { }
    }
    return errors;
  }

  private static void statefulSet(JsonNode spec, List<FieldError> errors) {
    nonNegative(spec, "replicas", "spec", errors);
    selector(spec, errors);
    restartPolicy(spec, List.of("Always"), errors);
    errors.addAll(PodSpecRules.validate(spec.path("template").path("spec"), "spec.template.spec"));
  }

  /** A workload's selector is required, not empty, and selects its own template's labels. */
  private static void selector(JsonNode spec, List<FieldError> errors) {
    JsonNode selector = spec.path("selector");
    if (!selector.isObject()) {
      errors.add(FieldError.required("spec.selector", ""));
      return;
    }
    if (selector.path("matchLabels").isEmpty() && selector.path("matchExpressions").isEmpty()) {
      errors.add(FieldError.invalid("spec.selector", TextNode.valueOf(selector.toString()),
          "empty selector is invalid for this resource"));
      return;
    }
    JsonNode labels = spec.path("template").path("metadata").path("labels");
    if (!selects(selector, labels)) {
      errors.add(FieldError.invalid("spec.template.metadata.labels", TextNode.valueOf(labels.toString()),
          "`selector` does not match template `labels`"));
    }
  }

  /** A label selector's matchLabels and matchExpressions (In, NotIn, Exists, DoesNotExist) against labels. */
  static boolean selects(JsonNode selector, JsonNode labels) {
    Iterator<Map.Entry<String, JsonNode>> wanted = selector.path("matchLabels").fields();
    while (wanted.hasNext()) {
      Map.Entry<String, JsonNode> label = wanted.next();
      if (!label.getValue().asText().equals(labels.path(label.getKey()).asText(null))) {
        return false;
      }
    }
    for (JsonNode expression : selector.path("matchExpressions")) {
      JsonNode value = labels.path(expression.path("key").asText());
      Set<String> values = new HashSet<>();
      expression.path("values").forEach(v -> values.add(v.asText()));
      boolean holds = switch (expression.path("operator").asText()) {
        case "In" -> value.isTextual() && values.contains(value.asText());
        case "NotIn" -> !value.isTextual() || !values.contains(value.asText());
        case "Exists" -> !value.isMissingNode();
        case "DoesNotExist" -> value.isMissingNode();
        default -> false;
      };
      if (!holds) {
        return false;
      }
    }
    return true;
  }

  private static void job(JsonNode spec, String path, List<FieldError> errors) {
    for (String field : new String[] {"parallelism", "completions", "backoffLimit"}) {
      nonNegative(spec, field, path, errors);
    }
    JsonNode deadline = spec.path("activeDeadlineSeconds");
    if (deadline.isNumber() && deadline.asLong() <= 0) {
      errors.add(FieldError.invalid(path + ".activeDeadlineSeconds", deadline, "must be greater than 0"));
    }
    JsonNode podSpec = spec.path("template").path("spec");
    // a pod template without one is defaulted to Always, which a Job refuses
    String policy = podSpec.path("restartPolicy").asText("Always");
    if (!policy.equals("OnFailure") && !policy.equals("Never")) {
      errors.add(FieldError.notSupported(path + ".template.spec.restartPolicy", TextNode.valueOf(policy),
          List.of("OnFailure", "Never")));
    }
    errors.addAll(PodSpecRules.validate(podSpec, path + ".template.spec"));
  }

  private static void restartPolicy(JsonNode spec, List<String> allowed, List<FieldError> errors) {
    JsonNode policy = spec.path("template").path("spec").path("restartPolicy");
    if (!policy.isMissingNode() && !allowed.contains(policy.asText())) {
      errors.add(FieldError.notSupported("spec.template.spec.restartPolicy", policy, allowed));
    }
  }

  private static void service(JsonNode spec, List<FieldError> errors) {
    JsonNode ports = spec.path("ports");
    boolean headless = spec.path("clusterIP").asText("").equals("None");
    if (ports.isEmpty() && !headless && !spec.path("type").asText("").equals("ExternalName")) {
      errors.add(FieldError.required("spec.ports", ""));
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < ports.size(); i++) {
      JsonNode port = ports.get(i);
      String at = "spec.ports[" + i + "]";
      String name = port.path("name").asText("");
      if (name.isEmpty()) {
        if (ports.size() > 1) {
          errors.add(FieldError.required(at + ".name", ""));
        }
      } else {
        PodSpecRules.dns1123Label(at + ".name", name, errors);
        if (!names.add(name)) {
          errors.add(FieldError.duplicate(at + ".name", TextNode.valueOf(name)));
        }
      }
      PodSpecRules.portNumber(at + ".port", port.path("port"), errors);
      PodSpecRules.protocol(port.path("protocol"), at + ".protocol", errors);
      JsonNode target = port.path("targetPort");
      if (target.isNumber()) {
        PodSpecRules.portNumber(at + ".targetPort", target, errors);
      } else if (target.isTextual()) {
        PodSpecRules.portNameProblems(target.asText())
            .forEach(p -> errors.add(FieldError.invalid(at + ".targetPort", target.asText(), p)));
      }
    }
  }

  private static void disruptionBudget(JsonNode spec, List<FieldError> errors) {
    if (spec.has("minAvailable") && spec.has("maxUnavailable")) {
      errors.add(FieldError.invalid("spec", TextNode.valueOf(spec.toString()),
          "minAvailable and maxUnavailable cannot be both set"));
    }
    for (String field : new String[] {"minAvailable", "maxUnavailable"}) {
      JsonNode value = spec.path(field);
      String at = "spec." + field;
      if (value.isNumber() && value.asLong() < 0) {
        errors.add(PodSpecRules.nonNegative(at, value.asLong()));
      } else if (value.isTextual()) {
        String text = value.asText();
        if (!text.matches("[0-9]+%")) {
          errors.add(FieldError.invalid(at, text, "a valid percent string must be a numeric string followed by an "
              + "ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"));
        } else if (Long.parseLong(text.substring(0, text.length() - 1)) > 100) {
          errors.add(FieldError.invalid(at, text, "must not be greater than 100%"));
        }
      }
    }
  }

  private static void nonNegative(JsonNode spec, String field, String path, List<FieldError> errors) {
    JsonNode value = spec.path(field);
    if (value.isNumber() && value.asLong() < 0) {
      errors.add(PodSpecRules.nonNegative(path + "." + field, value.asLong()));
    }
  }
}
