package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that decide how verdicts are attributed and counted, the same for {@code sft local} and {@code sft run}. */
final class VerdictOptions {
  @Option(names = "--control", negatable = true, description = "also run, for each scenario family selected and each operation, its"
      + " write with no fault (the family's table and plan, nothing held, nothing killed), --repeat times, judged by"
      + " the same rules; each finding of a failure cell is then counted in those control runs, by cause"
      + " (docs/harness.md, Control cells)")
  boolean control;

  @Mixin
  KnownFindingOptions known = new KnownFindingOptions();

  /** {@link KnownFindingOptions#knownFindings}. */

  @Option(names = DriverRun.FAIL_ON_STALE_OPTION, paramLabel = "<n>", defaultValue = "0", description = "fail the run"
      + " (exit 1) when a known finding matched nothing although it could have in at least <n> repetitions (of the"
      + " cells its scenario, operation and writer select); 0, the default, never")
  int failOnStale;

  /** {@code --fail-on-stale N}, checked. */
  int failOnStale() {
    if (failOnStale < 0) {
      throw new IllegalArgumentException(DriverRun.FAIL_ON_STALE_OPTION + " must be 0 (never) or a number of"
          + " repetitions, got " + failOnStale);
    }
    return failOnStale;
  }
  KnownFindings knownFindings(String inlineJson) {
    return known.knownFindings(inlineJson);
  }

  /** {@code --strict}: a Known cell fails the exit code too. */
  boolean strict() {
    return Boolean.TRUE.equals(known.strict);
  }

  /**
   * The scenarios with the control of each selected family added when {@code --control} is given (listing a control
   * by name adds it alone).
   */
  List<ScenarioName> withControl(List<ScenarioName> selected) {
    return control ? ScenarioName.withControls(selected) : selected;
  }
}
