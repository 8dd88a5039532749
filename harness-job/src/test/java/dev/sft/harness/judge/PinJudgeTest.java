package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.Pin;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.PinRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class PinJudgeTest {
  private static final PinRecord PIN = PinRecord.of(Pin.LOSER_ABORT_INTERRUPTED);

  @Test
  void aPinNotReachedVoidsBothSidesWhateverElseFailed() {
    Checks checks = new Checks();
    checks.check(Check.STORAGE, "loser.no-files-left", false, "left 12 files");
    PinJudge.judge(checks, PIN, List.of());
    assertThat(checks.verdict(Check.SCHEDULER)).isEqualTo(Verdict.Unknown);
    assertThat(checks.verdict(Check.STORAGE)).isEqualTo(Verdict.Unknown);
    assertThat(checks.voiding()).allMatch(c -> c.rule().equals(Check.PIN_REACHED)
        && c.detail().startsWith("pin not reached: pin loser-abort-interrupted"));
  }

  @Test
  void aPinReachedPassesItsRuleAndLeavesTheVerdictsToTheOtherRules() {
    Checks checks = new Checks();
    checks.check(Check.STORAGE, "loser.no-files-left", false, "left 12 files");
    AttemptMarker pinned = new AttemptMarker("pinned", new AttemptIdentity(3, 0, 0, 7L, 1, "1", "127.0.0.2", 42),
        List.of(), 1L, "held all 8 thread(s)", null, null, null);
    PinJudge.judge(checks, PIN, List.of(pinned));
    assertThat(checks.verdict(Check.SCHEDULER)).isEqualTo(Verdict.Passed);
    assertThat(checks.verdict(Check.STORAGE)).isEqualTo(Verdict.Failed);
    assertThat(checks.voiding()).isEmpty();
  }
}
