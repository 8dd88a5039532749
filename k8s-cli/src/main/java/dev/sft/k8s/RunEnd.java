package dev.sft.k8s;

import dev.sft.api.SchedulerFailureTestStatus.HarnessJob;
import dev.sft.api.SchedulerFailureTestStatus.JobState;
import dev.sft.api.SchedulerFailureTestStatus.Phase;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunMerge;
import java.util.Optional;

/**
 * When a run of a test has ended for the generation a waiter saw, and the exit code it ends with.
 *
 * <p>The status keeps the last run's phase until the controller starts the next one, so a test just re-applied still
 * shows {@code Succeeded} of the run before. A run counts only if it executes the generation seen or a later one
 * ({@code status.runGeneration}); a change applied during a run is queued and runs after it. An invalid spec is an end
 * too: the controller sets {@code Stalled} (reason {@code InvalidSpec}) for that generation and starts nothing.
 */
public final class RunEnd {
  public static final String INVALID_SPEC = "InvalidSpec";

  private RunEnd() {}

  /** The exit code the run ended with, or empty while the run for {@code seenGeneration} (or a later one) goes on. */
  public static Optional<RunExitCode> of(TestView test, long seenGeneration) {
    if (test.finished() && test.runGeneration() >= seenGeneration) {
      return Optional.of(exitCode(test));
    }
    if (invalidSpec(test) && test.observedGeneration() >= seenGeneration
        && test.conditionGeneration("Stalled") >= seenGeneration) {
      return Optional.of(RunExitCode.USAGE);
    }
    return Optional.empty();
  }

  /** {@code Stalled=True} for an invalid spec of the generation the controller saw last. */
  static boolean invalidSpec(TestView test) {
    return test.conditionTrue("Stalled", INVALID_SPEC)
        && test.conditionGeneration("Stalled") == test.observedGeneration()
        && test.observedGeneration() == test.generation();
  }

  /**
   * As {@code sft local} merges its drivers' codes ({@link RunMerge#exitCode}): a run that could not judge its
   * scenarios decides the code (3 a harness preflight failed, 4 the cluster never became ready or a harness died
   * without judging), else the verdicts do: 0 Succeeded (the controller applied {@code strict}), 1 Failed.
   */
  static RunExitCode exitCode(TestView test) {
    if (test.phase() == Phase.Succeeded) {
      return RunExitCode.PASSED;
    }
    if (!test.conditionTrue("ClusterReady", null)) {
      return RunExitCode.INFRASTRUCTURE;
    }
    return RunMerge.exitCode(test.harnessJobs().stream().map(RunEnd::jobCode).toList(),
        RunExitCode.SCENARIO_NOT_PASSED);
  }

  /**
   * A harness Job's own exit code: 0 and 1 judged, 3 its preflight failed; a Job that failed without one (OOM,
   * eviction, deadline) or with any other (2 means the controller passed arguments the harness refused) could not
   * judge: infrastructure. A Job that never ran says nothing.
   */
  private static RunExitCode jobCode(HarnessJob job) {
    if (job.state != JobState.Failed && job.exitCode == null) {
      return RunExitCode.PASSED;
    }
    if (job.exitCode == null) {
      return RunExitCode.INFRASTRUCTURE;
    }
    return switch (job.exitCode) {
      case 0 -> RunExitCode.PASSED;
      case 1 -> RunExitCode.SCENARIO_NOT_PASSED;
      case 3 -> RunExitCode.PREFLIGHT_FAILED;
      default -> RunExitCode.INFRASTRUCTURE;
    };
  }

  /** One line for the end, for the waiter's last progress line. */
  public static String describe(TestView test, RunExitCode code) {
    return switch (code) {
      case PASSED -> "run " + test.runId() + " Succeeded";
      case SCENARIO_NOT_PASSED -> "run " + test.runId() + " Failed: a verdict is Failed or Unknown";
      case USAGE -> "invalid spec (generation " + test.generation() + "): nothing was started";
      case PREFLIGHT_FAILED -> "run " + test.runId() + " Failed: a harness preflight failed";
      case INFRASTRUCTURE -> "run " + test.runId() + " Failed without judging every scenario (cluster or harness)";
    };
  }
}
