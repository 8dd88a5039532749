package dev.sft.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import dev.sft.contract.Pin;
import dev.sft.contract.ReplayExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A replay repetition reproduces when it shows every finding of the target; pin not reached is counted apart. */
class ReplayCountTest {
  private static final ReplayTarget TARGET = new ReplayTarget(Pin.LOSER_ABORT_INTERRUPTED,
      List.of(ReplayFolders.LOSER_FINDING));

  private static ScenarioResult repetition(int n, Verdict scheduler, Verdict storage, List<Check> checks) {
    return ScenarioResult.judged("speculation-original-wins", n, scheduler, storage,
        ScenarioResult.Counts.NOT_MEASURED, 1, "r" + n, "", checks).withPin(Pin.LOSER_ABORT_INTERRUPTED.id());
  }

  private static ScenarioResult reproduced(int n) {
    return repetition(n, Verdict.Passed, Verdict.Failed, List.of(new Check(Check.STORAGE, "loser.no-files-left",
        Verdict.Failed, "left files", List.of(Cause.LOSER_INTERRUPTED_ABORT))));
  }

  private static ScenarioResult notReached(int n) {
    return repetition(n, Verdict.Unknown, Verdict.Unknown, List.of(
        new Check(Check.SCHEDULER, Check.PIN_REACHED, Verdict.Unknown, "pin not reached"),
        new Check(Check.STORAGE, Check.PIN_REACHED, Verdict.Unknown, "pin not reached")));
  }

  @Test
  void everyRepetitionReproducedIsExitZero() {
    ReplayCount count = ReplayCount.of(List.of(reproduced(1), reproduced(2)), TARGET);
    assertThat(count.line(TARGET)).isEqualTo("reproduced 2 of 2: " + ReplayFolders.LOSER_FINDING
        + " under pin loser-abort-interrupted");
    assertThat(count.exitCode()).isEqualTo(ReplayExitCode.REPRODUCED);
  }

  @Test
  void aPassedRepetitionAnotherFindingAndAPinNotReachedAreNotReproduced() {
    ScenarioResult passed = repetition(2, Verdict.Passed, Verdict.Passed, List.of());
    ScenarioResult other = repetition(3, Verdict.Passed, Verdict.Failed, List.of(new Check(Check.STORAGE,
        "loser.no-files-left", Verdict.Failed, "left files", List.of(Cause.LOSER_NEVER_ABORTED))));
    ReplayCount count = ReplayCount.of(List.of(reproduced(1), passed, other, notReached(4)), TARGET);
    assertThat(count).isEqualTo(new ReplayCount(1, 1, 4));
    assertThat(count.line(TARGET)).startsWith("reproduced 1 of 4 (1 pin not reached): ");
    assertThat(count.exitCode()).isEqualTo(ReplayExitCode.NOT_EVERY_TIME);
  }

  @Test
  void noRepetitionAtAllReproducedNothing() {
    assertThat(ReplayCount.of(List.of(), TARGET).exitCode()).isEqualTo(ReplayExitCode.NOT_EVERY_TIME);
  }
}
