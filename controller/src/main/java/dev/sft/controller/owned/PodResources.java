package dev.sft.controller.owned;

import dev.sft.api.ResolvedSpec;
import dev.sft.controller.spark.MemoryBudget;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Container resources of every pod a test runs. What the spec names is kept; a resource (memory, cpu) it names in
 * neither requests nor limits gets requests = limits from {@link MemoryBudget} and the cores Spark is told about.
 * Without them a pod is evicted first under node memory pressure, packed onto a node with others, or OOM-killed at a
 * LimitRange's default or GKE Autopilot's: an unplanned executor or host loss the scenarios would score as their own.
 */
public final class PodResources {
  static final String MEMORY = "memory";
  static final String CPU = "cpu";
  /**
   * The master schedules and runs no tasks, but every worker waits for its JVM to start: a core, as a JVM's start is a
   * burst of class loading and compilation that a smaller CPU quota stretches.
   */
  static final String MASTER_CPU = "1";
  /** The client-mode driver: the scheduler's threads, the scenarios' gates, and the kill command's JVM. */
  static final String HARNESS_CPU = "1";
  static final String STORAGE_CHECK_CPU = "100m";

  private PodResources() {}

  /** Each worker: its daemon and the executors it may host ({@link MemoryBudget#worker}), and its cores. */
  public static ResourceRequirements worker(ResolvedSpec spec) {
    long mib = MemoryBudget.worker(spec.coresPerWorker(), MemoryBudget.sparkMemoryMib(spec.workerMemory()),
        spec.writer()).mib();
    return withDefaults(spec.workerResources(), mib + "Mi", String.valueOf(spec.coresPerWorker()));
  }

  /** The master has no spec field: fixed. */
  public static ResourceRequirements master() {
    return withDefaults(null, MemoryBudget.MASTER_MIB + "Mi", MASTER_CPU);
  }

  /** The harness: the default driver heap and both JVMs' overheads ({@link MemoryBudget#harnessDefaultMib}). */
  public static ResourceRequirements harness(ResolvedSpec spec) {
    return withDefaults(spec.harnessResources(), MemoryBudget.harnessDefaultMib() + "Mi", HARNESS_CPU);
  }

  /** The storage check: a shell and a few coreutils, small and fixed. */
  public static ResourceRequirements storageCheck() {
    return withDefaults(null, MemoryBudget.STORAGE_CHECK_MIB + "Mi", STORAGE_CHECK_CPU);
  }

  private static ResourceRequirements withDefaults(ResourceRequirements given, String memory, String cpu) {
    Map<String, Quantity> requests = new LinkedHashMap<>();
    Map<String, Quantity> limits = new LinkedHashMap<>();
    if (given != null) {
      if (given.getRequests() != null) {
        requests.putAll(given.getRequests());
      }
      if (given.getLimits() != null) {
        limits.putAll(given.getLimits());
      }
    }
    // A fixed order: the object's hash must not change between controller runs.
    defaultTo(requests, limits, MEMORY, memory);
    defaultTo(requests, limits, CPU, cpu);
    ResourceRequirements resources = new ResourceRequirements();
    if (given != null) {
      resources.setClaims(given.getClaims());
    }
    resources.setRequests(requests);
    resources.setLimits(limits);
    return resources;
  }

  private static void defaultTo(Map<String, Quantity> requests, Map<String, Quantity> limits, String resource,
      String amount) {
    if (!requests.containsKey(resource) && !limits.containsKey(resource)) {
      requests.put(resource, new Quantity(amount));
      limits.put(resource, new Quantity(amount));
    }
  }
}
