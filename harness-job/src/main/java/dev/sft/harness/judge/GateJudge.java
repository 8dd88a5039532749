package dev.sft.harness.judge;

import static dev.sft.contract.Check.SCHEDULER;

import dev.sft.harness.evidence.AttemptMarker;
import java.util.List;

/**
 * A task failure caused by the harness's own gate is not a recovery the scheduler earned: any gate time-out fails
 * the scheduler verdict, naming the gate.
 */
public final class GateJudge {
  private GateJudge() {}

  public static void judge(Checks checks, List<AttemptMarker> gateTimeouts) {
    List<String> timedOut = gateTimeouts.stream()
        .map(m -> "partition " + m.attempt().partition() + " TID " + m.attempt().taskAttemptId() + ": "
            + m.detail())
        .toList();
    checks.check(SCHEDULER, "gates.no-timeout", timedOut.isEmpty(),
        timedOut.isEmpty() ? "no probe gate timed out" : "probe gate(s) timed out and failed their task: " + timedOut);
  }
}
