package dev.sft.e2e.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The writer defect a speculation cell may report on Iceberg 1.11 (docs/harness.md, "an interrupted abort leaves the
 * loser's files"): Spark interrupts every killed speculative loser and Iceberg's abort can give up its deletes on it.
 * Whether it happens is a race inside the writer, so the suite accepts it, but only as exactly that finding.
 */
final class WriterFinding {
  static final String RULE = "loser.no-files-left";

  private WriterFinding() {}

  /** For a status result: whether it reports the finding; asserts that it then reports nothing else. */
  static boolean shownBy(JsonNode result) {
    if (result.has("results")) {
      // A whole status: the run shows it when a cell does and no cell fails otherwise.
      boolean any = false;
      for (JsonNode r : result.path("results")) {
        any |= shownBy(r);
      }
      return any && "Failed".equals(result.path("phase").asText());
    }
    if (!"Failed".equals(result.path("storage").asText())) {
      return false;
    }
    String message = result.path("message").asText();
    assertThat(result.path("name").asText()).as("only a speculation cell may fail storage: %s", result)
        .startsWith("speculation-");
    assertThat(result.path("scheduler").asText()).as("scheduler verdict of %s", result).isEqualTo("Passed");
    assertThat(message).as("storage fails by the writer's interrupted abort, named first: %s", result)
        .startsWith("storage/" + RULE + " Failed: the losing attempt")
        .contains("ran an interrupted abort");
    return true;
  }
}
