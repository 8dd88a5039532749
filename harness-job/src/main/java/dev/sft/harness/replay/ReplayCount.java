package dev.sft.harness.replay;

import dev.sft.contract.Check;
import dev.sft.contract.ReplayExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.util.List;

/**
 * How many of the replay's repetitions reproduced the source's finding: each showed every finding id of the
 * {@link ReplayTarget} (rule and cause). Repetitions whose pin was not reached took an interleaving of their own;
 * they are counted and named apart, and never as reproduced.
 */
public record ReplayCount(int reproduced, int pinNotReached, int repetitions) {

  public static ReplayCount of(List<ScenarioResult> results, ReplayTarget target) {
    int reproduced = 0;
    int notReached = 0;
    for (ScenarioResult result : results) {
      if (result.findings().containsAll(target.findings())) {
        reproduced++;
      } else if (pinNotReached(result)) {
        notReached++;
      }
    }
    return new ReplayCount(reproduced, notReached, results.size());
  }

  private static boolean pinNotReached(ScenarioResult result) {
    return result.checks() != null && result.checks().stream()
        .anyMatch(c -> Check.PIN_REACHED.equals(c.rule()) && c.verdict() == Verdict.Unknown);
  }

  /** e.g. {@code reproduced 17 of 20 (3 pin not reached): storage/loser.no-files-left:... under pin ...}. */
  public String line(ReplayTarget target) {
    return "reproduced " + reproduced + " of " + repetitions
        + (pinNotReached > 0 ? " (" + pinNotReached + " pin not reached)" : "") + ": "
        + String.join(", ", target.findings()) + " under pin " + target.pin().id();
  }

  /** 0 when every repetition reproduced it (and there was one), else 1. */
  public ReplayExitCode exitCode() {
    return repetitions > 0 && reproduced == repetitions ? ReplayExitCode.REPRODUCED : ReplayExitCode.NOT_EVERY_TIME;
  }
}
