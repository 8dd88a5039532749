package dev.sft.controller.dependent;

import dev.sft.contract.ScenarioName;
import dev.sft.controller.api.ResolvedSpec;
import dev.sft.controller.api.SchedulerFailureTest;
import dev.sft.controller.spark.ImageLayout;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One harness Job: a client-mode Spark driver running the scenarios of one speculation setting (speculation is fixed
 * when the SparkContext starts, so each setting is its own driver run). It leaves a compact report in its termination
 * message, from which the controller copies the verdicts.
 */
public final class HarnessJobDependent {
  /** Fixed overhead for the driver, executors and preflight, on top of the scenario bound below. */
  static final long DEADLINE_BASE_SECONDS = 300;
  /** Every scenario waits on a few gates, each bounded by timeoutSeconds. */
  static final long DEADLINE_TIMEOUTS_PER_SCENARIO = 4;

  /** What one Job runs: its name, the run, and its speculation setting and scenarios. */
  public record Plan(String name, String runId, boolean speculation, List<ScenarioName> scenarios) {}

  public Job desired(SchedulerFailureTest test, ResolvedSpec spec, Plan plan) {
    Map<String, String> labels = Names.componentLabels(test, Names.HARNESS);
    labels.put(Names.RUN_ID_LABEL, plan.runId());
    labels.put(Names.HARNESS_JOB_LABEL, plan.name());
    return new JobBuilder()
        .withNewMetadata().withName(plan.name()).withLabels(labels).endMetadata()
        .withNewSpec()
          // A retried driver would reuse the run id and mix its evidence with the first attempt's.
          .withBackoffLimit(0)
          .withActiveDeadlineSeconds(activeDeadlineSeconds(spec, plan))
          .withNewTemplate()
            .withNewMetadata().withLabels(labels).endMetadata()
            .withNewSpec()
              .withRestartPolicy("Never")
              .withServiceAccountName(Names.harness(test))
              .withAutomountServiceAccountToken(true)
              .withSecurityContext(PodSecurity.restrictedPod())
              .withNodeSelector(spec.nodeSelector().isEmpty() ? null : spec.nodeSelector())
              .withTolerations(spec.tolerations())
              .addNewContainer()
                .withName(Names.HARNESS_CONTAINER)
                .withImage(spec.harnessImage())
                .withCommand(spec.harnessCommand() != null ? spec.harnessCommand() : command(test, spec, plan))
                .withEnv(env(test, spec, plan))
                .addNewPort().withName("driver").withContainerPort(ImageLayout.DRIVER_PORT).endPort()
                .addNewPort().withName("blockmanager").withContainerPort(ImageLayout.DRIVER_BLOCK_MANAGER_PORT)
                .endPort()
                .withTerminationMessagePath(ImageLayout.TERMINATION_LOG)
                // A harness that dies before writing its report still leaves its last log lines for the status.
                .withTerminationMessagePolicy("FallbackToLogsOnError")
                .withResources(spec.harnessResources())
                .withSecurityContext(PodSecurity.restrictedContainer())
                .withVolumeMounts(SparkPods.sharedMount(spec), SparkPods.scratchMount())
              .endContainer()
              .withVolumes(SparkPods.sharedVolume(test, spec), SparkPods.scratchVolume())
            .endSpec()
          .endTemplate()
        .endSpec()
        .build();
  }

  /** The harness CLI's {@code run} command; its options are documented in {@code RunCommand}. */
  static List<String> command(SchedulerFailureTest test, ResolvedSpec spec, Plan plan) {
    List<String> command = new ArrayList<>();
    command.add(ImageLayout.SFT_CLI);
    command.add("run");
    command.addAll(List.of("--master", Names.masterUrl(test)));
    command.addAll(List.of("--shared-root", spec.mountPath()));
    command.addAll(List.of("--run-id", plan.runId()));
    command.addAll(List.of("--speculation", String.valueOf(plan.speculation())));
    command.addAll(List.of("--scenarios", ids(plan.scenarios())));
    command.addAll(List.of("--repeat", String.valueOf(spec.repeat())));
    command.addAll(List.of("--writer", spec.writer().id()));
    command.addAll(List.of("--timeout", String.valueOf(spec.harnessTimeoutSeconds())));
    command.addAll(List.of("--kill-command", ImageLayout.KILL_COMMAND));
    command.addAll(List.of("--driver-host", "$(POD_IP)"));
    command.addAll(List.of("--termination-log", ImageLayout.TERMINATION_LOG));
    command.addAll(List.of("--conf", "spark.driver.port=" + ImageLayout.DRIVER_PORT));
    command.addAll(List.of("--conf", "spark.driver.blockManager.port=" + ImageLayout.DRIVER_BLOCK_MANAGER_PORT));
    return command;
  }

  /**
   * The pod-exec kill transport finds worker pods through {@code SFT_WORKER_SELECTOR} in {@code SFT_NAMESPACE}; the
   * {@code COMET_SCHEDULER_*} names let the upstream suite run unchanged through {@code spec.harness.command}.
   */
  static List<EnvVar> env(SchedulerFailureTest test, ResolvedSpec spec, Plan plan) {
    List<EnvVar> env = SparkPods.sparkEnv();
    env.add(new EnvVarBuilder().withName("SFT_NAMESPACE")
        .withNewValueFrom().withNewFieldRef().withFieldPath("metadata.namespace").endFieldRef().endValueFrom()
        .build());
    env.add(new EnvVar("SFT_WORKER_SELECTOR", Names.workerSelector(test), null));
    env.add(new EnvVar("SFT_SPARK_CONTAINER", Names.SPARK_CONTAINER, null));
    env.add(new EnvVar("SFT_TERMINATION_LOG", ImageLayout.TERMINATION_LOG, null));
    env.add(new EnvVar("COMET_SCHEDULER_MASTER", Names.masterUrl(test), null));
    env.add(new EnvVar("COMET_SCHEDULER_SHARED_ROOT", spec.mountPath(), null));
    env.add(new EnvVar("COMET_SCHEDULER_KILL_COMMAND", ImageLayout.KILL_COMMAND, null));
    env.add(new EnvVar("COMET_SCHEDULER_TIMEOUT_SECONDS", String.valueOf(spec.harnessTimeoutSeconds()), null));
    env.add(new EnvVar("COMET_SCHEDULER_SPECULATION_ENABLED", String.valueOf(plan.speculation()), null));
    return env;
  }

  static long activeDeadlineSeconds(ResolvedSpec spec, Plan plan) {
    return DEADLINE_BASE_SECONDS
        + DEADLINE_TIMEOUTS_PER_SCENARIO * spec.harnessTimeoutSeconds() * plan.scenarios().size() * spec.repeat();
  }

  static String ids(List<ScenarioName> scenarios) {
    return scenarios.stream().map(ScenarioName::id).collect(Collectors.joining(","));
  }
}
