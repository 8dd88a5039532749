package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunShapeTest {
  /** Two failure scenarios of two families and both families' controls. */
  private static final List<ScenarioName> WITH_CONTROLS = ScenarioName.withControls(List.of(
      ScenarioName.SPECULATION_ORIGINAL_WINS, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS));
  private static final List<WriteOperation> TWO_OPERATIONS = WriteOperation.parseList("append,overwrite-partitioned");

  @Test
  void everyCellRunsRepeatTimesControlsIncluded() {
    RunShape shape = RunShape.of(WITH_CONTROLS, TWO_OPERATIONS, 3);

    assertThat(WITH_CONTROLS).hasSize(4);
    assertThat(shape.cells()).isEqualTo(4 * 2);
    assertThat(shape.total()).hasValue(4 * 2 * 3);
    assertThat(shape.repetitionNumbers(1)).containsExactly(1, 2, 3);
  }

  @Test
  void aComparisonRunsEveryCellRepeatTimesForEachBuild() {
    RunShape shape = new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 3, RunShape.COMPARED_BUILDS, null);

    assertThat(shape.cells()).as("one build's").isEqualTo(8);
    assertThat(shape.total()).hasValue(8 * 3 * 2);
    assertThat(shape.repetitionNumbers(1)).as("rounds of turns").containsExactly(1, 2, 3);
  }

  @Test
  void aDriverRunIsTheShapeOfItsSpeculationGroupOneBuildAndNumbersOnFromItsFirstRepetition() {
    RunShape whole = new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 3, RunShape.COMPARED_BUILDS, null);
    List<ScenarioName> loss = WITH_CONTROLS.stream().filter(s -> !s.needsSpeculation()).toList();

    RunShape one = whole.driverRun(loss);

    assertThat(one.builds()).isEqualTo(RunShape.ONE_BUILD);
    assertThat(one.total()).hasValue(2 * 2 * 3);
    DriverRun run = DriverRun.builder("r", false, loss).repeat(3).writer(WriterName.ICEBERG).timeouts(60, 30)
        .cluster("spark://m:7077", "/shared").operations(TWO_OPERATIONS).firstRepetition(4).build();
    assertThat(run.shape()).isEqualTo(one);
    assertThat(run.repetitionNumbers()).containsExactly(4, 5, 6);
    assertThat(run.unknownResults("/e", "lost")).hasSize(one.total().getAsInt());
  }

  @Test
  void aSoakIsCountedByItsRoundsBoundAndNotAtAllByTimeAlone() {
    RunShape rounds = new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 1, RunShape.ONE_BUILD, new Soak(50, null));
    RunShape timed = new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 1, RunShape.ONE_BUILD,
        new Soak(0, Duration.ofMinutes(30)));

    assertThat(rounds.total()).hasValue(8 * 50);
    assertThat(timed.total()).isEmpty();
    assertThat(rounds.repetitionNumbers(1)).as("a soak numbers its rounds itself").containsExactly(1);
    assertThatThrownBy(() -> new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 2, RunShape.ONE_BUILD, new Soak(5, null)))
        .hasMessageContaining("--repeat and --until-failure exclude each other");
    assertThatThrownBy(() -> new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 1, RunShape.COMPARED_BUILDS,
        new Soak(5, null))).hasMessageContaining("exclude each other");
  }

  @Test
  void repeatIsBoundedOnceForEveryEntry() {
    assertThat(RunShape.requireRepeat("spec.repeat", RunShape.MAX_REPEAT)).isEqualTo(RunShape.MAX_REPEAT);
    assertThatThrownBy(() -> RunShape.requireRepeat("--repeat", 0)).hasMessage("--repeat must be 1 to 100, got 0");
    assertThatThrownBy(() -> RunShape.requireRepeat("--repeat", RunShape.MAX_REPEAT + 1))
        .hasMessageContaining("got 101");
    assertThatThrownBy(() -> DriverRun.builder("r", false, List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS))
        .repeat(0).writer(WriterName.ICEBERG).timeouts(60, 30).cluster("spark://m:7077", "/shared").build())
        .hasMessageContaining("--repeat must be 1 to 100");
  }

  @Test
  void duplicateScenariosAndOperationsCountOnce() {
    RunShape shape = RunShape.of(List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS,
        ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS), List.of(WriteOperation.DEFAULT, WriteOperation.DEFAULT), 2);

    assertThat(shape.cells()).isEqualTo(1);
    assertThat(shape.total()).hasValue(2);
  }

  @Test
  void repetitionsAreDealtToClustersDisjointCoveringAndEvenWithinOne() {
    for (int repeat : new int[] {1, 2, 7, 10, 100}) {
      for (int clusters = 1; clusters <= Math.min(repeat, 8); clusters++) {
        List<RunShape.Share> shares = RunShape.of(WITH_CONTROLS, TWO_OPERATIONS, repeat).dealt(clusters);
        List<Integer> numbers = shares.stream()
            .flatMap(share -> java.util.stream.IntStream.range(share.first(), share.first() + share.repeat()).boxed())
            .toList();
        assertThat(numbers).as("repeat %d over %d clusters", repeat, clusters)
            .isEqualTo(java.util.stream.IntStream.rangeClosed(1, repeat).boxed().toList());
        int fewest = shares.stream().mapToInt(RunShape.Share::repeat).min().orElseThrow();
        int most = shares.stream().mapToInt(RunShape.Share::repeat).max().orElseThrow();
        assertThat(fewest).isPositive().isGreaterThanOrEqualTo(most - 1);
      }
    }
    assertThat(RunShape.of(WITH_CONTROLS, TWO_OPERATIONS, 10).dealt(3)).containsExactly(
        new RunShape.Share(1, 3), new RunShape.Share(4, 3), new RunShape.Share(7, 4));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunShape.of(WITH_CONTROLS, TWO_OPERATIONS, 2).dealt(3))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to repeat (2)");
  }

  @Test
  void aSoaksRoundsAreDealtInTurnCoveringEachRoundOnce() {
    for (int rounds : new int[] {1, 2, 7, 10, 1000}) {
      for (int clusters = 1; clusters <= Math.min(rounds, 8); clusters++) {
        Soak soak = new Soak(rounds, null);
        RunShape shape = new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 1, RunShape.ONE_BUILD, soak);
        List<RunShape.Share> shares = shape.dealt(clusters);
        int stride = clusters;
        List<Integer> numbers = shares.stream()
            .flatMap(share -> java.util.stream.IntStream.iterate(share.first(), r -> r <= rounds, r -> r + stride)
                .boxed())
            .sorted().toList();
        assertThat(numbers).as("%d rounds over %d clusters", rounds, clusters)
            .isEqualTo(java.util.stream.IntStream.rangeClosed(1, rounds).boxed().toList());
        for (RunShape.Share share : shares) {
          assertThat(share.repeat()).as("a share's count is the rounds it runs")
              .isEqualTo(soak.share(clusters, null, "/end").rounds(share.first()).getAsInt()).isPositive();
        }
      }
    }
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new RunShape(WITH_CONTROLS, TWO_OPERATIONS, 1,
            RunShape.ONE_BUILD, new Soak(2, null)).dealt(3))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to --max-repeat (2)");
  }
}
