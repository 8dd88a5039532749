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
  // Lower case: picocli's error for an unknown value lists the constants' names as the user types them.
  table,
  json,
  yaml;

  /** The option's placeholder and description, the same on every command. */
  static final String LABEL = "table|json|yaml";
  static final String AS = "as a table (the default), json or yaml; with json or yaml the other lines go to stderr";

  private static final YAMLMapper YAML_MAPPER = new YAMLMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .disable(YAMLGenerator.Feature.SPLIT_LINES));

  /** {@code resultJson}, the JSON of a command's result, in this format; not for {@link #table}. */
  String render(String resultJson) {
    return switch (this) {
      case json -> resultJson.endsWith("\n") ? resultJson : resultJson + "\n";
      case yaml -> yaml(resultJson);
      case table -> throw new IllegalStateException("a table is the command's own rendering");
    };
  }

  private static String yaml(String resultJson) {
    try {
      return YAML_MAPPER.writeValueAsString(Json.MAPPER.readTree(resultJson));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
