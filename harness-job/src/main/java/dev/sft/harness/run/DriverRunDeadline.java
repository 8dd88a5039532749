package dev.sft.harness.run;

import dev.sft.contract.Check;
import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.time.Instant;
import java.util.List;

/**
 * The driver run's own overall deadline: the earlier of {@code --deadline} seconds from the driver's start and the
 * absolute {@code --not-after} instant ({@link DriverRun#stopAt}). It is checked before each scenario repetition
 * starts: a repetition already running finishes within its own bounded waits, and those not started are reported
 * {@code Unknown}, so that the report is written before the Job's deadline ends the pod. The absolute one counts from
 * the Job's creation, as Kubernetes does, so time spent scheduling the pod and pulling its image is not lost.
 */
final class DriverRunDeadline {
  private final Instant end;
  private final String what;

  DriverRunDeadline(Instant start, DriverRun driverRun) {
    this.end = driverRun.stopAt(start);
    boolean absolute = end != null && end.equals(driverRun.notAfter());
    this.what = end == null ? "none"
        : absolute ? "not after " + end + ", --not-after, counted from the Job's creation"
        : driverRun.deadlineSeconds() + " s, --deadline";
  }

  boolean passed(Instant now) {
    return end != null && !now.isBefore(end);
  }

  /** A repetition that was not started because the deadline had passed. */
  ScenarioResult notStarted(ScenarioName name, WriteOperation operation, int repetition, String evidence) {
    String why = "not run: the harness deadline (" + what + ") passed before this repetition could start";
    return ScenarioResult.unknown(name.id(), operation, repetition, evidence, why)
        .withMessage(why, List.of(new Check(Check.SCHEDULER, "deadline", Verdict.Unknown, why)));
  }
}
