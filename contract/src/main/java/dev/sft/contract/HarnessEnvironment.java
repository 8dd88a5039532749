package dev.sft.contract;

/**
 * Environment variable names of the harness, defined once for the controller (which sets them on the harness pod)
 * and the harness (which reads them). The {@code COMET_SCHEDULER_*} names are the reference suite's, so that suite
 * runs unchanged through {@code spec.harness.command}.
 */
public final class HarnessEnvironment {
  public static final String MASTER = "COMET_SCHEDULER_MASTER";
  public static final String SHARED_ROOT = "COMET_SCHEDULER_SHARED_ROOT";
  public static final String KILL_COMMAND = "COMET_SCHEDULER_KILL_COMMAND";
  public static final String TIMEOUT_SECONDS = "COMET_SCHEDULER_TIMEOUT_SECONDS";
  public static final String SPECULATION_ENABLED = "COMET_SCHEDULER_SPECULATION_ENABLED";
  public static final String EXECUTOR_CLASSPATH = "COMET_SCHEDULER_EXECUTOR_CLASSPATH";
  /** sft's own settings, which the reference suite does not have. */
  public static final String KILL_TIMEOUT_SECONDS = "SFT_KILL_TIMEOUT_SECONDS";
  public static final String INTERRUPT_ON_CANCEL = "SFT_INTERRUPT_ON_CANCEL";
  /** Where {@code sft run} also leaves its compact report (a Kubernetes termination message). */
  public static final String TERMINATION_LOG = "SFT_TERMINATION_LOG";

  /** The pod-exec kill transport: the namespace, label selector and container of the worker pods. */
  public static final String NAMESPACE = "SFT_NAMESPACE";
  public static final String WORKER_SELECTOR = "SFT_WORKER_SELECTOR";
  public static final String SPARK_CONTAINER = "SFT_SPARK_CONTAINER";

  /** Set by {@code sft local} for the drivers it starts, which then leave the summary to it. */
  public static final String LOCAL_DRIVER = "SFT_LOCAL_DRIVER";

  private HarnessEnvironment() {}
}
