package dev.sft.controller.observe;

import dev.sft.api.Names;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.owned.RunFootprint;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.fabric8.kubernetes.client.KubernetesClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether the namespace's ResourceQuotas leave room for a run ({@link RunFootprint}): for each quota that applies to
 * the run's pods and each resource it bounds, what the run needs against {@code status.hard - status.used}. The test's
 * own pods still running (a cluster kept by a cleanup policy, which the run reuses or replaces) are already in
 * {@code used}, so their share is given back first. A quota with a scope other than {@code NotTerminating} or
 * {@code NotBestEffort} (which every pod of a run is), or with a scope selector, is not judged here: the API server
 * still enforces it, and a refused pod shows as {@code PodsNotStarting}. Reads only.
 */
@ApplicationScoped
public class QuotaCheck {
  /** Scopes every pod of a run falls in: no pod has activeDeadlineSeconds, every container has requests. */
  private static final Set<String> SCOPES_OF_RUN_PODS = Set.of("NotTerminating", "NotBestEffort");
  /** A quota's names for the resources {@link RunFootprint} counts: {@code cpu} is {@code requests.cpu}. */
  private static final Map<String, String> ALIASES = Map.of(
      "cpu", RunFootprint.REQUESTS_CPU, "memory", RunFootprint.REQUESTS_MEMORY,
      "count/pods", RunFootprint.PODS, "count/persistentvolumeclaims", RunFootprint.CLAIMS);

  private final KubernetesClient client;

  public QuotaCheck(KubernetesClient client) {
    this.client = client;
  }

  /** Why the run cannot fit, with the numbers; null when it fits (or no quota bounds it). */
  public String refusal(SchedulerFailureTest test, ResolvedSpec spec) {
    String namespace = test.getMetadata().getNamespace();
    List<ResourceQuota> quotas = client.resourceQuotas().inNamespace(namespace).list().getItems();
    if (quotas.isEmpty()) {
      return null;
    }
    boolean claimExists = !spec.createsClaim() || client.persistentVolumeClaims().inNamespace(namespace)
        .withName(Names.generatedClaim(test)).get() != null;
    Map<String, BigDecimal> needed = RunFootprint.total(spec, claimExists ? 0 : 1);
    Map<String, BigDecimal> ownUse = ownPodsUse(test);
    List<String> short_ = new ArrayList<>();
    for (ResourceQuota quota : quotas) {
      if (!appliesToRunPods(quota) || quota.getStatus() == null || quota.getStatus().getHard() == null) {
        continue;
      }
      Map<String, Quantity> used = quota.getStatus().getUsed() == null ? Map.of() : quota.getStatus().getUsed();
      for (Map.Entry<String, Quantity> hard : quota.getStatus().getHard().entrySet()) {
        String resource = ALIASES.getOrDefault(hard.getKey(), hard.getKey());
        if (!needed.containsKey(resource)) {
          continue;
        }
        BigDecimal usedNow = used.containsKey(hard.getKey()) ? Quantity.getAmountInBytes(used.get(hard.getKey()))
            : BigDecimal.ZERO;
        BigDecimal limit = Quantity.getAmountInBytes(hard.getValue());
        BigDecimal left = limit.subtract(usedNow).add(ownUse.getOrDefault(resource, BigDecimal.ZERO)).min(limit);
        if (needed.get(resource).compareTo(left) > 0) {
          short_.add("ResourceQuota " + quota.getMetadata().getName() + " " + hard.getKey() + ": needs "
              + shown(resource, needed.get(resource)) + ", " + shown(resource, left.max(BigDecimal.ZERO))
              + " left (hard " + shown(resource, limit) + ", used " + shown(resource, usedNow) + ")");
        }
      }
    }
    if (short_.isEmpty()) {
      return null;
    }
    return "the namespace's ResourceQuotas leave no room for this run's " + describe(spec) + ": "
        + String.join("; ", short_);
  }

  private static boolean appliesToRunPods(ResourceQuota quota) {
    var spec = quota.getSpec();
    if (spec == null) {
      return true;
    }
    return spec.getScopeSelector() == null && (spec.getScopes() == null || SCOPES_OF_RUN_PODS.containsAll(
        spec.getScopes()));
  }

  /** What the test's own pods that a quota still counts (not Succeeded or Failed) hold now. */
  private Map<String, BigDecimal> ownPodsUse(SchedulerFailureTest test) {
    Map<String, BigDecimal> use = new HashMap<>();
    for (Pod pod : client.pods().inNamespace(test.getMetadata().getNamespace())
        .withLabel(Names.TEST_LABEL, test.getMetadata().getName()).list().getItems()) {
      String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
      if ("Succeeded".equals(phase) || "Failed".equals(phase) || pod.getSpec() == null) {
        continue;
      }
      RunFootprint.addPod(use, pod.getSpec().getContainers().stream().map(Container::getResources)
          .filter(java.util.Objects::nonNull).toList());
    }
    return use;
  }

  /** E.g. {@code 2 Spark clusters (2 masters, 4 workers), 2 harness pods and the storage check}. */
  private static String describe(ResolvedSpec spec) {
    return RunFootprint.pods(spec).stream().map(kind -> kind.count() + " " + kind.what())
        .collect(Collectors.joining(", ")) + " pod(s) (spec.parallelism " + spec.parallelism() + ")";
  }

  /** Cores with up to three decimals, memory in MiB, counts as they are. */
  private static String shown(String resource, BigDecimal amount) {
    if (resource.endsWith("memory")) {
      return amount.divide(BigDecimal.valueOf(1024L * 1024), 0, RoundingMode.CEILING) + "Mi";
    }
    return amount.setScale(3, RoundingMode.CEILING).stripTrailingZeros().toPlainString();
  }
}
