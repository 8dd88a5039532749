package dev.sft.controller.validate;

import dev.sft.contract.ExecutorSizing;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SpecDefaults;
import dev.sft.api.Names;
import dev.sft.controller.schedule.CronSchedule;
import dev.sft.controller.schedule.ScheduleSettings;
import dev.sft.controller.spark.MemoryBudget;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a resource before anything is created for it. It re-checks the CRD schema's rules (an API server may
 * serve the CRD without them, and the mock server used in tests enforces none) and adds the rules a schema cannot
 * express. Pure: reads the resource, never the cluster.
 */
public final class SpecValidator {

  /** One broken rule, named by the field's path so the {@code Stalled} message tells the user what to fix. */
  public record Violation(String field, String problem) {
    @Override
    public String toString() {
      return field + ": " + problem;
    }
  }

  private static final String DNS_SUBDOMAIN = "[a-z0-9]([-a-z0-9.]*[a-z0-9])?";

  /** Folders the images use; mounting the shared volume over them would break the pods. */
  public static final List<String> RESERVED_MOUNT_PATHS = List.of("/opt/spark", "/opt/sft", "/tmp", "/dev", "/proc", "/");

  private SpecValidator() {}

  public static List<Violation> validate(SchedulerFailureTest resource) {
    List<Violation> violations = new ArrayList<>();
    String name = resource.getMetadata().getName();
    if (name.length() > Names.MAX_TEST_NAME_LENGTH) {
      violations.add(new Violation("metadata.name", "must be at most " + Names.MAX_TEST_NAME_LENGTH
          + " characters (child names such as <name>-worker must stay valid), got " + name.length()));
    }
    if (!name.matches(SpecDefaults.NAME_PATTERN)) {
      violations.add(new Violation("metadata.name", "must be a lower-case DNS-1035 label (a letter first, then "
          + "lower-case letters, digits and '-', ending with a letter or digit, no '.'), got '" + name
          + "': the test's Services <name>-master and <name>-worker are named after it"));
    }
    SchedulerFailureTestSpec spec = resource.getSpec();
    if (spec == null) {
      violations.add(new Violation("spec", "is required"));
      return violations;
    }
    validateScenarios(spec.scenarios, violations);
    validateOperations(spec.operations, violations);
    validatePins(spec, violations);
    validateKnownFindings(spec.knownFindings, violations);
    range("spec.repeat", spec.repeat, SpecDefaults.MIN_REPEAT, SpecDefaults.MAX_REPEAT, violations);
    validateSoak(spec, violations);
    validateParallelism(spec, violations);
    WriterName writer = spec.harness == null || spec.harness.writer == null ? WriterName.ICEBERG : spec.harness.writer;
    validateSpark(spec.spark, writer, violations);
    validateHarness(spec.harness, violations);
    validatePullSecrets(spec.imagePullSecrets, violations);
    quantities("spec.spark.resources", spec.spark == null ? null : spec.spark.resources, violations);
    quantities("spec.harness.resources", spec.harness == null ? null : spec.harness.resources, violations);
    keys("spec.placement.nodeSelector", spec.placement == null ? null : spec.placement.nodeSelector, violations);
    validateCompare(spec.compare, violations);
    validateStorage(spec.storage, violations);
    validateSchedule(spec, violations);
    boolean oneNodeClaim = spec.storage != null && spec.storage.claimTemplate != null
        && spec.storage.claimTemplate.accessModes != null
        && !spec.storage.claimTemplate.accessModes.contains(SpecDefaults.CLAIM_ACCESS_MODE);
    if (oneNodeClaim && spec.placement != null
        && spec.placement.workerAntiAffinity == SchedulerFailureTestSpec.WorkerAntiAffinity.Required) {
      violations.add(new Violation("spec.placement.workerAntiAffinity", "Required puts every worker on its own "
          + "node, which a ReadWriteOnce claim cannot serve (it mounts on one node only): use None with "
          + "ReadWriteOnce, or a ReadWriteMany claim"));
    }
    return violations;
  }

  private static void validateScenarios(List<String> scenarios, List<Violation> violations) {
    if (scenarios == null) {
      return; // absent means the reference suite's four
    }
    if (scenarios.isEmpty()) {
      violations.add(new Violation("spec.scenarios", "must not be empty; omit it to run the reference suite's four"));
      return;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < scenarios.size(); i++) {
      String id = scenarios.get(i);
      try {
        if (ScenarioName.fromId(id).control()) {
          violations.add(new Violation("spec.scenarios[" + i + "]", "'" + id + "' is not a failure scenario; set"
              + " spec.control: true to add the control cells"));
          continue;
        }
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.scenarios[" + i + "]", "unknown scenario '" + (id == null ? "" : id.trim())
            + "'; valid scenarios: " + String.join(", ", ScenarioName.faultIds())));
        continue;
      }
      if (!seen.add(id)) {
        violations.add(new Violation("spec.scenarios[" + i + "]", "'" + id + "' is listed twice"));
      }
    }
  }

  /** Each pin must be known, listed once, and hold a selected scenario (the contract's {@code Pin.validated}). */
  private static void validatePins(SchedulerFailureTestSpec spec, List<Violation> violations) {
    if (spec.pin == null) {
      return;
    }
    List<dev.sft.contract.Pin> pins = new ArrayList<>();
    for (int i = 0; i < spec.pin.size(); i++) {
      String id = spec.pin.get(i);
      try {
        dev.sft.contract.Pin pin = dev.sft.contract.Pin.fromId(id);
        if (pins.contains(pin)) {
          violations.add(new Violation("spec.pin[" + i + "]", "'" + id + "' is listed twice"));
        }
        pins.add(pin);
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.pin[" + i + "]", e.getMessage()));
      }
    }
    try {
      List<ScenarioName> selected = spec.scenarios == null ? ScenarioName.defaults()
          : spec.scenarios.stream().map(ScenarioName::fromId).toList();
      dev.sft.contract.Pin.validated(pins, selected);
    } catch (IllegalArgumentException e) {
      // An unknown scenario is reported by validateScenarios; here only what the pins themselves break.
      if (!e.getMessage().startsWith("unknown scenario")) {
        violations.add(new Violation("spec.pin", e.getMessage()));
      }
    }
  }

  private static void validateOperations(List<String> operations, List<Violation> violations) {
    if (operations == null) {
      return; // absent means append
    }
    if (operations.isEmpty()) {
      violations.add(new Violation("spec.operations", "must not be empty; omit it to run append only"));
      return;
    }
    Set<WriteOperation> seen = new HashSet<>();
    for (int i = 0; i < operations.size(); i++) {
      WriteOperation operation;
      try {
        operation = WriteOperation.fromId(operations.get(i));
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.operations[" + i + "]", e.getMessage()));
        continue;
      }
      if (!seen.add(operation)) {
        violations.add(new Violation("spec.operations[" + i + "]", "'" + operation.id() + "' is listed twice"));
      }
    }
  }

  /** Each entry as the harness will read it: the regular expression, operation and reference checked alike. */
  private static void validateKnownFindings(List<SchedulerFailureTestSpec.KnownFindingSpec> entries,
      List<Violation> violations) {
    if (entries == null) {
      return;
    }
    if (entries.size() > SpecDefaults.MAX_KNOWN_FINDINGS) {
      violations.add(new Violation("spec.knownFindings", "at most " + SpecDefaults.MAX_KNOWN_FINDINGS
          + " entries, got " + entries.size()));
    }
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i) == null) {
        violations.add(new Violation("spec.knownFindings[" + i + "]", "must not be null"));
        continue;
      }
      try {
        entries.get(i).toContract();
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.knownFindings[" + i + "]", e.getMessage()));
      }
    }
    if (violations.stream().noneMatch(v -> v.field().startsWith("spec.knownFindings"))) {
      try {
        // The list as a whole: no entry may repeat another, as a report names each by its key.
        dev.sft.contract.KnownFindings.of(entries.stream().map(SchedulerFailureTestSpec.KnownFindingSpec::toContract)
            .toList());
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.knownFindings", e.getMessage()));
      }
    }
  }

  private static void validateSpark(SchedulerFailureTestSpec.Spark spark, WriterName writer,
      List<Violation> violations) {
    if (spark == null) {
      violations.add(new Violation("spec.spark", "is required"));
      return;
    }
    image("spec.spark.image", spark.image, violations);
    range("spec.spark.workers", spark.workers, SpecDefaults.MIN_WORKERS, SpecDefaults.MAX_WORKERS, violations);
    range("spec.spark.coresPerWorker", spark.coresPerWorker, SpecDefaults.MIN_CORES_PER_WORKER, Integer.MAX_VALUE,
        violations);
    range("spec.spark.readyTimeoutSeconds", spark.readyTimeoutSeconds, SpecDefaults.MIN_READY_TIMEOUT_SECONDS,
        Integer.MAX_VALUE, violations);
    String memory = spark.memory == null ? SpecDefaults.WORKER_MEMORY : spark.memory;
    if (!memory.matches(SpecDefaults.SPARK_MEMORY_PATTERN)) {
      violations.add(new Violation("spec.spark.memory",
          "must be a Spark memory size such as 2g or 1536m, got '" + memory + "'"));
      return;
    }
    long memoryMib = MemoryBudget.sparkMemoryMib(memory);
    if (memoryMib < ExecutorSizing.EXECUTOR_HEAP_MIB) {
      violations.add(new Violation("spec.spark.memory", "must be at least " + ExecutorSizing.EXECUTOR_HEAP_MIB
          + "m, the heap of one executor (spark.executor.memory), got '" + memory + "'"));
      return;
    }
    Long limitMib = memoryLimitMib("spec.spark.resources.limits.memory", spark.resources, violations);
    int cores = spark.coresPerWorker == null ? Integer.parseInt(SpecDefaults.CORES_PER_WORKER) : spark.coresPerWorker;
    MemoryBudget.WorkerNeed need = MemoryBudget.worker(cores, memoryMib, writer);
    if (limitMib != null && limitMib < need.mib()) {
      violations.add(new Violation("spec.spark.resources.limits.memory", "must be at least " + need.mib() + "Mi: "
          + need.explain() + "; got " + spark.resources.getLimits().get("memory")));
    }
  }

  /**
   * A quantity's length and a resource name's, which the CRD cannot bound (an integer or a string; a key): the run's
   * copy of the spec ({@code status.runSpec}) stays within its bound only with every string of the spec bounded.
   */
  private static void quantities(String field, ResourceRequirements resources, List<Violation> violations) {
    if (resources == null) {
      return;
    }
    Map<String, Map<String, Quantity>> parts = new java.util.TreeMap<>();
    parts.put("limits", resources.getLimits() == null ? Map.of() : resources.getLimits());
    parts.put("requests", resources.getRequests() == null ? Map.of() : resources.getRequests());
    parts.forEach((part, quantities) -> keys(field + "." + part, quantities, violations));
    parts.forEach((part, quantities) -> quantities.forEach((name, quantity) -> {
      if (quantity != null && quantity.toString().length() > SpecDefaults.QUANTITY_MAX_LENGTH) {
        violations.add(new Violation(field + "." + part + "." + name, "must be at most "
            + SpecDefaults.QUANTITY_MAX_LENGTH + " characters, got " + quantity.toString().length()));
      }
    }));
  }

  /** A map's keys are label keys or resource names: at most a DNS-subdomain prefix, '/' and 63 characters. */
  private static void keys(String field, Map<String, ?> map, List<Violation> violations) {
    if (map != null) {
      map.keySet().stream().filter(key -> key.length() > SpecDefaults.LABEL_KEY_MAX_LENGTH).forEach(key ->
          violations.add(new Violation(field, "a key is at most " + SpecDefaults.LABEL_KEY_MAX_LENGTH
              + " characters, got " + key.length())));
    }
  }

  /** The memory limit of a container in MiB, null when none is set; a malformed one is a violation. */
  private static Long memoryLimitMib(String field, ResourceRequirements resources, List<Violation> violations) {
    Quantity limit = resources == null || resources.getLimits() == null ? null : resources.getLimits().get("memory");
    if (limit == null) {
      return null;
    }
    try {
      return limit.getNumericalAmount().divide(BigDecimal.valueOf(1L << 20), RoundingMode.FLOOR).longValueExact();
    } catch (IllegalArgumentException | ArithmeticException e) {
      violations.add(new Violation(field, "is not a quantity: " + limit));
      return null;
    }
  }

  private static void validateHarness(SchedulerFailureTestSpec.Harness harness, List<Violation> violations) {
    if (harness == null) {
      violations.add(new Violation("spec.harness", "is required"));
      return;
    }
    image("spec.harness.image", harness.image, violations);
    range("spec.harness.timeoutSeconds", harness.timeoutSeconds, SpecDefaults.MIN_HARNESS_TIMEOUT_SECONDS,
        SpecDefaults.MAX_HARNESS_TIMEOUT_SECONDS, violations);
    Long limitMib = memoryLimitMib("spec.harness.resources.limits.memory", harness.resources, violations);
    if (limitMib != null && limitMib < MemoryBudget.harnessMinimumMib()) {
      violations.add(new Violation("spec.harness.resources.limits.memory", "must be at least "
          + MemoryBudget.harnessMinimumMib() + "Mi: the driver's heap of at least " + MemoryBudget.MIN_DRIVER_HEAP_MIB
          + "Mi plus its JVM overhead of " + MemoryBudget.DRIVER_NON_HEAP_MIB + "Mi and the kill command's JVM ("
          + MemoryBudget.KILL_HEAP_MIB + "Mi heap + " + MemoryBudget.KILL_NON_HEAP_MIB + "Mi); got "
          + harness.resources.getLimits().get("memory")));
    }
    if (harness.command != null) {
      if (harness.command.isEmpty()) {
        violations.add(new Violation("spec.harness.command", "must not be empty; omit it to run the sft harness"));
      } else if (harness.command.stream().anyMatch(c -> c == null || c.isBlank())) {
        violations.add(new Violation("spec.harness.command", "must not contain blank entries"));
      }
    }
  }

  private static void validateStorage(SchedulerFailureTestSpec.Storage storage, List<Violation> violations) {
    if (storage == null) {
      violations.add(new Violation("spec.storage", "is required"));
      return;
    }
    String mountPath = storage.mountPath;
    if (mountPath == null || !mountPath.matches(SpecDefaults.ABSOLUTE_PATH_PATTERN)) {
      violations.add(new Violation("spec.storage.mountPath", "must be an absolute path, got '" + mountPath + "'"));
    } else {
      String normalized = mountPath.replaceAll("/+$", "");
      for (String reserved : RESERVED_MOUNT_PATHS) {
        boolean clashes = reserved.equals("/")
            ? normalized.isEmpty()
            : normalized.equals(reserved) || normalized.startsWith(reserved + "/") || reserved.startsWith(normalized + "/");
        if (clashes) {
          violations.add(new Violation("spec.storage.mountPath",
              "must not be, contain or lie under " + reserved + " (used by the images), got '" + mountPath + "'"));
          break;
        }
      }
    }
    boolean hasExisting = storage.existingClaim != null;
    boolean hasTemplate = storage.claimTemplate != null;
    if (hasExisting == hasTemplate) {
      violations.add(new Violation("spec.storage", "exactly one of existingClaim or claimTemplate must be set"));
    }
    if (hasExisting && !storage.existingClaim.matches(DNS_SUBDOMAIN)) {
      violations.add(new Violation("spec.storage.existingClaim",
          "must be a claim name (lower-case DNS subdomain), got '" + storage.existingClaim + "'"));
    }
    if (hasTemplate) {
      String size = storage.claimTemplate.size;
      boolean positive;
      try {
        positive = size != null && new Quantity(size).getNumericalAmount().signum() > 0;
      } catch (IllegalArgumentException e) {
        positive = false;
      }
      if (!positive) {
        violations.add(new Violation("spec.storage.claimTemplate.size",
            "must be a positive quantity such as 10Gi, got '" + size + "'"));
      }
      validateAccessModes(storage.claimTemplate.accessModes, violations);
    }
  }

  private static void validatePullSecrets(List<LocalObjectReference> secrets, List<Violation> violations) {
    if (secrets == null) {
      return;
    }
    for (int i = 0; i < secrets.size(); i++) {
      String name = secrets.get(i) == null ? null : secrets.get(i).getName();
      if (name == null || !name.matches(DNS_SUBDOMAIN)) {
        violations.add(new Violation("spec.imagePullSecrets[" + i + "].name",
            "must be a Secret name (lower-case DNS subdomain), got '" + name + "'"));
      }
    }
  }

  private static void validateAccessModes(List<String> modes, List<Violation> violations) {
    if (modes == null) {
      return; // ReadWriteMany
    }
    if (modes.isEmpty()) {
      violations.add(new Violation("spec.storage.claimTemplate.accessModes",
          "must not be empty; omit it for [ReadWriteMany]"));
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < modes.size(); i++) {
      String mode = modes.get(i);
      if (!SpecDefaults.CLAIM_ACCESS_MODES.contains(mode)) {
        violations.add(new Violation("spec.storage.claimTemplate.accessModes[" + i + "]", "must be ReadWriteMany or "
            + "ReadWriteOnce (every pod writes the volume, so ReadOnlyMany and ReadWriteOncePod cannot serve), got '"
            + mode + "'"));
      } else if (!seen.add(mode)) {
        violations.add(new Violation("spec.storage.claimTemplate.accessModes[" + i + "]",
            "'" + mode + "' is listed twice"));
      }
    }
  }

  /** A comparison needs the baseline's two images; the spec's own are the candidate's. */
  private static void validateCompare(SchedulerFailureTestSpec.Compare compare, List<Violation> violations) {
    if (compare == null) {
      return;
    }
    if (compare.baseline == null) {
      violations.add(new Violation("spec.compare.baseline", "is required: the images of the build to compare with"));
      return;
    }
    image("spec.compare.baseline.sparkImage", compare.baseline.sparkImage, violations);
    image("spec.compare.baseline.harnessImage", compare.baseline.harnessImage, violations);
  }

  private static void image(String field, String image, List<Violation> violations) {
    if (image == null || image.isBlank() || image.chars().anyMatch(Character::isWhitespace)) {
      violations.add(new Violation(field, "is required and must be an image reference without spaces"));
    }
  }

  /** The schedule as the controller will compute its firings; the history bounds. */
  private static void validateSchedule(SchedulerFailureTestSpec spec, List<Violation> violations) {
    if (spec.schedule != null) {
      try {
        CronSchedule.parse(spec.schedule);
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.schedule", e.getMessage()));
      }
    }
    if (spec.timeZone != null) {
      try {
        ScheduleSettings.zone(spec.timeZone);
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("spec.timeZone", e.getMessage()));
      }
    }
    if (spec.startingDeadlineSeconds != null
        && spec.startingDeadlineSeconds < SpecDefaults.MIN_STARTING_DEADLINE_SECONDS) {
      violations.add(new Violation("spec.startingDeadlineSeconds", "must be at least "
          + SpecDefaults.MIN_STARTING_DEADLINE_SECONDS + ", got " + spec.startingDeadlineSeconds
          + " (the controller may take a few seconds to act on a firing)"));
    }
    if (spec.history != null) {
      range("spec.history.succeeded", spec.history.succeeded, 0, SpecDefaults.MAX_HISTORY, violations);
      range("spec.history.failed", spec.history.failed, 0, SpecDefaults.MAX_HISTORY, violations);
    }
  }

  /** A soak replaces a fixed repeat and runs one build; it always has a round bound. */
  private static void validateSoak(SchedulerFailureTestSpec spec, List<Violation> violations) {
    if (spec.soak == null) {
      return;
    }
    if (spec.soak.maxRounds == null) {
      violations.add(new Violation("spec.soak.maxRounds", "is required: a soak on Kubernetes always has a round"
          + " bound, so its Jobs have a deadline and its status a total"));
    }
    range("spec.soak.maxRounds", spec.soak.maxRounds, SpecDefaults.MIN_SOAK_ROUNDS, SpecDefaults.MAX_SOAK_ROUNDS,
        violations);
    range("spec.soak.maxSeconds", spec.soak.maxSeconds, SpecDefaults.MIN_SOAK_SECONDS, SpecDefaults.MAX_SOAK_SECONDS,
        violations);
    if (spec.repeat != null && spec.repeat != 1) {
      violations.add(new Violation("spec.soak", "and spec.repeat (" + spec.repeat + ") exclude each other: a soak"
          + " repeats until the first failure or spec.soak.maxRounds"));
    }
    if (spec.compare != null) {
      violations.add(new Violation("spec.soak", "and spec.compare exclude each other: compare two builds with a fixed"
          + " spec.repeat"));
    }
  }

  /** Each cluster runs a share of every cell's repetitions (or of a soak's rounds), so there must be one for each. */
  private static void validateParallelism(SchedulerFailureTestSpec spec, List<Violation> violations) {
    range("spec.parallelism", spec.parallelism, SpecDefaults.MIN_PARALLELISM, SpecDefaults.MAX_PARALLELISM,
        violations);
    if (spec.soak != null) {
      if (spec.parallelism != null && spec.soak.maxRounds != null && spec.parallelism > spec.soak.maxRounds) {
        violations.add(new Violation("spec.parallelism", "must be at most spec.soak.maxRounds (" + spec.soak.maxRounds
            + "), got " + spec.parallelism + ": each cluster runs a share of the soak's rounds"));
      }
      return;
    }
    int repeat = spec.repeat == null ? Integer.parseInt(SpecDefaults.REPEAT) : spec.repeat;
    if (spec.parallelism != null && spec.parallelism > repeat) {
      violations.add(new Violation("spec.parallelism", "must be at most spec.repeat (" + repeat + "), got "
          + spec.parallelism + ": each cluster runs a share of every cell's repetitions, and a cluster with none "
          + "would only cost its pods"));
    }
  }

  private static void range(String field, Integer value, long min, long max, List<Violation> violations) {
    if (value == null) {
      return;
    }
    if (value < min) {
      violations.add(new Violation(field, "must be at least " + min + ", got " + value));
    } else if (value > max) {
      violations.add(new Violation(field, "must be at most " + max + ", got " + value));
    }
  }
}
