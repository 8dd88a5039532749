package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.kill.KillRecord;
import java.util.List;
import java.util.Optional;

/**
 * Whether the kill command killed the target's executor, and only it, with a SIGKILL. sft's own kill record (the
 * identity it checked and the exit it observed) is the stronger proof where the command wrote one. Any other command
 * (the reference suite's ssh helper, a script of the user's) is judged from what the scheduler saw: the named
 * executor, on the named host, removed with a SIGKILL exit (137) after the command started and at most one kill
 * time-out after it returned (the driver learns of the exit after the process is gone), and no other executor removed
 * meanwhile.
 */
public final class KillProof {
  public static final String RULE = "kill.identity-and-exit-proven";
  /** How a Standalone worker reports an executor process ended by SIGKILL (128 + 9). */
  static final String SIGKILL_EXIT = "exited with code 137";

  private KillProof() {}

  /** The kill command's call: when it started and returned (driver clock, ms), where its output is, sft's record. */
  public record KillCall(long startedMs, long returnedMs, long windowMs, String log, Optional<KillRecord> record) {}

  public static void judge(Checks checks, AttemptIdentity target, KillCall kill, SchedulerHistory history) {
    if (kill.record().isPresent()) {
      KillRecord r = kill.record().get();
      checks.check(SCHEDULER, RULE, r.killed() && r.exitObservedMs() != null,
          "sft kill record: " + r.result() + ", cmdline seen '" + r.cmdline() + "', exit " + r.exitState()
              + (r.reason() == null ? "" : ", " + r.reason()));
      return;
    }
    long windowEnd = kill.returnedMs() + kill.windowMs();
    List<SchedulerEvent> removed = history.events().stream()
        .filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type()))
        .filter(e -> e.timeMillis() >= kill.startedMs() && e.timeMillis() <= windowEnd)
        .toList();
    Optional<SchedulerEvent> targetRemoved = removed.stream()
        .filter(e -> target.executorId().equals(e.executorId())).findFirst();
    List<String> others = removed.stream().map(SchedulerEvent::executorId)
        .filter(id -> !target.executorId().equals(id)).distinct().toList();
    Optional<String> host = hostOf(target.executorId(), history);
    boolean sigkill = targetRemoved.map(e -> e.reason() != null && e.reason().contains(SIGKILL_EXIT)).orElse(false);
    boolean onNamedHost = host.map(target.host()::equals).orElse(false);
    checks.check(SCHEDULER, RULE, targetRemoved.isPresent() && sigkill && onNamedHost && others.isEmpty(),
        "no sft kill record, so judged from the scheduler's events: executor " + target.executorId()
            + (targetRemoved.isEmpty() ? " not removed" : " removed " + (targetRemoved.get().timeMillis()
                - kill.startedMs()) + " ms after the command started (it returned after "
                + (kill.returnedMs() - kill.startedMs()) + " ms), reason '" + targetRemoved.get().reason() + "'"
                + (sigkill ? "" : ", not a SIGKILL exit (" + SIGKILL_EXIT + ")"))
            + "; its host in the scheduler " + host.orElse("unknown") + ", named host " + target.host()
            + "; other executors removed meanwhile: " + others + "; the command's output: " + kill.log());
  }

  /** The host the scheduler ran the executor's tasks on. */
  private static Optional<String> hostOf(String executorId, SchedulerHistory history) {
    return history.events().stream().filter(e -> executorId.equals(e.executorId()) && e.host() != null)
        .map(SchedulerEvent::host).findFirst();
  }
}
