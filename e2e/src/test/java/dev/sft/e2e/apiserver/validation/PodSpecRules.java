package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The pod spec rules of Kubernetes' {@code ValidatePodSpec} (pkg/apis/core/validation) that the controller's pods can
 * break, for a Pod's spec and every workload's pod template: container and init-container names (DNS-1123 labels,
 * unique across both), their ports (numbers 1-65535, IANA service names unique per container, protocols), env var
 * names, resources (quantities, requests at most the limits, claims named in {@code spec.resourceClaims}), volume names
 * and the mounts naming them, probes, the grace period and the active deadline. Worded and pathed as Kubernetes does.
 */
public final class PodSpecRules {

  private static final String ENV_VAR_NAME = "[-._a-zA-Z][-._a-zA-Z0-9]*";
  private static final Set<String> PROTOCOLS = Set.of("TCP", "UDP", "SCTP");
  private static final String[] HANDLERS = {"exec", "httpGet", "tcpSocket", "grpc"};

  private PodSpecRules() {
  }

  /**
   * Every broken rule of {@code spec}, the pod spec at {@code path} ({@code spec}, {@code spec.template.spec}).
   *
   * @throws Quantity.Malformed when a resource quantity cannot be read (the request cannot be decoded)
   */
  public static List<FieldError> validate(JsonNode spec, String path) {
    List<FieldError> errors = new ArrayList<>();
    Set<String> volumes = volumes(spec.path("volumes"), path + ".volumes", errors);
    Set<String> claims = new TreeSet<>();
    JsonNode resourceClaims = spec.path("resourceClaims");
    for (int i = 0; i < resourceClaims.size(); i++) {
      claims.add(resourceClaims.get(i).path("name").asText(""));
    }
    Set<String> containerNames = new HashSet<>();
    containers(spec.path("initContainers"), path + ".initContainers", false, containerNames, volumes, claims, errors);
    JsonNode containers = spec.path("containers");
    if (containers.isEmpty()) {
      errors.add(FieldError.required(path + ".containers", ""));
    }
    containers(containers, path + ".containers", true, containerNames, volumes, claims, errors);
    JsonNode grace = spec.path("terminationGracePeriodSeconds");
    if (grace.isNumber() && grace.asLong() < 0) {
      errors.add(nonNegative(path + ".terminationGracePeriodSeconds", grace.asLong()));
    }
    JsonNode deadline = spec.path("activeDeadlineSeconds");
    if (deadline.isNumber() && (deadline.asLong() < 1 || deadline.asLong() > Integer.MAX_VALUE)) {
      errors.add(FieldError.invalid(path + ".activeDeadlineSeconds", LongNode.valueOf(deadline.asLong()),
          "must be between 1 and " + Integer.MAX_VALUE + ", inclusive"));
    }
    return errors;
  }

  /** {@code ValidateNonnegativeField}'s error. */
  static FieldError nonNegative(String path, long value) {
    return FieldError.invalid(path, LongNode.valueOf(value), "must be greater than or equal to 0");
  }

  private static Set<String> volumes(JsonNode volumes, String path, List<FieldError> errors) {
    Set<String> names = new HashSet<>();
    for (int i = 0; i < volumes.size(); i++) {
      String namePath = path + "[" + i + "].name";
      String name = volumes.get(i).path("name").asText("");
      if (name.isEmpty()) {
        errors.add(FieldError.required(namePath, ""));
        continue;
      }
      dns1123Label(namePath, name, errors);
      if (!names.add(name)) {
        errors.add(FieldError.duplicate(namePath, TextNode.valueOf(name)));
      }
    }
    return names;
  }

  private static void containers(JsonNode containers, String path, boolean regular, Set<String> names,
      Set<String> volumes, Set<String> claims, List<FieldError> errors) {
    for (int i = 0; i < containers.size(); i++) {
      JsonNode container = containers.get(i);
      String at = path + "[" + i + "]";
      String name = container.path("name").asText("");
      if (name.isEmpty()) {
        errors.add(FieldError.required(at + ".name", ""));
      } else {
        dns1123Label(at + ".name", name, errors);
        if (!names.add(name)) {
          errors.add(FieldError.duplicate(at + ".name", TextNode.valueOf(name)));
        }
      }
      ports(container.path("ports"), at + ".ports", errors);
      env(container.path("env"), at + ".env", errors);
      resources(container.path("resources"), at + ".resources", claims, errors);
      mounts(container.path("volumeMounts"), at + ".volumeMounts", volumes, errors);
      if (regular) {
        probe(container.path("livenessProbe"), at + ".livenessProbe", true, errors);
        probe(container.path("readinessProbe"), at + ".readinessProbe", false, errors);
        probe(container.path("startupProbe"), at + ".startupProbe", true, errors);
      }
    }
  }

  private static void ports(JsonNode ports, String path, List<FieldError> errors) {
    Set<String> names = new HashSet<>();
    for (int i = 0; i < ports.size(); i++) {
      JsonNode port = ports.get(i);
      String at = path + "[" + i + "]";
      String name = port.path("name").asText("");
      if (!name.isEmpty()) {
        List<String> problems = portNameProblems(name);
        problems.forEach(p -> errors.add(FieldError.invalid(at + ".name", name, p)));
        if (problems.isEmpty() && !names.add(name)) {
          errors.add(FieldError.duplicate(at + ".name", TextNode.valueOf(name)));
        }
      }
      JsonNode number = port.path("containerPort");
      if (number.asLong(0) == 0) {
        errors.add(FieldError.required(at + ".containerPort", ""));
      } else {
        portNumber(at + ".containerPort", number, errors);
      }
      if (port.path("hostPort").asLong(0) != 0) {
        portNumber(at + ".hostPort", port.path("hostPort"), errors);
      }
      protocol(port.path("protocol"), at + ".protocol", errors);
    }
  }

  static void protocol(JsonNode protocol, String path, List<FieldError> errors) {
    if (!protocol.isMissingNode() && !PROTOCOLS.contains(protocol.asText())) {
      errors.add(FieldError.notSupported(path, protocol, List.of("SCTP", "TCP", "UDP")));
    }
  }

  static void portNumber(String path, JsonNode number, List<FieldError> errors) {
    long value = number.asLong();
    if (!number.isIntegralNumber() || value < 1 || value > 65535) {
      errors.add(FieldError.invalid(path, number, "must be between 1 and 65535, inclusive"));
    }
  }

  /** Kubernetes' {@code IsValidPortName}: an IANA service name. */
  static List<String> portNameProblems(String name) {
    List<String> problems = new ArrayList<>();
    if (name.length() > 15) {
      problems.add("must be no more than 15 characters");
    }
    if (!name.matches("[-a-z0-9]+")) {
      problems.add("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    }
    if (!name.matches(".*[a-z].*")) {
      problems.add("must contain at least one letter (a-z)");
    }
    if (name.contains("--")) {
      problems.add("must not contain consecutive hyphens");
    }
    if (name.startsWith("-") || name.endsWith("-")) {
      problems.add("must not begin or end with a hyphen");
    }
    return problems;
  }

  static void dns1123Label(String path, String value, List<FieldError> errors) {
    ObjectMetaRules.nameProblems(ObjectMetaRules.NameRule.DNS1123_LABEL, value)
        .forEach(p -> errors.add(FieldError.invalid(path, value, p)));
  }

  private static void env(JsonNode env, String path, List<FieldError> errors) {
    for (int i = 0; i < env.size(); i++) {
      String at = path + "[" + i + "].name";
      String name = env.get(i).path("name").asText("");
      if (name.isEmpty()) {
        errors.add(FieldError.required(at, ""));
      } else if (!name.matches(ENV_VAR_NAME)) {
        errors.add(FieldError.invalid(at, name, ObjectMetaRules.regexError("a valid environment variable name must "
            + "consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
            ENV_VAR_NAME, "my.env-name", "MY_ENV.NAME", "MyEnvName1")));
      }
    }
  }

  private static void resources(JsonNode resources, String path, Set<String> podClaims, List<FieldError> errors) {
    JsonNode limits = resources.path("limits");
    Iterator<Map.Entry<String, JsonNode>> limitFields = limits.fields();
    while (limitFields.hasNext()) {
      Map.Entry<String, JsonNode> limit = limitFields.next();
      if (Quantity.parse(limit.getValue()).signum() < 0) {
        errors.add(FieldError.invalid(path + ".limits[" + limit.getKey() + "]", limit.getValue().asText(),
            "must be greater than or equal to 0"));
      }
    }
    Iterator<Map.Entry<String, JsonNode>> requests = resources.path("requests").fields();
    while (requests.hasNext()) {
      Map.Entry<String, JsonNode> request = requests.next();
      String at = path + ".requests[" + request.getKey() + "]";
      BigDecimal requested = Quantity.parse(request.getValue());
      if (requested.signum() < 0) {
        errors.add(FieldError.invalid(at, request.getValue().asText(), "must be greater than or equal to 0"));
      }
      JsonNode limit = limits.path(request.getKey());
      if (!limit.isMissingNode() && requested.compareTo(Quantity.parse(limit)) > 0) {
        errors.add(FieldError.invalid(at, request.getValue().asText(), "must be less than or equal to "
            + request.getKey() + " limit of " + limit.asText()));
      }
    }
    JsonNode claims = resources.path("claims");
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < claims.size(); i++) {
      String at = path + ".claims[" + i + "]";
      String name = claims.get(i).path("name").asText("");
      if (name.isEmpty()) {
        errors.add(FieldError.required(at, ""));
        continue;
      }
      if (!seen.add(name)) {
        errors.add(FieldError.duplicate(at, TextNode.valueOf(name)));
      }
      if (!podClaims.contains(name)) {
        errors.add(FieldError.notFound(at, TextNode.valueOf(name), "must be one of the names in "
            + "pod.spec.resourceClaims" + (podClaims.isEmpty() ? " which is empty" : ": " + String.join(", ", podClaims))));
      }
    }
  }

  private static void mounts(JsonNode mounts, String path, Set<String> volumes, List<FieldError> errors) {
    Set<String> mountPaths = new HashSet<>();
    for (int i = 0; i < mounts.size(); i++) {
      JsonNode mount = mounts.get(i);
      String at = path + "[" + i + "]";
      String name = mount.path("name").asText("");
      if (name.isEmpty()) {
        errors.add(FieldError.required(at + ".name", ""));
      } else if (!volumes.contains(name)) {
        errors.add(FieldError.notFound(at + ".name", TextNode.valueOf(name), ""));
      }
      String mountPath = mount.path("mountPath").asText("");
      if (mountPath.isEmpty()) {
        errors.add(FieldError.required(at + ".mountPath", ""));
      } else if (!mountPaths.add(mountPath)) {
        errors.add(FieldError.invalid(at + ".mountPath", mountPath, "must be unique"));
      }
    }
  }

  private static void probe(JsonNode probe, String path, boolean successMustBeOne, List<FieldError> errors) {
    if (!probe.isObject()) {
      return;
    }
    int handlers = 0;
    for (String handler : HANDLERS) {
      handlers += probe.has(handler) ? 1 : 0;
    }
    if (handlers == 0) {
      errors.add(FieldError.required(path, "must specify a handler type"));
    } else if (handlers > 1) {
      errors.add(FieldError.forbidden(path, "may not specify more than 1 handler type"));
    }
    for (String field : new String[] {"initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold",
        "failureThreshold"}) {
      JsonNode value = probe.path(field);
      if (value.isNumber() && value.asLong() < 0) {
        errors.add(nonNegative(path + "." + field, value.asLong()));
      }
    }
    JsonNode success = probe.path("successThreshold");
    if (successMustBeOne && success.isNumber() && success.asLong() != 1) {
      errors.add(FieldError.invalid(path + ".successThreshold", success, "must be 1"));
    }
  }
}
