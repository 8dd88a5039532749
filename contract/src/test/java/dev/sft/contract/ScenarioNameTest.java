package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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
  void allAloneIsEveryFailureScenarioInCanonicalOrderAndTheControlsOnlyByName() {
    assertThat(ScenarioName.parseList(" all ")).containsExactlyElementsOf(ScenarioName.faults()).hasSize(5)
        .contains(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF).noneMatch(ScenarioName::control);
    assertThat(ScenarioName.parseList("control-shuffle-loss,executor-loss-shuffle-loss")).containsExactly(
        ScenarioName.CONTROL_SHUFFLE_LOSS, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS);
    assertThat(ScenarioName.fromId("executor-loss-after-handoff")).isEqualTo(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF);
    // "all" is not a scenario name: mixed into a list it is an unknown name, not a silent "everything".
    assertThatThrownBy(() -> ScenarioName.parseList("all,speculation-original-wins"))
        .hasMessageContaining("unknown scenario 'all'");
  }

  @Test
  void eachFamilyHasAControlInItsOwnDriverRun() {
    for (ScenarioName name : ScenarioName.values()) {
      assertThat(name.familyControl().control()).as(name.id()).isTrue();
      assertThat(name.familyControl().needsSpeculation()).as(name.id() + ": its control runs in its driver run")
          .isEqualTo(name.needsSpeculation());
      assertThat(name.familyControl().familyControl()).isEqualTo(name.familyControl());
    }
    assertThat(ScenarioName.SPECULATION_SPECULATIVE_WINS.familyControl()).isEqualTo(ScenarioName.CONTROL_SPECULATION);
    assertThat(ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF.familyControl()).isEqualTo(ScenarioName.CONTROL_EXECUTOR_LOSS);
    assertThat(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS.familyControl()).isEqualTo(ScenarioName.CONTROL_SHUFFLE_LOSS);
    assertThat(ScenarioName.withControls(List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS,
        ScenarioName.SPECULATION_ORIGINAL_WINS, ScenarioName.SPECULATION_SPECULATIVE_WINS)))
        .as("one control per family that runs, none for a family that does not")
        .containsExactly(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS, ScenarioName.SPECULATION_ORIGINAL_WINS,
            ScenarioName.SPECULATION_SPECULATIVE_WINS, ScenarioName.CONTROL_SPECULATION,
            ScenarioName.CONTROL_SHUFFLE_LOSS);
  }
}
