package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScenarioNameTest {
  @Test
  void parsesTheContractNamesInTheGivenOrder() {
    assertThat(ScenarioName.parseList("speculation-speculative-wins, speculation-original-wins"))
        .containsExactly(ScenarioName.SPECULATION_SPECULATIVE_WINS, ScenarioName.SPECULATION_ORIGINAL_WINS);
  }

  @Test
  void rejectsUnknownNamesListingTheValidOnes() {
    assertThatThrownBy(() -> ScenarioName.parseList("speculation-original-wins,executor-loss"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown scenario 'executor-loss'")
        .hasMessageContaining("executor-loss-shuffle-loss");
  }

  @Test
  void rejectsDuplicatesAndEmptyLists() {
    assertThatThrownBy(() -> ScenarioName.parseList("speculation-original-wins,speculation-original-wins"))
        .hasMessageContaining("listed twice");
    assertThatThrownBy(() -> ScenarioName.parseList(" , ")).hasMessageContaining("no scenario given");
  }

  @Test
  void speculationScenariosAreTheOnlyOnesThatNeedSpeculation() {
    assertThat(ScenarioName.SPECULATION_ORIGINAL_WINS.needsSpeculation()).isTrue();
    assertThat(ScenarioName.SPECULATION_SPECULATIVE_WINS.needsSpeculation()).isTrue();
    assertThat(ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT.needsSpeculation()).isFalse();
    assertThat(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS.needsSpeculation()).isFalse();
    assertThat(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF.needsSpeculation()).isFalse();
  }

  @Test
  void theDefaultIsTheReferenceSuitesFourAndAllAddsTheNewScenario() {
    assertThat(ScenarioName.defaults()).containsExactly(ScenarioName.SPECULATION_ORIGINAL_WINS,
        ScenarioName.SPECULATION_SPECULATIVE_WINS, ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT,
        ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
    assertThat(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF.reference()).isFalse();
  }

  @Test
  void allAloneIsEveryFailureScenarioInCanonicalOrderAndTheControlOnlyByName() {
    assertThat(ScenarioName.parseList(" all ")).containsExactlyElementsOf(ScenarioName.faults()).hasSize(5)
        .contains(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF).doesNotContain(ScenarioName.CONTROL);
    assertThat(ScenarioName.parseList("control,executor-loss-shuffle-loss")).containsExactly(ScenarioName.CONTROL,
        ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
    assertThat(ScenarioName.CONTROL.needsSpeculation()).as("no speculative copy in a control write").isFalse();
    assertThat(ScenarioName.CONTROL.repetitions(100)).as("once per operation").isEqualTo(1);
    assertThat(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS.repetitions(100)).isEqualTo(100);
    assertThat(ScenarioName.fromId("executor-loss-after-handoff")).isEqualTo(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF);
    // "all" is not a scenario name: mixed into a list it is an unknown name, not a silent "everything".
    assertThatThrownBy(() -> ScenarioName.parseList("all,speculation-original-wins"))
        .hasMessageContaining("unknown scenario 'all'");
  }
}
