package dev.sft.contract;

/**
 * Exit codes of the kill contract {@code KILL_COMMAND HOST PID EXECUTOR_ID RUN_DIRECTORY}, the single definition
 * shared by every transport (local, ssh, pod-exec) and by the target-side script, which receives these numbers
 * from here rather than restating them.
 */
public enum KillExitCode {
  /** The executor was identified, SIGKILLed, and its exit was observed. */
  KILLED(0, "killed"),
  /** The arguments are invalid (host syntax, PID not above 1, non-numeric executor ID, missing run directory). */
  BAD_ARGUMENTS(2, "bad-arguments"),
  /** The process is not the expected executor; nothing was killed. */
  REFUSED_IDENTITY(3, "refused"),
  /** No process with that PID exists on the target. */
  NO_SUCH_PROCESS(4, "no-such-process"),
  /** SIGKILL was sent but the process did not exit (or become a zombie) within the bound. */
  EXIT_NOT_OBSERVED(5, "exit-not-observed"),
  /** The transport could not reach the target or deliver the signal (ssh/exec failure, permission). */
  TRANSPORT_FAILURE(6, "transport-failure");

  private final int code;
  private final String result;

  KillExitCode(int code, String result) {
    this.code = code;
    this.result = result;
  }

  public int code() {
    return code;
  }

  /** The word used in kill records and the kill log. */
  public String result() {
    return result;
  }

  /** The code of a result word, or empty for words that are not results (e.g. the check mode's "identified"). */
  public static java.util.Optional<KillExitCode> fromResult(String result) {
    for (KillExitCode value : values()) {
      if (value.result.equals(result)) {
        return java.util.Optional.of(value);
      }
    }
    return java.util.Optional.empty();
  }

  public static KillExitCode fromCode(int code) {
    for (KillExitCode value : values()) {
      if (value.code == code) {
        return value;
      }
    }
    return TRANSPORT_FAILURE;
  }
}
