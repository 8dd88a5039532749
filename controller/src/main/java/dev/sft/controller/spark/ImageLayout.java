package dev.sft.controller.spark;

import dev.sft.contract.ImageClassData;

/**
 * Paths inside the Spark and harness images that the pods the controller creates rely on. The one place they are
 * defined (the ports: {@link dev.sft.api.ImagePorts}); docs/operator.md lists the same contract for image builders.
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

  /**
   * The user name Spark and Hadoop use ({@code SPARK_USER}, {@code HADOOP_USER_NAME}), and the name a UID without a
   * passwd entry gets one under ({@link #PASSWD_ENTRY_SCRIPT}).
   */
  public static final String USER_NAME = "spark";

  /**
   * Runs its arguments as a command after making sure the pod's UID has a passwd entry. Hadoop's login (which
   * Iceberg's Hadoop file IO goes through) asks the OS for the user's name and fails without one, whatever
   * {@code HADOOP_USER_NAME} says; a UID the platform assigns (OpenShift) has none. Images that let group 0 write
   * {@code /etc/passwd} (the sft image) get one appended; others get a warning. POSIX sh and id only.
   */
  public static final String PASSWD_ENTRY_SCRIPT = "if ! id -un >/dev/null 2>&1; then "
      + "if [ -w /etc/passwd ]; then echo \"" + USER_NAME + ":x:$(id -u):$(id -g):sft:" + SCRATCH_DIR
      + ":/bin/false\" >> /etc/passwd; "
      + "else echo \"uid $(id -u) has no passwd entry and /etc/passwd is not writable: Hadoop's login will fail "
      + "(docs/operations.md, OpenShift)\" >&2; fi; fi; exec \"$@\"";

  /** How long a worker waits for the master's port before it starts anyway ({@link #MASTER_WAIT_SCRIPT}). */
  public static final int MASTER_WAIT_SECONDS = 60;

  /**
   * Runs its arguments after HOST PORT as a command once the master's port takes a connection, or after
   * {@link #MASTER_WAIT_SECONDS}. A worker whose first registration finds no master retries only after 5 to 15 s
   * (Spark's fixed interval, not configurable): the pods start together, so every run lost that. The check is bash's
   * {@code /dev/tcp}; an image without bash starts the worker at once, as before. SIGTERM ends the wait: as a
   * container's PID 1, sh would otherwise ignore it, and a pod deleted while waiting would hold its node for the whole
   * grace period (30 s), until the kubelet's SIGKILL.
   */
  public static final String MASTER_WAIT_SCRIPT = "host=\"$1\"; port=\"$2\"; shift 2; "
      + "trap 'echo \"sft: stopped while waiting for the master\" >&2; exit 143' TERM; "
      + "if command -v bash >/dev/null 2>&1; then i=0; "
      + "until bash -c 'exec 3<>\"/dev/tcp/$0/$1\"' \"$host\" \"$port\" 2>/dev/null; do i=$((i+1)); "
      + "if [ \"$i\" -ge " + MASTER_WAIT_SECONDS * 5 + " ]; then echo \"sft: no master at $host:$port after "
      + MASTER_WAIT_SECONDS + " s; starting the worker anyway (it retries)\" >&2; break; fi; sleep 0.2; done; fi; "
      + "exec \"$@\"";

  /**
   * Runs its arguments after ARCHIVE CLASS_PATH_FILE as a command, with the image's class-data archive when the image
   * has both files ({@link ImageClassData}): the first {@code -cp X} becomes
   * {@code <ImageClassData.JVM_FLAGS> -cp <the file's class path>}, since the JVM maps the archive only with the class
   * path it was dumped with. Any other image runs the command unchanged. POSIX sh only.
   */
  public static final String CLASS_DATA_SCRIPT = "archive=\"$1\"; class_path_file=\"$2\"; shift 2; "
      + "if [ -r \"$archive\" ] && [ -r \"$class_path_file\" ] && IFS= read -r class_path < \"$class_path_file\"; then "
      + "n=$#; state=copy; "
      + "for arg do "
      + "if [ \"$state\" = value ]; then set -- \"$@\" \"$class_path\"; state=done; "
      + "elif [ \"$state\" = copy ] && [ \"$arg\" = -cp ]; then set -- \"$@\" \"-XX:SharedArchiveFile=$archive\" "
      + String.join(" ", ImageClassData.MAPPING_FLAGS)
      + " -cp; state=value; "
      + "else set -- \"$@\" \"$arg\"; fi; "
      + "done; shift \"$n\"; fi; "
      + "exec \"$@\"";

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
