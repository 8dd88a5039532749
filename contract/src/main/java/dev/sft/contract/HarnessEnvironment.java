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

  /**
   * The harness's own overall deadline in seconds from its start ({@code sft run --deadline}): once it has passed,
   * the harness starts no further scenario and writes its report with the rest {@code Unknown}. The controller sets
   * it shorter than the Job's {@code activeDeadlineSeconds}, so the report is written before Kubernetes kills the pod.
   */
  public static final String DEADLINE_SECONDS = "SFT_DEADLINE_SECONDS";
  /** {@link DriverRun#notAfter}: the harness's deadline as an RFC 3339 instant, counted from the Job's creation. */
  public static final String NOT_AFTER = "SFT_NOT_AFTER";

  /** The sft launcher's settings: where Spark's jars are, where the launcher is (for the kill wrappers). */
  public static final String SPARK_HOME = "SFT_SPARK_HOME";
  public static final String LAUNCHER = "SFT_LAUNCHER";
  /**
   * Heaps the launcher gives its JVMs ({@code -Xmx}, Java's size syntax such as {@code 1024m}): the driver of
   * {@code sft run} and the short-lived JVM of {@code sft kill} beside it in the same container.
   */
  public static final String DRIVER_HEAP = "SFT_DRIVER_HEAP";
  public static final String KILL_HEAP = "SFT_KILL_HEAP";

  /** Set by {@code sft local} for the drivers it starts, which then leave the summary to it. */
  public static final String LOCAL_DRIVER = "SFT_LOCAL_DRIVER";

  private HarnessEnvironment() {}

  /**
   * The variables {@code sft run} takes a driver run's settings from when no flag gives them. A driver that sft starts
   * itself ({@code sft local}) gets its whole run as flags, and must not pick up the rest from the user's shell.
   */
  public static final java.util.List<String> DRIVER_RUN_SETTINGS = java.util.List.of(MASTER, SHARED_ROOT,
      KILL_COMMAND, TIMEOUT_SECONDS, SPECULATION_ENABLED, EXECUTOR_CLASSPATH, KILL_TIMEOUT_SECONDS,
      INTERRUPT_ON_CANCEL, TERMINATION_LOG, DEADLINE_SECONDS, NOT_AFTER);
}
