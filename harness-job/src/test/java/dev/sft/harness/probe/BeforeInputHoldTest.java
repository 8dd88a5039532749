package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which attempt the shuffle manager (or the input gate) holds before its input, and which it lets through. */
class BeforeInputHoldTest {
  private static final Optional<ProbeSpec> HOLDS_2_AND_3 =
      Optional.of(new ProbeSpec("/tmp/s", "/tmp/s/data", List.of(), 4000, List.of(2, 3), 1000));

  @Test
  void theInitialAttemptOfAHeldPartitionHolds() {
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 2, 0, 0, false)).isTrue();
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 3, 0, 0, false)).isTrue();
  }

  @Test
  void aPartitionTheSpecDoesNotListNeverHolds() {
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 0, 0, 0, false)).isFalse();
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 1, 0, 0, false)).isFalse();
  }

  @Test
  void onlyTheInitialAttemptHoldsNeverARetryOrAReexecutedStage() {
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 2, 0, 1, false)).as("task retry").isFalse();
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 2, 1, 0, false)).as("stage re-execution").isFalse();
  }

  @Test
  void anAttemptHoldsOnceEvenWhenItReadsSeveralShuffles() {
    // A MERGE's join task gets two shuffle readers; the append's gate holds before the shuffle manager is asked.
    assertThat(BeforeInputHold.decide(HOLDS_2_AND_3, 2, 0, 0, true)).isFalse();
  }

  @Test
  void withoutASpecNothingHolds() {
    assertThat(BeforeInputHold.decide(Optional.empty(), 2, 0, 0, false)).isFalse();
  }

  @Test
  void onlyTaskAttemptsThatRunTheProbedWriterHaveASpec() {
    ProbeSpec spec = HOLDS_2_AND_3.get();
    WriterTasks.enterForTest(41L, spec);
    try {
      assertThat(WriterTasks.specOf(41L)).contains(spec);
      assertThat(WriterTasks.specOf(42L)).as("a map task or another stage's reducer").isEmpty();
    } finally {
      WriterTasks.leaveForTest(41L);
    }
    assertThat(WriterTasks.specOf(41L)).as("removed when the task ends").isEmpty();
  }

  @Test
  void deserializingAFactoryOutsideATaskRegistersNothing() {
    WriterTasks.enter(HOLDS_2_AND_3.get());
    assertThat(WriterTasks.specOf(-1L)).isEmpty();
  }
}
