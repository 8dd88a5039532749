package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PinTest {
  @Test
  void aPinIsKeptOnlyWhereOneOfItsScenariosIsSelected() {
    assertThat(Pin.validated(List.of(Pin.LOSER_ABORT_INTERRUPTED, Pin.LOSER_ABORT_INTERRUPTED),
        List.of(ScenarioName.SPECULATION_SPECULATIVE_WINS))).containsExactly(Pin.LOSER_ABORT_INTERRUPTED);
    assertThatThrownBy(() -> Pin.validated(List.of(Pin.LOSER_ABORT_INTERRUPTED),
        List.of(ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS, ScenarioName.CONTROL_SPECULATION)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("loser-abort-interrupted (scenario speculation-original-wins or"
            + " speculation-speculative-wins)");
  }

  @Test
  void aScenarioKeepsOnlyItsOwnPins() {
    List<Pin> pins = List.of(Pin.LOSER_ABORT_INTERRUPTED);
    assertThat(Pin.of(pins, ScenarioName.SPECULATION_ORIGINAL_WINS)).containsExactly(Pin.LOSER_ABORT_INTERRUPTED);
    assertThat(Pin.of(pins, ScenarioName.CONTROL_SPECULATION)).isEmpty();
  }

  @Test
  void everyPinReproducesARaceAndReadsBackByItsId() {
    for (Pin pin : Pin.values()) {
      assertThat(Cause.RACES).contains(pin.reproduces());
      assertThat(Pin.fromId(" " + pin.id() + " ")).isEqualTo(pin);
    }
    assertThatThrownBy(() -> Pin.fromId("loser")).hasMessageContaining("valid pins: loser-abort-interrupted");
  }

  @Test
  void pinnedAndNaturalRepetitionsOfOneCellAreCountedApart() {
    ScenarioResult natural = ScenarioResult.judged("speculation-original-wins", 1, Verdict.Passed, Verdict.Passed,
        ScenarioResult.Counts.NOT_MEASURED, 10, "/e/1", "ok", List.of());
    ScenarioResult pinned = ScenarioResult.judged("speculation-original-wins", 2, Verdict.Passed, Verdict.Failed,
        ScenarioResult.Counts.NOT_MEASURED, 10, "/e/2", "left files", List.of()).withPin("loser-abort-interrupted");
    List<ScenarioStats> stats = ScenarioStats.of(List.of(natural, pinned));
    assertThat(stats).hasSize(2);
    assertThat(stats.get(0).pin()).isNull();
    assertThat(stats.get(0).failed()).isZero();
    assertThat(stats.get(1).pin()).isEqualTo("loser-abort-interrupted");
    assertThat(stats.get(1).failed()).isEqualTo(1);
    assertThat(pinned.withKnown(Verdict.Passed, Verdict.Known, List.of("x")).pin()).isEqualTo(pinned.pin());
    assertThat(pinned.withMessage("m", List.of()).pin()).isEqualTo(pinned.pin());
  }

  @Test
  void aPinNotReachedIsAnUnknownOfTheEnvironment() {
    Check notReached = new Check(Check.SCHEDULER, Check.PIN_REACHED, Verdict.Unknown, "pin not reached");
    ScenarioResult result = ScenarioResult.judged("speculation-original-wins", 1, Verdict.Unknown, Verdict.Unknown,
        ScenarioResult.Counts.NOT_MEASURED, 10, "/e/1", "pin not reached", List.of(notReached))
        .withPin("loser-abort-interrupted");
    assertThat(Finding.environmentUnknown(result)).isTrue();
    assertThat(ScenarioStats.of(List.of(result)).get(0).environmentUnknown()).isEqualTo(1);
  }
}
