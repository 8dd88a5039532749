package dev.sft.harness.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One run of both speculation scenarios with the reference suite's settings, shared by the test classes that judge
 * it ({@link SpeculationScenariosIT}, {@link LoserAbortIT}) so the cluster runs them once per failsafe JVM. Its tables
 * are kept ({@code --keep}) for an independent inventory, and it acknowledges the interrupted-abort finding as a user
 * would ({@code --known-findings}, with one entry no cell can match).
 */
final class SpeculationRun {
  static final String TRACKED = "https://github.com/apache/paimon/pull/8927";
  static final String NEVER_FAILS = "https://example.org/a-rule-no-speculation-cell-has";
  private static LocalRun run;
  private static Path knownFindings;

  private SpeculationRun() {}

  /** The known-findings file the shared run was given, for a command that must judge as it did. */
  static synchronized Path knownFindings() {
    shared();
    return knownFindings;
  }

  static synchronized LocalRun shared() {
    if (run == null) {
      try {
        Path known = Files.createTempFile("known-findings", ".json");
        knownFindings = known;
        Files.writeString(known, "[{\"rule\": \"loser.no-files-left\", \"message\": \"ran an interrupted abort\","
            + " \"cause\": [\"loser-interrupted-abort\"], \"reference\": \"" + TRACKED + "\"},"
            + " {\"rule\": \"files.no-orphans\", \"operation\": \"append\", \"cause\": [\"loser-interrupted-abort\"],"
            + " \"reference\": \"" + TRACKED + "\"}, {\"rule\": \"files.orphans-known-rejected\","
            + " \"cause\": [\"duplicate-result\"], \"reference\": \"" + NEVER_FAILS + "\"}]");
        run = LocalRun.run("speculation", "--scenarios", "speculation-original-wins,speculation-speculative-wins",
            "--timeout", "120", "--keep", "--known-findings", known.toString());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return run;
  }
}
