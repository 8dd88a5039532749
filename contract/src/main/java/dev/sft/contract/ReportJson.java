package dev.sft.contract;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reads and writes {@code report.json}; writes are atomic so a reader never sees half a report. */
public final class ReportJson {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
  private static final ObjectMapper COMPACT = MAPPER.copy()
      .disable(SerializationFeature.INDENT_OUTPUT)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL);

  private ReportJson() {}

  /** The one-line, nulls-left-out mapper of {@link #toCompactJson}, for the termination message's own forms. */
  static ObjectMapper compactMapper() {
    return COMPACT;
  }

  public static String toJson(Report report) {
    try {
      return MAPPER.writeValueAsString(report);
    } catch (IOException e) {
      throw new IllegalStateException("cannot serialize report " + report.runId(), e);
    }
  }

  /** One line, nulls left out: for termination messages and logs. */
  public static String toCompactJson(Report report) {
    try {
      return COMPACT.writeValueAsString(report);
    } catch (IOException e) {
      throw new IllegalStateException("cannot serialize report " + report.runId(), e);
    }
  }

  public static Report fromJson(String json) throws IOException {
    return MAPPER.readValue(json, Report.class);
  }

  public static Report read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), Report.class);
  }

  public static void write(Report report, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
    Files.writeString(tmp, toJson(report));
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
