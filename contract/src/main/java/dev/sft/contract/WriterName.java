package dev.sft.contract;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The Iceberg write paths sft can put under test; the names the CLI, the report and the custom resource
 * ({@code spec.harness.writer}) use.
 */
public enum WriterName {
  /** Iceberg's own Spark writer (JVM). */
  @JsonProperty("iceberg")
  ICEBERG("iceberg"),
  /** DataFusion Comet's native Iceberg writer. */
  @JsonProperty("comet-native")
  COMET_NATIVE("comet-native");

  private final String id;

  WriterName(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  @Override
  public String toString() {
    return id;
  }

  public static WriterName fromId(String id) {
    for (WriterName name : values()) {
      if (name.id.equals(id == null ? "" : id.trim())) {
        return name;
      }
    }
    throw new IllegalArgumentException("unknown writer '" + id + "'; valid writers: iceberg, comet-native");
  }
}
