package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference's spread precondition: writer attempts on at least three partitions in at least two executors. */
class WriterSpreadJudgeTest {
  private static Verdict spread(Evidence evidence) {
    Checks checks = new Checks();
    WriterSpreadJudge.judge(checks, evidence.build());
    return checks.all().stream().filter(c -> c.rule().equals(WriterSpreadJudge.RULE)).map(Check::verdict)
        .findFirst().orElseThrow();
  }

  @Test
  void threePartitionsInTwoExecutorsPass() {
    assertThat(spread(new Evidence().winner(attempt(0, 10, 0, "1")).winner(attempt(1, 11, 0, "2"))
        .winner(attempt(2, 12, 0, "1")))).isEqualTo(Verdict.Passed);
  }

  @Test
  void twoPartitionsOrOneExecutorFail() {
    assertThat(spread(new Evidence().winner(attempt(0, 10, 0, "1")).winner(attempt(1, 11, 0, "2"))))
        .as("a command planned into two writer tasks").isEqualTo(Verdict.Failed);
    assertThat(spread(new Evidence().winner(attempt(0, 10, 0, "1")).winner(attempt(1, 11, 0, "1"))
        .winner(attempt(2, 12, 0, "1")))).as("every attempt in one executor").isEqualTo(Verdict.Failed);
    assertThat(spread(new Evidence())).as("no attempt at all").isEqualTo(Verdict.Failed);
  }

  @Test
  void anAttemptHeldBeforeItsInputCountsAsStarted() {
    Evidence evidence = new Evidence().winner(attempt(0, 10, 0, "1")).winner(attempt(1, 11, 0, "2"));
    evidence.heldBeforeInput.add(Evidence.marker("held-before-input", attempt(2, 12, 0, "2"), List.of()));
    assertThat(spread(evidence)).isEqualTo(Verdict.Passed);
  }
}
