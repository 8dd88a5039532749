package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The ResourceQuota admission plugin for pods: {@code pods}, {@code count/pods}, {@code requests.cpu} ({@code cpu}),
 * {@code requests.memory} ({@code memory}), {@code limits.cpu} and {@code limits.memory}. A quota on cpu or memory
 * requires every container to name that request or limit ("failed quota: ... must specify ..."); a pod that would
 * take the namespace past a quota's hard value is refused with "exceeded quota: ...". Usage is what the namespace's
 * pods that have not finished hold, counted at admission (the quota controller's {@code status.used} is not kept).
 * Scopes Terminating, NotTerminating, BestEffort and NotBestEffort are honoured; a quota with a
 * {@code scopeSelector} is not enforced.
 */
final class ResourceQuotaAdmission {
  private static final Set<String> NEEDS_CONTAINER_VALUE = Set.of("cpu", "memory", "requests.cpu",
      "requests.memory", "limits.cpu", "limits.memory");

  private ResourceQuotaAdmission() {}

  static void validate(Pod pod, List<ResourceQuota> quotas, List<Pod> existing) throws AdmissionRefused {
    String name = pod.getMetadata().getName();
    for (ResourceQuota quota : quotas) {
      if (quota.getSpec() == null || quota.getSpec().getHard() == null || quota.getSpec().getScopeSelector() != null
          || !inScope(quota, pod.getSpec())) {
        continue;
      }
      Map<String, Quantity> hard = quota.getSpec().getHard();
      String missing = missingValues(hard.keySet(), pod.getSpec());
      if (missing != null) {
        throw AdmissionRefused.forbidden(name, "failed quota: " + quota.getMetadata().getName() + ": must specify "
            + missing);
      }
      Map<String, BigDecimal> requested = usage(pod.getSpec());
      Map<String, BigDecimal> used = new HashMap<>();
      for (Pod other : existing) {
        if (counts(other) && !other.getMetadata().getName().equals(name) && inScope(quota, other.getSpec())) {
          usage(other.getSpec()).forEach((k, v) -> used.merge(k, v, BigDecimal::add));
        }
      }
      Map<String, String> overRequested = new TreeMap<>();
      Map<String, String> overUsed = new TreeMap<>();
      Map<String, String> overLimited = new TreeMap<>();
      for (Map.Entry<String, Quantity> limit : hard.entrySet()) {
        BigDecimal asked = requested.get(limit.getKey());
        if (asked == null || asked.signum() == 0) {
          continue;
        }
        BigDecimal before = used.getOrDefault(limit.getKey(), BigDecimal.ZERO);
        if (before.add(asked).compareTo(Quantities.value(limit.getValue())) > 0) {
          overRequested.put(limit.getKey(), Quantities.format(asked));
          overUsed.put(limit.getKey(), Quantities.format(before));
          overLimited.put(limit.getKey(), limit.getValue().toString());
        }
      }
      if (!overRequested.isEmpty()) {
        throw AdmissionRefused.forbidden(name, "exceeded quota: " + quota.getMetadata().getName() + ", requested: "
            + list(overRequested) + ", used: " + list(overUsed) + ", limited: " + list(overLimited));
      }
    }
  }

  /** "limits.cpu for: a,b; requests.memory for: a" as the pod evaluator lists them, or null. */
  private static String missingValues(Set<String> hard, PodSpec spec) {
    Map<String, Set<String>> missing = new TreeMap<>();
    for (Container c : ContainerResources.all(spec)) {
      for (String resource : hard) {
        if (!NEEDS_CONTAINER_VALUE.contains(resource)) {
          continue;
        }
        boolean limit = resource.startsWith("limits.");
        String base = resource.substring(resource.indexOf('.') + 1);
        if (!(limit ? ContainerResources.limits(c) : ContainerResources.requests(c)).containsKey(base)) {
          missing.computeIfAbsent(resource, k -> new TreeSet<>()).add(c.getName());
        }
      }
    }
    return missing.isEmpty() ? null : missing.entrySet().stream()
        .map(e -> e.getKey() + " for: " + String.join(",", e.getValue())).collect(Collectors.joining("; "));
  }

  /** What a pod holds of each quota resource. */
  private static Map<String, BigDecimal> usage(PodSpec spec) {
    Map<String, BigDecimal> usage = new HashMap<>();
    usage.put("pods", BigDecimal.ONE);
    usage.put("count/pods", BigDecimal.ONE);
    Map<String, BigDecimal> requests = ContainerResources.effective(spec, false);
    Map<String, BigDecimal> limits = ContainerResources.effective(spec, true);
    for (String base : List.of("cpu", "memory")) {
      if (requests.containsKey(base)) {
        usage.put(base, requests.get(base));
        usage.put("requests." + base, requests.get(base));
      }
      if (limits.containsKey(base)) {
        usage.put("limits." + base, limits.get(base));
      }
    }
    return usage;
  }

  /** Pods that have finished (Succeeded, Failed) no longer count against a quota. */
  private static boolean counts(Pod pod) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    return !"Succeeded".equals(phase) && !"Failed".equals(phase);
  }

  private static boolean inScope(ResourceQuota quota, PodSpec spec) {
    List<String> scopes = quota.getSpec().getScopes() == null ? List.of() : quota.getSpec().getScopes();
    boolean terminating = spec.getActiveDeadlineSeconds() != null;
    boolean bestEffort = ContainerResources.all(spec).stream()
        .allMatch(c -> ContainerResources.requests(c).isEmpty() && ContainerResources.limits(c).isEmpty());
    for (String scope : scopes) {
      boolean matches = switch (scope) {
        case "Terminating" -> terminating;
        case "NotTerminating" -> !terminating;
        case "BestEffort" -> bestEffort;
        case "NotBestEffort" -> !bestEffort;
        default -> true;
      };
      if (!matches) {
        return false;
      }
    }
    return true;
  }

  private static String list(Map<String, String> values) {
    List<String> parts = new ArrayList<>();
    values.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(",", parts);
  }
}
