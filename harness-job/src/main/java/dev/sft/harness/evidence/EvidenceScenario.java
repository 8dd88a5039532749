package dev.sft.harness.evidence;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sft.contract.ScenarioName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which scenario an evidence folder belongs to, read from the evidence itself: the scenario's {@code result.json}
 * names it, and the folder is named {@code <scenario>-r<N>}. Both must agree when both are there, so a renamed or
 * mixed-up folder is an error rather than the wrong policy.
 */
public final class EvidenceScenario {
  private static final Pattern FOLDER = Pattern.compile("(.+)-r[0-9]+");

  private EvidenceScenario() {}

  /** The scenario, or an {@link IllegalArgumentException} saying why it cannot be told. */
  public static ScenarioName of(Path evidence) {
    Optional<ScenarioName> fromResult = fromResult(evidence.resolve(EvidenceLayout.RESULT));
    Optional<ScenarioName> fromFolder = fromFolder(evidence);
    if (fromResult.isPresent() && fromFolder.isPresent() && fromResult.get() != fromFolder.get()) {
      throw new IllegalArgumentException("evidence folder " + evidence + " is named for scenario '"
          + fromFolder.get().id() + "' but its " + EvidenceLayout.RESULT + " names '" + fromResult.get().id() + "'");
    }
    return fromResult.or(() -> fromFolder).orElseThrow(() -> new IllegalArgumentException(
        "cannot tell which scenario the evidence folder " + evidence + " belongs to: it has no readable "
            + EvidenceLayout.RESULT + " and is not named <scenario>-r<N> (scenarios: " + ScenarioName.allIds()
            + ")"));
  }

  private static Optional<ScenarioName> fromResult(Path result) {
    if (!Files.isRegularFile(result)) {
      return Optional.empty();
    }
    JsonNode name;
    try {
      name = Json.MAPPER.readTree(result.toFile()).get("name");
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + result + ": " + e.getMessage(), e);
    }
    if (name == null || !name.isTextual()) {
      throw new IllegalArgumentException(result + " has no scenario name");
    }
    return Optional.of(ScenarioName.fromId(name.asText()));
  }

  private static Optional<ScenarioName> fromFolder(Path evidence) {
    Path folder = evidence.toAbsolutePath().normalize().getFileName();
    Matcher matcher = FOLDER.matcher(folder == null ? "" : folder.toString());
    if (!matcher.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ScenarioName.fromId(matcher.group(1)));
    } catch (IllegalArgumentException notAScenario) {
      return Optional.empty();
    }
  }
}
