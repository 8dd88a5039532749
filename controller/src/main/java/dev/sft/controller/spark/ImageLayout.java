package dev.sft.controller.spark;

/**
 * Paths and ports inside the Spark and harness images that the pods the controller creates rely on. The one place
 * they are defined; docs/operator.md lists the same contract for image builders.
 */
public final class ImageLayout {
  /** Spark's jars live in {@code $SPARK_HOME/jars}; a worker launches executors through Spark's launcher from here. */
  public static final String SPARK_HOME = "/opt/spark";
  /** A JVM classpath wildcard: java expands it itself, so no shell is needed. */
  public static final String SPARK_CLASSPATH = SPARK_HOME + "/jars/*";
  public static final String SPARK_SCALA_VERSION = "2.13";

  /** The harness CLI ({@code sft run ...}). */
  public static final String SFT_CLI = "/opt/sft/bin/sft";
  /** The pod-exec kill transport the executor-loss scenarios call as KILL_COMMAND HOST PID EXECUTOR_ID RUN_DIR. */
  public static final String KILL_COMMAND = "/opt/sft/bin/sft-kill-pod-exec";
  public static final String TERMINATION_LOG = "/dev/termination-log";

  /** Scratch space (Spark local dirs, worker work dir, temp files) on an emptyDir, since root filesystems vary. */
  public static final String SCRATCH_DIR = "/tmp";
  public static final String SPARK_LOCAL_DIRS = SCRATCH_DIR + "/spark-local";
  public static final String WORKER_WORK_DIR = SCRATCH_DIR + "/spark-work";

  public static final int MASTER_PORT = 7077;
  public static final int MASTER_UI_PORT = 8080;
  public static final int WORKER_UI_PORT = 8081;
  /** Fixed so the NetworkPolicy and executors can reach the client-mode driver in the harness pod. */
  public static final int DRIVER_PORT = 7078;
  public static final int DRIVER_BLOCK_MANAGER_PORT = 7079;

  /** Non-root user the pods run as (the apache/spark images' {@code spark} user); Pod Security "restricted". */
  public static final long RUN_AS_USER = 185;

  /** Heap of the master and worker daemons; executors get their own JVMs and memory. */
  public static final String DAEMON_HEAP = "-Xmx" + MemoryBudget.DAEMON_HEAP_MIB + "m";

  /**
   * No kill endpoints on the daemons' UIs, and none of the Spark features the scenarios must not have: an external
   * shuffle service would keep shuffle output alive across an executor kill, decommissioning would migrate it,
   * push-based shuffle would merge it elsewhere.
   */
  public static final String[] SPARK_DAEMON_FLAGS = {
    // The master's UI is reachable from the controller: no kill links for applications, drivers or stages on it.
    "-Dspark.ui.killEnabled=false",
    "-Dspark.shuffle.service.enabled=false",
    "-Dspark.decommission.enabled=false",
    "-Dspark.shuffle.push.enabled=false",
  };

  private ImageLayout() {}
}
