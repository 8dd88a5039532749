package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options that decide how failed checks are acknowledged and what fails the exit code, the same for
 * {@code sft local}, {@code sft run} and {@code sft judge}.
 */
final class KnownFindingOptions {
  @Option(names = "--known-findings", paramLabel = "<file>", description = "findings you have acknowledged: a JSON"
      + " array of {rule, scenario, operation, writer, cause, message, reference}; a cell failing only by them is"
      + " Known, counted apart, and does not fail the exit code unless --strict (see docs/harness.md, Known findings)")
  Path knownFindings;

  /** Null when not given: {@code sft judge} then takes the run's own. */
  @Option(names = "--strict", negatable = true, description = "a Known cell fails the exit code too")
  Boolean strict;

  /**
   * {@code --known-findings FILE}, or else {@code inlineJson}, the same JSON given inline
   * ({@link DriverRun#KNOWN_FINDINGS_JSON_OPTION}: how the controller and {@code sft local} hand them to a driver
   * run), or null; none when neither is given.
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
      return KnownFindings.parse(inlineJson, DriverRun.KNOWN_FINDINGS_JSON_OPTION);
    }
    return KnownFindings.NONE;
  }

}
