package dev.sft.api;

import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.api.SchedulerFailureTestSpec.CleanupPolicy;
import dev.sft.api.SchedulerFailureTestSpec.WorkerAntiAffinity;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

/**
 * A validated spec with every default applied: what the owned-resource classes build objects from. Build it only after
 * {@code SpecValidator} found no violation.
 */
public record ResolvedSpec(
    List<ScenarioName> scenarios,
    List<WriteOperation> operations,
    int repeat,
    String sparkImage,
    int workers,
    int coresPerWorker,
    String workerMemory,
    ResourceRequirements workerResources,
    int readyTimeoutSeconds,
    String harnessImage,
    WriterName writer,
    int harnessTimeoutSeconds,
    boolean interruptOnCancel,
    List<String> harnessCommand,
    ResourceRequirements harnessResources,
    String mountPath,
    String existingClaim,
    SchedulerFailureTestSpec.ClaimTemplate claimTemplate,
    Map<String, String> nodeSelector,
    List<Toleration> tolerations,
    WorkerAntiAffinity workerAntiAffinity,
    CleanupPolicy onSuccess,
    CleanupPolicy onFailure,
    List<LocalObjectReference> imagePullSecrets,
    String imagePullPolicy,
    KnownFindings knownFindings,
    boolean strict,
    int failOnStale,
    String baselineSparkImage,
    String baselineHarnessImage,
    List<dev.sft.contract.Pin> pins,
    int parallelism,
    dev.sft.contract.Soak soak) {

  public static ResolvedSpec of(SchedulerFailureTestSpec spec) {
    var spark = spec.spark;
    var harness = spec.harness;
    var placement = spec.placement == null ? new SchedulerFailureTestSpec.Placement() : spec.placement;
    var cleanup = spec.cleanup == null ? new SchedulerFailureTestSpec.Cleanup() : spec.cleanup;
    List<ScenarioName> scenarios = spec.scenarios == null
        ? ScenarioName.defaults()
        : spec.scenarios.stream().map(ScenarioName::fromId).toList();
    if (Boolean.TRUE.equals(spec.control)) {
      scenarios = ScenarioName.withControls(scenarios);
    }
    return new ResolvedSpec(
        List.copyOf(scenarios),
        spec.operations == null ? List.of(WriteOperation.DEFAULT)
            : spec.operations.stream().map(WriteOperation::fromId).toList(),
        orDefault(spec.repeat, SpecDefaults.REPEAT),
        spark.image.trim(),
        orDefault(spark.workers, SpecDefaults.WORKERS),
        orDefault(spark.coresPerWorker, SpecDefaults.CORES_PER_WORKER),
        spark.memory == null ? SpecDefaults.WORKER_MEMORY : spark.memory,
        spark.resources,
        orDefault(spark.readyTimeoutSeconds, SpecDefaults.READY_TIMEOUT_SECONDS),
        harness.image.trim(),
        harness.writer == null ? WriterName.ICEBERG : harness.writer,
        orDefault(harness.timeoutSeconds, SpecDefaults.HARNESS_TIMEOUT_SECONDS),
        harness.interruptOnCancel != null ? harness.interruptOnCancel
            : Boolean.parseBoolean(SpecDefaults.INTERRUPT_ON_CANCEL),
        harness.command == null ? null : List.copyOf(harness.command),
        harness.resources,
        spec.storage.mountPath,
        spec.storage.existingClaim,
        spec.storage.claimTemplate,
        placement.nodeSelector == null ? Map.of() : Map.copyOf(placement.nodeSelector),
        placement.tolerations == null ? List.of() : List.copyOf(placement.tolerations),
        placement.workerAntiAffinity == null
            ? WorkerAntiAffinity.valueOf(SpecDefaults.WORKER_ANTI_AFFINITY) : placement.workerAntiAffinity,
        cleanup.onSuccess == null ? CleanupPolicy.valueOf(SpecDefaults.ON_SUCCESS) : cleanup.onSuccess,
        cleanup.onFailure == null ? CleanupPolicy.valueOf(SpecDefaults.ON_FAILURE) : cleanup.onFailure,
        spec.imagePullSecrets == null ? List.of() : List.copyOf(spec.imagePullSecrets),
        spec.imagePullPolicy == null ? null : spec.imagePullPolicy.name(),
        spec.knownFindings == null ? KnownFindings.NONE : KnownFindings.of(
            spec.knownFindings.stream().map(SchedulerFailureTestSpec.KnownFindingSpec::toContract).toList()),
        Boolean.TRUE.equals(spec.strict),
        spec.failOnStale == null ? Integer.parseInt(SpecDefaults.FAIL_ON_STALE) : spec.failOnStale,
        spec.compare == null ? null : spec.compare.baseline.sparkImage.trim(),
        spec.compare == null ? null : spec.compare.baseline.harnessImage.trim(),
        spec.pin == null ? List.of() : spec.pin.stream().map(dev.sft.contract.Pin::fromId).toList(),
        orDefault(spec.parallelism, SpecDefaults.PARALLELISM),
        spec.soak == null ? null : new dev.sft.contract.Soak(spec.soak.maxRounds,
            spec.soak.maxSeconds == null ? null : java.time.Duration.ofSeconds(spec.soak.maxSeconds)));
  }

  /** How many cells and repetitions the run means, over both builds when it compares two. */
  public dev.sft.contract.RunShape shape() {
    return new dev.sft.contract.RunShape(scenarios, operations, repeat, compares()
        ? dev.sft.contract.RunShape.COMPARED_BUILDS : dev.sft.contract.RunShape.ONE_BUILD, soak);
  }

  /** Whether the run compares a baseline build with the spec's own ({@code spec.compare}). */
  public boolean compares() {
    return baselineSparkImage != null;
  }

  /**
   * The spec as one build of a comparison runs it: the baseline's images for {@code BuildComparison.BASELINE}; this
   * spec for the candidate, and without a comparison ({@code build} null).
   */
  public ResolvedSpec forBuild(String build) {
    if (!dev.sft.contract.BuildComparison.BASELINE.equals(build)) {
      return this;
    }
    return new ResolvedSpec(scenarios, operations, repeat, baselineSparkImage, workers, coresPerWorker, workerMemory,
        workerResources, readyTimeoutSeconds, baselineHarnessImage, writer, harnessTimeoutSeconds, interruptOnCancel,
        harnessCommand, harnessResources, mountPath, existingClaim, claimTemplate, nodeSelector, tolerations,
        workerAntiAffinity, onSuccess, onFailure, imagePullSecrets, imagePullPolicy, knownFindings, strict,
        failOnStale, baselineSparkImage, baselineHarnessImage, pins, parallelism, soak);
  }

  /** Whether the run has Spark cluster {@code cluster}: clusters 0 to {@code parallelism - 1}, each its own objects. */
  public boolean runsCluster(int cluster) {
    return cluster < parallelism;
  }

  /** The generated claim's access modes, ReadWriteMany unless the template names others. */
  public List<String> claimAccessModes() {
    List<String> modes = claimTemplate == null ? null : claimTemplate.accessModes;
    return modes == null || modes.isEmpty() ? List.of(SpecDefaults.CLAIM_ACCESS_MODE) : List.copyOf(modes);
  }

  public boolean createsClaim() {
    return existingClaim == null;
  }

  private static int orDefault(Integer value, String defaultValue) {
    return value != null ? value : Integer.parseInt(defaultValue);
  }
}
