package dev.sft.controller.owned;

import dev.sft.api.ResolvedSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run holds at its peak, in the resource names a ResourceQuota counts: {@code spec.parallelism} Spark clusters
 * (a master and {@code spec.spark.workers} workers each), one harness pod per cluster (a turn's Jobs run at once), the
 * storage check (it runs while the clusters start) and the generated claim. The pods' resources are those their
 * manifests get ({@link PodResources}); a request a container leaves out is its limit, as the API server defaults it.
 */
public final class RunFootprint {
  public static final String PODS = "pods";
  public static final String REQUESTS_CPU = "requests.cpu";
  public static final String REQUESTS_MEMORY = "requests.memory";
  public static final String LIMITS_CPU = "limits.cpu";
  public static final String LIMITS_MEMORY = "limits.memory";
  public static final String CLAIMS = "persistentvolumeclaims";
  /** The resources of a ResourceQuota this footprint answers for, in the order a message lists them. */
  public static final List<String> COUNTED = List.of(PODS, REQUESTS_CPU, LIMITS_CPU, REQUESTS_MEMORY, LIMITS_MEMORY,
      CLAIMS);

  /** One kind of pod of the run: how many of it at once, and each one's container resources. */
  public record PodKind(String what, int count, ResourceRequirements resources) {}

  private RunFootprint() {}

  /** The pods of a run of {@code spec} at its peak. */
  public static List<PodKind> pods(ResolvedSpec spec) {
    int clusters = spec.parallelism();
    return List.of(
        new PodKind("master", clusters, PodResources.master()),
        new PodKind("worker", clusters * spec.workers(), PodResources.worker(spec)),
        new PodKind("harness", clusters, PodResources.harness(spec)),
        new PodKind("storage check", 1, PodResources.storageCheck()));
  }

  /**
   * The run's total of each {@link #COUNTED} resource, base units (cores, bytes, objects).
   *
   * @param newClaims claims the run still has to create (0 when it mounts an existing one, or its own exists)
   */
  public static Map<String, BigDecimal> total(ResolvedSpec spec, int newClaims) {
    Map<String, BigDecimal> total = new LinkedHashMap<>();
    for (PodKind kind : pods(spec)) {
      add(total, kind.count(), kind.resources());
    }
    total.put(CLAIMS, BigDecimal.valueOf(newClaims));
    return total;
  }

  /** Adds {@code count} pods of one container of {@code resources} to {@code total}. */
  private static void add(Map<String, BigDecimal> total, int count, ResourceRequirements resources) {
    total.merge(PODS, BigDecimal.valueOf(count), BigDecimal::add);
    addResources(total, count, resources);
  }

  /** Adds one pod of these containers' resources to {@code total}. */
  public static void addPod(Map<String, BigDecimal> total, List<ResourceRequirements> containers) {
    total.merge(PODS, BigDecimal.ONE, BigDecimal::add);
    containers.forEach(resources -> addResources(total, 1, resources));
  }

  private static void addResources(Map<String, BigDecimal> total, int count, ResourceRequirements resources) {
    BigDecimal n = BigDecimal.valueOf(count);
    total.merge(REQUESTS_CPU, requested(resources, PodResources.CPU).multiply(n), BigDecimal::add);
    total.merge(REQUESTS_MEMORY, requested(resources, PodResources.MEMORY).multiply(n), BigDecimal::add);
    total.merge(LIMITS_CPU, amount(resources.getLimits(), PodResources.CPU).multiply(n), BigDecimal::add);
    total.merge(LIMITS_MEMORY, amount(resources.getLimits(), PodResources.MEMORY).multiply(n), BigDecimal::add);
  }

  private static BigDecimal requested(ResourceRequirements resources, String resource) {
    Map<String, Quantity> requests = resources.getRequests();
    return requests != null && requests.containsKey(resource) ? amount(requests, resource)
        : amount(resources.getLimits(), resource);
  }

  private static BigDecimal amount(Map<String, Quantity> quantities, String resource) {
    Quantity quantity = quantities == null ? null : quantities.get(resource);
    return quantity == null ? BigDecimal.ZERO : Quantity.getAmountInBytes(quantity);
  }
}
