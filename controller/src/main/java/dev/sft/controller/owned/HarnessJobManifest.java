package dev.sft.controller.owned;

import dev.sft.api.ImagePorts;
import dev.sft.api.Names;
import dev.sft.contract.BuildComparison;
import dev.sft.contract.DriverRun;
import dev.sft.contract.Soak;
import dev.sft.contract.HarnessEnvironment;
import dev.sft.contract.ScenarioName;
import dev.sft.api.ResolvedSpec;
import dev.sft.api.SchedulerFailureTest;
import dev.sft.controller.spark.ImageLayout;
import dev.sft.controller.spark.MemoryBudget;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One harness Job: a client-mode Spark driver running one {@link DriverRun} (speculation is fixed when the
 * SparkContext starts, so each setting is its own driver run). It leaves a compact report in its termination
 * message, from which the controller copies the verdicts.
 */
public final class HarnessJobManifest {
  /** Fixed overhead for the driver, executors and preflight, on top of the scenario bound below. */
  static final long DEADLINE_BASE_SECONDS = 300;
  /** Every scenario waits on a few gates, each bounded by timeoutSeconds. */
  static final long DEADLINE_TIMEOUTS_PER_SCENARIO = 4;
  /**
   * Between the harness's own deadline plus one running repetition and the Job's: pod start (image pull), writing the
   * report, stopping Spark.
   */
  static final long REPORT_MARGIN_SECONDS = 120;

  private HarnessJobManifest() {}

  /** The driver run of one speculation setting of this test's current run, as the harness pod runs it. */
  public static DriverRun driverRun(SchedulerFailureTest test, ResolvedSpec spec, String runId, boolean speculation,
      List<ScenarioName> scenarios) {
    // The custom resource has no kill settings: the pod-exec kill command gets the contract's default bound.
    DriverRun run = DriverRun.builder(runId, speculation, scenarios)
        .repeat(spec.repeat())
        .writer(spec.writer())
        .timeouts(spec.harnessTimeoutSeconds(), DriverRun.DEFAULT_KILL_TIMEOUT_SECONDS)
        .interruptOnCancel(spec.interruptOnCancel())
        .cluster(Names.masterUrl(test), spec.mountPath())
        .killCommand(ImageLayout.KILL_COMMAND)
        .driverHost("$(POD_IP)")
        .terminationLog(ImageLayout.TERMINATION_LOG)
        .operations(spec.operations())
        .soak(spec.soak())
        .knownFindings(spec.knownFindings(), spec.strict(), DriverRun.NEVER_FAIL_ON_STALE)
        // Each driver run carries the pins of its own scenarios only.
        .pins(spec.pins().stream().filter(p -> p.scenarios().stream().anyMatch(scenarios::contains)).toList())
        .build();
    return withDeadline(run);
  }

  /** The driver run with the harness's own deadline for what it executes: call again when its share changes. */
  public static DriverRun withDeadline(DriverRun run) {
    return run.toBuilder().deadlineSeconds((int) harnessDeadlineSeconds(run)).build();
  }

  public static Job desired(SchedulerFailureTest test, ResolvedSpec spec, PodSecurity security, String jobName,
      DriverRun run) {
    return desired(test, spec, security, jobName, run, null);
  }

  /**
   * @param comparison for a candidate build's Job of {@code spec.compare}: the comparison's run id, so the harness
   *     writes the comparison beside both builds' reports ({@link BuildComparison#COMPARISON_OPTION}); else null
   */
  public static Job desired(SchedulerFailureTest test, ResolvedSpec spec, PodSecurity security, String jobName,
      DriverRun run, String comparison) {
    Map<String, String> labels = Names.componentLabels(test, Names.HARNESS);
    labels.put(Names.RUN_ID_LABEL, run.runId());
    labels.put(Names.HARNESS_JOB_LABEL, jobName);
    var container = new ContainerBuilder()
        .withName(Names.HARNESS_CONTAINER)
        .withImage(spec.harnessImage())
        .withCommand(SparkPods.withPasswdEntry(spec.harnessCommand() != null ? spec.harnessCommand()
            : command(run, comparison)))
        .withEnv(env(test, spec, run))
        .addNewPort().withName("driver").withContainerPort(ImagePorts.DRIVER_PORT).endPort()
        .addNewPort().withName("blockmanager").withContainerPort(ImagePorts.DRIVER_BLOCK_MANAGER_PORT).endPort()
        .withTerminationMessagePath(ImageLayout.TERMINATION_LOG)
        // A harness that dies before writing its report still leaves its last log lines for the status.
        .withTerminationMessagePolicy("FallbackToLogsOnError")
        .withResources(PodResources.harness(spec))
        .build();
    return new JobBuilder()
        .withNewMetadata().withName(jobName).withLabels(labels).endMetadata()
        .withNewSpec()
          // A retried driver would reuse the run id and mix its evidence with the first attempt's.
          .withBackoffLimit(0)
          .withActiveDeadlineSeconds(activeDeadlineSeconds(run))
          .withNewTemplate()
            .withNewMetadata().withLabels(labels).withAnnotations(SparkPods.doNotDisrupt()).endMetadata()
            .withSpec(SparkPods.pod(test, spec, security, container, true)
                .withRestartPolicy("Never")
                .withServiceAccountName(Names.harness(test))
                // The pod-exec kill transport talks to the API server with this token.
                .withAutomountServiceAccountToken(true)
                .build())
          .endTemplate()
        .endSpec()
        .build();
  }

  /** {@code sft run} with the driver run's arguments, and the fixed driver ports the NetworkPolicy admits. */
  static List<String> command(DriverRun run, String comparison) {
    List<String> command = new ArrayList<>();
    command.add(ImageLayout.SFT_CLI);
    command.addAll(run.arguments());
    if (comparison != null) {
      command.addAll(List.of(BuildComparison.COMPARISON_OPTION, comparison));
    }
    command.addAll(List.of("--conf", "spark.driver.port=" + ImagePorts.DRIVER_PORT));
    command.addAll(List.of("--conf", "spark.driver.blockManager.port=" + ImagePorts.DRIVER_BLOCK_MANAGER_PORT));
    return command;
  }

  /**
   * The driver run's environment (the reference suite's names and the harness's deadline, so it also runs through
   * {@code spec.harness.command}) plus where the pod-exec kill transport finds the worker pods.
   */
  static List<EnvVar> env(SchedulerFailureTest test, ResolvedSpec spec, DriverRun run) {
    List<EnvVar> env = SparkPods.sparkEnv();
    // What the launcher and the kill wrappers read, set here rather than taken from the image's ENV, so that another
    // harness image with the same layout works.
    env.add(new EnvVar(HarnessEnvironment.SPARK_HOME, ImageLayout.SPARK_HOME, null));
    env.add(new EnvVar(HarnessEnvironment.LAUNCHER, ImageLayout.SFT_CLI, null));
    env.add(new EnvVar(HarnessEnvironment.DRIVER_HEAP, driverHeapMib(spec) + "m", null));
    env.add(new EnvVar(HarnessEnvironment.KILL_HEAP, MemoryBudget.KILL_HEAP_MIB + "m", null));
    env.add(new EnvVarBuilder().withName(HarnessEnvironment.NAMESPACE)
        .withNewValueFrom().withNewFieldRef().withFieldPath("metadata.namespace").endFieldRef().endValueFrom()
        .build());
    // The kill transport kills on the driver run's own cluster only.
    env.add(new EnvVar(HarnessEnvironment.WORKER_SELECTOR, run.cluster() == null ? Names.workerSelector(test)
        : Names.workerSelector(test, run.cluster(), true), null));
    env.add(new EnvVar(HarnessEnvironment.SPARK_CONTAINER, Names.SPARK_CONTAINER, null));
    run.environment().forEach((name, value) -> env.add(new EnvVar(name, value, null)));
    return env;
  }

  /** The driver's heap: what the harness container's memory limit leaves ({@link MemoryBudget}). */
  static long driverHeapMib(ResolvedSpec spec) {
    var resources = PodResources.harness(spec);
    Quantity limit = resources == null || resources.getLimits() == null ? null : resources.getLimits().get("memory");
    return MemoryBudget.driverHeapMib(limit == null ? null
        : limit.getNumericalAmount().divide(BigDecimal.valueOf(1L << 20), RoundingMode.FLOOR).longValue());
  }

  /**
   * The harness's own deadline: it starts no repetition after it, so the one still running (bounded by
   * {@link #DEADLINE_TIMEOUTS_PER_SCENARIO} timeouts) and the report fit before the Job's deadline ends the pod.
   */
  static long harnessDeadlineSeconds(DriverRun run) {
    return activeDeadlineSeconds(run) - DEADLINE_TIMEOUTS_PER_SCENARIO * run.timeoutSeconds() - REPORT_MARGIN_SECONDS;
  }

  /**
   * Room for every repetition the driver run executes ({@link DriverRun#mostRepetitions}), each bounded by a few
   * timeouts; a soak with a time bound starts no round after it, so it needs no more than that time and one round.
   */
  static long activeDeadlineSeconds(DriverRun run) {
    long perRepetition = DEADLINE_TIMEOUTS_PER_SCENARIO * run.timeoutSeconds();
    long byCount = perRepetition * run.mostRepetitions().getAsInt();
    Soak soak = run.soak();
    long byTime = soak == null || soak.maxTime() == null ? byCount
        : soak.maxTime().toSeconds() + perRepetition * run.shape().cells();
    return DEADLINE_BASE_SECONDS + Math.min(byCount, byTime);
  }
}
