package dev.sft.harness.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.sft.harness.evidence.Json;
import java.io.UncheckedIOException;

/**
 * {@code -o/--output}: the one word for a command's machine-readable output ({@code sft audit}, {@code sft compare},
 * {@code sft judge}), as kubectl's {@code -o json|yaml}. The YAML is the JSON's tree, so both say the same.
 */
enum OutputFormat {
  TABLE,
  JSON,
  YAML;

  /** The option's placeholder and description, the same on every command. */
  static final String LABEL = "table|json|yaml";
  static final String DESCRIPTION = "print the result as a table for people (default) or as json or yaml;"
      + " the other lines then go to stderr";

  private static final YAMLMapper YAML_MAPPER = new YAMLMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

  /** {@code json}, the JSON a command writes for its result, in this format; not for {@link #TABLE}. */
  String render(String json) {
    return switch (this) {
      case JSON -> json.endsWith("\n") ? json : json + "\n";
      case YAML -> yaml(json);
      case TABLE -> throw new IllegalStateException("a table is the command's own rendering");
    };
  }

  private static String yaml(String json) {
    try {
      return YAML_MAPPER.writeValueAsString(Json.MAPPER.readTree(json));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
