package dev.sft.harness.run;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The driver run's own overall deadline ({@code --deadline}). It is checked before each scenario repetition starts:
 * a repetition already running finishes within its own bounded waits, and those not started are reported
 * {@code Unknown}, so that the report is written before the Job's deadline ends the pod.
 */
final class RunDeadline {
  private final Instant end;
  private final Duration limit;

  /** @param limit the deadline from {@code start}, or null for none */
  RunDeadline(Instant start, Duration limit) {
    this.limit = limit;
    this.end = limit == null ? null : start.plus(limit);
  }

  boolean passed(Instant now) {
    return end != null && !now.isBefore(end);
  }

  /** A repetition that was not started because the deadline had passed. */
  ScenarioResult notStarted(ScenarioName name, WriteOperation operation, int repetition, String evidence) {
    String why = "not run: the harness deadline (" + limit.toSeconds() + " s, --deadline) passed before this "
        + "repetition could start";
    return ScenarioResult.unknown(name.id(), operation, repetition, evidence, why)
        .withMessage(why, List.of(new Check(Check.SCHEDULER, "deadline", Verdict.Unknown, why)));
  }
}
