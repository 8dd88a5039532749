package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskContextImpl;
import org.apache.spark.executor.TaskMetrics;
import org.junit.jupiter.api.Test;
import scala.Option;

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
    // A real task context, as Spark gives a task attempt (TID 41) on its thread.
    TaskContextImpl task = new TaskContextImpl(0, 0, 2, 41L, 0, 4, null, new Properties(), null, TaskMetrics.empty(),
        1, scala.collection.immutable.Map$.MODULE$.empty());
    TaskContext.withTaskContext(task, () -> {
      WriterTasks.enter(spec);
      return null;
    });

    assertThat(WriterTasks.specOf(41L)).contains(spec);
    assertThat(WriterTasks.specOf(42L)).as("a map task or another stage's reducer").isEmpty();
    task.markTaskCompleted(Option.empty());
    assertThat(WriterTasks.specOf(41L)).as("removed when the task ends").isEmpty();
  }

  @Test
  void deserializingAFactoryOutsideATaskRegistersNothing() {
    WriterTasks.enter(HOLDS_2_AND_3.get());
    assertThat(WriterTasks.specOf(-1L)).isEmpty();
  }
}
