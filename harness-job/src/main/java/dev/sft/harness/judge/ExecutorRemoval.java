package dev.sft.harness.judge;

import dev.sft.harness.evidence.SchedulerEvent;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why Spark removed an executor, read from the reason its Standalone backend records, and whose doing that was: the
 * build's (the executor process exited with a code of its own on a live worker) or the environment's (its worker was
 * lost or shut down, it was decommissioned, or a signal from outside ended it). The reason texts are Spark 4.1's.
 *
 * @param exitCode the process's exit code when the worker saw it exit, else null
 * @param cause what the reason means, in words
 */
public record ExecutorRemoval(String executorId, String reason, Kind kind, Integer exitCode, String cause) {

  /** Whose the loss is. */
  public enum Kind {
    /** The executor exited with a code of its own: a finding of the build. */
    CRASH,
    /** The environment took the executor away: not the scenario's doing, nothing to judge the build by. */
    ENVIRONMENT,
    /** A reason sft does not know: the evidence cannot tell the build's crash from the environment's loss. */
    UNRECOGNISED
  }

  /** ExecutorRunner's message when the executor process exited and its worker saw it. */
  private static final Pattern EXITED = Pattern.compile("Command exited with code (-?\\d+)");
  /** Master.removeWorker: the worker timed out or disconnected; its executors go with it. */
  static final String WORKER_LOST = "worker lost";
  /** ExecutorRunner's shutdown hook: the worker JVM is stopping and kills its executors. */
  static final String WORKER_SHUTTING_DOWN = "Worker shutting down";
  /** CoarseGrainedSchedulerBackend: the removal of an executor that was being decommissioned. */
  static final String DECOMMISSION = "Executor decommission";

  static final int SIGKILL_EXIT = 128 + 9;
  static final int SIGTERM_EXIT = 128 + 15;
  /**
   * Exit codes of Spark's own that its Standalone backend counts as not caused by the application
   * ({@code ExecutorExited(code, exitCausedByApp = false)}): 53 no local directory, 56 no heartbeat reached the
   * driver, 58 the block manager could not re-register.
   */
  private static final Set<Integer> SPARK_NOT_CAUSED_BY_APP = Set.of(53, 56, 58);
  private static final Map<Integer, String> SPARK_EXIT_CODES = Map.of(
      50, "an uncaught exception", 51, "an uncaught exception whose logging failed", 52, "an OutOfMemoryError",
      53, "no local directory could be created (spark.local.dir)", 56, "no heartbeat reached the driver",
      57, "the task reaper killed it: a task did not end within its kill time-out",
      58, "the block manager could not re-register");
  private static final Map<Integer, String> SIGNALS = Map.of(4, "SIGILL", 6, "SIGABRT: a native abort", 7, "SIGBUS",
      8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV: a native crash", 15, "SIGTERM");

  /** The removal an executor-removed event records. */
  public static ExecutorRemoval of(SchedulerEvent removed) {
    String reason = removed.reason() == null ? "" : removed.reason();
    String id = removed.executorId();
    if (reason.startsWith(DECOMMISSION)) {
      return new ExecutorRemoval(id, reason, Kind.ENVIRONMENT, null, "a decommission");
    }
    if (reason.startsWith(WORKER_LOST)) {
      return new ExecutorRemoval(id, reason, Kind.ENVIRONMENT, null, "its worker was lost");
    }
    if (reason.equals(WORKER_SHUTTING_DOWN)) {
      return new ExecutorRemoval(id, reason, Kind.ENVIRONMENT, null, "its worker shut down");
    }
    Matcher exited = EXITED.matcher(reason);
    if (!exited.matches()) {
      return new ExecutorRemoval(id, reason, Kind.UNRECOGNISED, null, "a reason sft does not classify");
    }
    int code = Integer.parseInt(exited.group(1));
    String meaning = meaning(code);
    if (code == SIGKILL_EXIT) {
      return new ExecutorRemoval(id, reason, Kind.ENVIRONMENT, code,
          meaning + " not sent by the harness (an OOM kill of the kernel or of a memory limit?)");
    }
    if (code == SIGTERM_EXIT) {
      return new ExecutorRemoval(id, reason, Kind.ENVIRONMENT, code,
          meaning + " (a pod deleted or evicted, a drain, a stop?)");
    }
    if (SPARK_NOT_CAUSED_BY_APP.contains(code)) {
      return new ExecutorRemoval(id, reason, Kind.ENVIRONMENT, code, meaning + ", which Spark counts as the"
          + " environment's");
    }
    return new ExecutorRemoval(id, reason, Kind.CRASH, code, meaning);
  }

  /** An exit code in words: the signal above 128, Spark's own meaning where it has one. */
  static String meaning(int code) {
    if (code > 128) {
      int signal = code - 128;
      return "exit code " + code + ", signal " + signal + " (" + SIGNALS.getOrDefault(signal, "signal " + signal)
          + ")";
    }
    String spark = SPARK_EXIT_CODES.get(code);
    return "exit code " + code + (spark == null ? "" : " (Spark's: " + spark + ")");
  }
}
