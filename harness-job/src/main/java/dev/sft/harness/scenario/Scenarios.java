package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import dev.sft.harness.judge.SpeculationJudge;
import java.util.Map;

/** The scenario implementation of each contract name. */
public final class Scenarios {
  private Scenarios() {}

  public static Scenario create(ScenarioName name) {
    return switch (name) {
      case SPECULATION_ORIGINAL_WINS -> new SpeculationScenario(name, SpeculationJudge.Winner.ORIGINAL);
      case SPECULATION_SPECULATIVE_WINS -> new SpeculationScenario(name, SpeculationJudge.Winner.SPECULATIVE);
      case EXECUTOR_LOSS_TASK_REPLACEMENT -> new TaskReplacementScenario();
      case EXECUTOR_LOSS_SHUFFLE_LOSS -> new ShuffleLossScenario();
      case EXECUTOR_LOSS_AFTER_HANDOFF -> new LossAfterHandoffScenario();
      case CONTROL_SPECULATION, CONTROL_EXECUTOR_LOSS, CONTROL_SHUFFLE_LOSS -> new ControlScenario(name);
    };
  }

  /** The speculation scenarios' table properties, for a benchmark that writes their table outside a scenario. */
  public static Map<String, String> speculationTableProperties() {
    return SpeculationScenario.TABLE_PROPERTIES;
  }
}
