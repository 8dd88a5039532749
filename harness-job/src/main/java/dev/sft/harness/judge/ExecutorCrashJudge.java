package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.contract.Cause;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * An executor process that exited with a code of its own while its worker lived (a native abort or SIGSEGV, as a
 * native writer can cause; an uncaught exception; an OutOfMemoryError) crashed under the build: a finding of the
 * build, never a loss of the environment ({@link UnplannedLoss}).
 */
public final class ExecutorCrashJudge {
  public static final String RULE = "executors.no-crash";

  private ExecutorCrashJudge() {}

  /**
   * @param killedByHarness the executors the harness set out to kill: their exit is its own doing
   * @param logOf one line quoting an executor's own log by its id ({@code ExecutorLogExcerpt.tail})
   */
  public static void judge(Checks checks, SchedulerHistory history, Set<String> killedByHarness,
      Function<String, String> logOf) {
    List<ExecutorRemoval> crashes = UnplannedLoss.removals(history, killedByHarness).stream()
        .filter(r -> r.kind() == ExecutorRemoval.Kind.CRASH)
        .toList();
    if (crashes.isEmpty()) {
      checks.checkCause(SCHEDULER, RULE, true, "no executor exited with a code of its own");
      return;
    }
    String found = String.join("; ", crashes.stream()
        .map(c -> "executor " + c.executorId() + " exited on its own on a live worker, " + c.cause() + " ('"
            + c.reason() + "'); " + logOf.apply(c.executorId()))
        .toList());
    // It leads the message: the crash explains what failed after it.
    checks.checkCause(SCHEDULER, RULE, false, found, List.of(Cause.EXECUTOR_CRASH));
  }
}
