package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.HarnessEnvironment;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.ScenarioName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
      + " array of {rule, scenario, operation, writer, cause, message, reference}; a cell failing only by them is"
      + " Known, counted apart, and does not fail the exit code unless --strict (see docs/harness.md, Known findings)")
  Path knownFindings;

  @Option(names = "--strict", description = "a Known cell fails the exit code too")
  boolean strict;

  @Option(names = DriverRun.FAIL_ON_STALE_OPTION, paramLabel = "N", defaultValue = "0", description = "fail the run"
      + " (exit 1) when a known finding matched nothing although it could have in at least N repetitions (of the"
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

  /**
   * {@code --known-findings FILE}, or else {@code inlineJson}, the same JSON given inline
   * ({@link DriverRun#KNOWN_FINDINGS_JSON_OPTION} or env {@link HarnessEnvironment#KNOWN_FINDINGS}: how the controller
   * and {@code sft local} hand them to a driver run), or null; none when neither is given.
   */
  KnownFindings knownFindings(String inlineJson) {
    if (knownFindings != null) {
      if (!Files.isRegularFile(knownFindings)) {
        throw new IllegalArgumentException("--known-findings " + knownFindings + " is not a file");
      }
      try {
        return KnownFindings.parse(Files.readString(knownFindings), "--known-findings " + knownFindings);
      } catch (IOException e) {
        throw new IllegalArgumentException("--known-findings " + knownFindings + ": cannot read: " + e.getMessage());
      }
    }
    if (inlineJson != null && !inlineJson.isBlank()) {
      return KnownFindings.parse(inlineJson, DriverRun.KNOWN_FINDINGS_JSON_OPTION + " (or env "
          + HarnessEnvironment.KNOWN_FINDINGS + ")");
    }
    return KnownFindings.NONE;
  }

  /** The scenarios with the control cells added when {@code --control} is given (listing {@code control} is the same). */
  List<ScenarioName> withControl(List<ScenarioName> selected) {
    if (!control || selected.contains(ScenarioName.CONTROL)) {
      return selected;
    }
    List<ScenarioName> with = new ArrayList<>(selected);
    with.add(ScenarioName.CONTROL);
    return List.copyOf(with);
  }
}
