package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --pin NAME} (repeatable), shared by {@code sft local} and {@code sft run}. */
final class PinOptions {
  @Option(names = DriverRun.PIN_OPTION, paramLabel = "<pin>", description = "hold the interleaving this pin names in"
      + " its scenario's repetitions, so its race goes the same way every time (repeatable; a pin whose scenario is"
      + " not selected is a usage error; sft local --list-pins lists them)")
  List<String> pins = List.of();

  /** The pins given, each checked against the selected scenarios. */
  List<Pin> pins(List<ScenarioName> selected) {
    return Pin.validated(pins.stream().map(Pin::fromId).toList(), selected);
  }

  /** One line per pin: its name, its scenarios, what it holds and what it reproduces. */
  static String list() {
    StringBuilder out = new StringBuilder();
    for (Pin pin : Pin.values()) {
      out.append(pin.id()).append("  scenario ")
          .append(String.join(",", pin.scenarios().stream().sorted().map(ScenarioName::id).toList()))
          .append("; holds ").append(pin.holds())
          .append("; reproduces ").append(pin.reproduces()).append('\n');
    }
    return out.toString();
  }
}
