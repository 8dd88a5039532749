package dev.sft.harness.cli;

import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that decide how verdicts are attributed and counted, the same for {@code sft local} and {@code sft run}. */
final class VerdictOptions {
  @Option(names = "--control", description = "also run, for each operation, the same write once with no fault (no"
      + " hold, no kill, speculation off: with sft run, in the driver run with --speculation false), judged by the"
      + " same storage rules; each finding of a failure cell is then reported as also without a fault or only under"
      + " this fault (docs/harness.md, Control cells)")
  boolean control;

  @Option(names = "--known-findings", paramLabel = "FILE", description = "findings you have acknowledged: a JSON"
      + " array of {rule, operation, writer, message, reference}; a cell failing only by them is Known, counted"
      + " apart, and does not fail the exit code unless --strict (see docs/harness.md, Known findings)")
  Path knownFindings;

  @Option(names = "--strict", description = "a Known cell fails the exit code too")
  boolean strict;

  /** The file's findings, or the same JSON given inline (null for none). */
  KnownFindings knownFindings(String inlineJson) {
    return OptionValues.knownFindings(knownFindings, inlineJson);
  }

  /** The scenarios with the control cells added when {@code --control} is given (listing {@code control} is the same). */
  List<ScenarioName> withControl(List<ScenarioName> selected) {
    return OptionValues.withControl(selected, control);
  }
}
