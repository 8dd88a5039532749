package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import java.util.List;
import java.util.stream.Collectors;

/** The scenarios this harness implements, by contract name. */
public final class Scenarios {
  private Scenarios() {}

  public static Scenario create(ScenarioName name) {
    return switch (name) {
      case SPECULATION_ORIGINAL_WINS -> new SpeculationScenario(name, SpeculationScenario.Winner.ORIGINAL);
      case SPECULATION_SPECULATIVE_WINS -> new SpeculationScenario(name, SpeculationScenario.Winner.SPECULATIVE);
      case EXECUTOR_LOSS_TASK_REPLACEMENT -> new TaskReplacementScenario();
      case EXECUTOR_LOSS_SHUFFLE_LOSS -> new ShuffleLossScenario();
    };
  }

  public static List<ScenarioName> implemented() {
    return List.of(ScenarioName.values());
  }

  public static String implementedIds() {
    return implemented().stream().map(ScenarioName::id).collect(Collectors.joining(","));
  }

  /** Rejects names this build cannot run, with the list of those it can. */
  public static List<ScenarioName> requireImplemented(List<ScenarioName> names) {
    for (ScenarioName name : names) {
      if (!implemented().contains(name)) {
        throw new IllegalArgumentException(
            "scenario '" + name.id() + "' is not implemented yet; implemented: " + implementedIds());
      }
    }
    return names;
  }
}
