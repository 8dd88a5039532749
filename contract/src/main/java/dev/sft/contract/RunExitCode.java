package dev.sft.contract;

/**
 * Exit codes of {@code sft run} and {@code sft local}, for CI scripts and {@code sft local}'s merging. The
 * controller does not read them: it takes its verdicts from the termination message and only records the exit code.
 */
public enum RunExitCode {
  /**
   * Every selected scenario passed both verdicts, or (without {@code --strict}) failed only by known findings.
   */
  PASSED(0),
  /**
   * At least one scenario's scheduler or storage verdict is Failed or Unknown (or Known, under --strict), or a known
   * finding was stale where it could have matched often enough (--fail-on-stale).
   */
  SCENARIO_NOT_PASSED(1),
  /** Bad command-line arguments; nothing was started. */
  USAGE(2),
  /** The cluster cannot host the scenarios (preflight: shared filesystem, concurrent executors on two hosts). */
  PREFLIGHT_FAILED(3),
  /** Infrastructure failure: unreachable master, a cluster process that would not start, an internal error. */
  INFRASTRUCTURE(4);

  private final int code;

  RunExitCode(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** The exit code of a run that judged its scenarios, never failing on a stale known finding. */
  public static RunExitCode judged(Report report, boolean strict) {
    return judged(report, strict, DriverRun.NEVER_FAIL_ON_STALE);
  }

  /**
   * The exit code of a run that judged its scenarios: not passed also when a known finding is stale where it could
   * have matched in at least {@code failOnStale} repetitions ({@link Report#staleFailures}).
   */
  public static RunExitCode judged(Report report, boolean strict, int failOnStale) {
    return report.accepted(strict) && report.staleFailures(failOnStale).isEmpty() ? PASSED : SCENARIO_NOT_PASSED;
  }

  /** The code of a process exit; an exit that is not one of these (a crash, a signal) counts as infrastructure. */
  public static RunExitCode fromCode(int code) {
    for (RunExitCode value : values()) {
      if (value.code == code) {
        return value;
      }
    }
    return INFRASTRUCTURE;
  }
}
