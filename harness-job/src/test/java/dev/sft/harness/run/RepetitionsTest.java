package dev.sft.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.DriverRun;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order of a driver run's repetitions, fixed or soaking, without a cluster: what ran, in which order, and why it stopped. */
class RepetitionsTest {
  private static final List<WriteOperation> OPERATIONS = List.of(WriteOperation.DEFAULT,
      WriteOperation.fromId("merge-dv"));

  private final List<String> ran = new ArrayList<>();

  private static DriverRun driverRun(int repeat) {
    return DriverRun.builder("run-1", false, List.of(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT,
            ScenarioName.CONTROL_EXECUTOR_LOSS))
        .repeat(repeat)
        .writer(WriterName.ICEBERG)
        .timeouts(60, 30)
        .interruptOnCancel(true)
        .cluster("spark://m:7077", "/shared")
        .killCommand("/kill")
        .operations(OPERATIONS)
        .build();
  }

  /** Records each repetition; those {@code failing} picks fail storage. */
  private Repetitions.Runner runner(Predicate<String> failing) {
    return (name, operation, repetition) -> {
      String id = name.id() + "/" + operation.id() + " r" + repetition;
      ran.add(id);
      Verdict storage = failing.test(id) ? Verdict.Failed : Verdict.Passed;
      return ScenarioResult.judged(name.id(), operation, repetition, Verdict.Passed, storage,
          ScenarioResult.Counts.NOT_MEASURED, 0, "/e", null, List.of());
    };
  }

  private List<ScenarioResult> repeat(DriverRun driverRun, Predicate<String> failing) {
    return repeat(driverRun, failing, Instant.now());
  }

  private List<ScenarioResult> repeat(DriverRun driverRun, Predicate<String> failing, Instant driverStart) {
    return new Repetitions(driverRun, "/shared/run-1", runner(failing), new DriverRunDeadline(driverStart, driverRun),
        driverStart).run();
  }

  @Test
  void aFixedRepeatRunsEachCellInTurnTheControlAsOften() {
    repeat(driverRun(2), id -> false);
    assertThat(ran).containsExactly(
        "executor-loss-task-replacement/append r1", "executor-loss-task-replacement/append r2",
        "executor-loss-task-replacement/merge-dv r1", "executor-loss-task-replacement/merge-dv r2",
        "control-executor-loss/append r1", "control-executor-loss/append r2",
        "control-executor-loss/merge-dv r1", "control-executor-loss/merge-dv r2");
  }

  @Test
  void repetitionsCanBeNumberedOnForARunThatTakesTurns() {
    repeat(driverRun(1).withFirstRepetition(3), id -> false);
    assertThat(ran).as("the control takes its turns too").containsExactly(
        "executor-loss-task-replacement/append r3", "executor-loss-task-replacement/merge-dv r3",
        "control-executor-loss/append r3", "control-executor-loss/merge-dv r3");
  }

  @Test
  void aSoakRunsRoundAfterRoundToItsBound() {
    List<ScenarioResult> results = repeat(driverRun(1).withSoak(new Soak(3, null)), id -> false);
    assertThat(results).as("every cell, the control too, once per round").hasSize(4 * 3);
    assertThat(ran.subList(0, 4)).containsExactly("executor-loss-task-replacement/append r1",
        "executor-loss-task-replacement/merge-dv r1", "control-executor-loss/append r1",
        "control-executor-loss/merge-dv r1");
    assertThat(ran.subList(8, 12)).containsExactly("executor-loss-task-replacement/append r3",
        "executor-loss-task-replacement/merge-dv r3", "control-executor-loss/append r3",
        "control-executor-loss/merge-dv r3");
  }

  @Test
  void aSoakStopsAtTheFirstFailureAndRunsNothingAfterIt() {
    List<ScenarioResult> results = repeat(driverRun(1).withSoak(new Soak(50, null)),
        id -> id.equals("executor-loss-task-replacement/merge-dv r2"));
    assertThat(ran).last().isEqualTo("executor-loss-task-replacement/merge-dv r2");
    assertThat(results).as("round 1 (with the control's two), then round 2 up to the failure").hasSize(6);
    assertThat(results.get(5).outcome()).isEqualTo(Verdict.Failed);
  }

  @Test
  void aSoakPastItsTimeStartsNoRound() {
    List<ScenarioResult> results = repeat(driverRun(1).withSoak(new Soak(0, java.time.Duration.ofSeconds(1))),
        id -> false, Instant.now().minusSeconds(2));
    assertThat(results).isEmpty();
    assertThat(ran).isEmpty();
  }

  @Test
  void aShareOfASpreadSoakRunsEveryStrideThRoundFromItsFirstToTheBound(@TempDir Path shared) {
    Soak soak = new Soak(7, null).share(3, null, shared.resolve("soak-end.txt").toString());
    List<ScenarioResult> results = repeat(driverRun(1).withSoak(soak).withFirstRepetition(2), id -> false);
    assertThat(results).extracting(ScenarioResult::repetition).as("rounds 2 and 5 of 7; 8 is past the bound")
        .containsExactly(2, 2, 2, 2, 5, 5, 5, 5);
    assertThat(soak.rounds(2)).hasValue(2);
    assertThat(shared.resolve("soak-end.txt")).as("nothing failed, so nothing ends the others").doesNotExist();
  }

  @Test
  void aFailureEndsEveryShareOfASpreadSoak(@TempDir Path shared) throws Exception {
    Path end = shared.resolve("run-1-c0/soak-end.txt");
    Soak soak = new Soak(50, null).share(2, null, end.toString());
    DriverRun first = driverRun(1).withSoak(soak).toBuilder().clusterIndex(0).build();
    repeat(first, id -> id.equals("executor-loss-task-replacement/merge-dv r3"));
    assertThat(Files.readString(end)).as("the first share writes where it stopped")
        .isEqualTo("executor-loss-task-replacement/merge-dv #3 (Failed) on cluster 0\n");

    ran.clear();
    List<ScenarioResult> second = repeat(driverRun(1).withSoak(soak).withFirstRepetition(2), id -> false);
    assertThat(second).as("the other share starts no round once the soak has ended").isEmpty();
    assertThat(ran).isEmpty();

    ScenarioResult later = runner(id -> true).run(ScenarioName.CONTROL_EXECUTOR_LOSS, WriteOperation.DEFAULT, 4);
    SharedSoakEnd.of(soak).orElseThrow().end(later, 1);
    assertThat(Files.readString(end)).as("a share failing in a round it had started leaves the first one's end")
        .startsWith("executor-loss-task-replacement/merge-dv #3");
  }
}
