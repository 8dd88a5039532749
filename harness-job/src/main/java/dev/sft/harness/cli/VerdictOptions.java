package dev.sft.harness.cli;

import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that decide how verdicts are attributed and counted, the same for {@code sft local} and {@code sft run}. */
final class VerdictOptions {
  @Option(names = "--control", description = "also run, for each scenario family selected and each operation, its"
      + " write with no fault (the family's table and plan, nothing held, nothing killed), --repeat times, judged by"
      + " the same rules; each finding of a failure cell is then counted in those control runs, by cause"
      + " (docs/harness.md, Control cells)")
  boolean control;

  @Mixin
  KnownFindingOptions known = new KnownFindingOptions();

  /** {@link KnownFindingOptions#knownFindings}. */
  KnownFindings knownFindings(String inlineJson) {
    return known.knownFindings(inlineJson);
  }

  /** {@code --strict}: a Known cell fails the exit code too. */
  boolean strict() {
    return known.strict;
  }

  /**
   * The scenarios with the control of each selected family added when {@code --control} is given (listing a control
   * by name adds it alone).
   */
  List<ScenarioName> withControl(List<ScenarioName> selected) {
    return control ? ScenarioName.withControls(selected) : selected;
  }
}
