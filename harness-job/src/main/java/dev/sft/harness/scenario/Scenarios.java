package dev.sft.harness.scenario;

import dev.sft.contract.ScenarioName;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The scenarios this harness implements, by contract name. */
public final class Scenarios {
  private Scenarios() {}

  public static Scenario create(ScenarioName name) {
    return switch (name) {
      case SPECULATION_ORIGINAL_WINS -> new SpeculationScenario(name, SpeculationScenario.Winner.ORIGINAL);
      case SPECULATION_SPECULATIVE_WINS -> new SpeculationScenario(name, SpeculationScenario.Winner.SPECULATIVE);
      default -> throw new IllegalArgumentException(
          "scenario '" + name.id() + "' is not implemented yet; implemented: " + implementedIds());
    };
  }

  public static List<ScenarioName> implemented() {
    List<ScenarioName> names = new ArrayList<>();
    for (ScenarioName name : ScenarioName.values()) {
      if (name == ScenarioName.SPECULATION_ORIGINAL_WINS || name == ScenarioName.SPECULATION_SPECULATIVE_WINS) {
        names.add(name);
      }
    }
    return names;
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
