package dev.sft.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compact report a harness container leaves in its Kubernetes termination message, from which the controller
 * copies verdicts and counts into the resource's status. Kubernetes keeps at most 4096 bytes. The per-rule checks
 * are always dropped (the full report stays on the shared volume); then the first form that fits wins:
 *
 * <ol>
 *   <li>the report as one line of JSON, messages shortened step by step (a run of a few repetitions);
 *   <li>the results column by column ({@link ResultColumns}), messages shortened step by step; then the same
 *       columns deflated and in Base64: every verdict, count, duration and evidence path of {@link #MAX_RESULTS}
 *       results fits;
 *   <li>verdicts only, every count "not measured" ({@code -1}), the message pointing at {@code report.json};
 *   <li>the run-level outcome without results.
 * </ol>
 */
public final class TerminationMessage {
  public static final int MAX_BYTES = 4096;
  /**
   * The most results whose every count fits: the CRD's largest {@code repeat} (100) times the scenarios of one
   * speculation setting (at most 3, the loss Job's), or the same number spread over operations.
   * {@code TerminationMessageTest} proves that many fit with every count, and that an operation matrix of four times
   * as many still keeps every verdict and cell.
   */
  public static final int MAX_RESULTS = 300;
  /** Marks the column form, so a reader can tell it from the plain report. */
  static final String COLUMNS = "resultColumns";
  /** The same columns, deflated and Base64-encoded, when even they are too long as text. */
  static final String DEFLATED_COLUMNS = "resultColumnsDeflated";
  static final String COUNTS_DROPPED =
      "counts did not fit the termination message; read report.json on the shared volume";
  private static final int[] MESSAGE_LIMITS = {400, 160, 60, 0};

  private TerminationMessage() {}

  public static String encode(Report report) {
    // The per-cell stats are derived from the results (decode recomputes them), so a report whose stats do not fit
    // beside its results goes on without them: an operation matrix has one stats entry per cell.
    for (Report form : List.of(report, withoutStats(report))) {
      Optional<String> encoded = encodeResults(form);
      if (encoded.isPresent()) {
        return encoded.get();
      }
    }
    List<ScenarioResult> verdictsOnly = report.scenarios().stream()
        .map(s -> ScenarioResult.judged(s.name(), s.writeOperation(), s.repetition(), s.scheduler(), s.storage(),
            ScenarioResult.Counts.NOT_MEASURED, -1, null, COUNTS_DROPPED, null))
        .toList();
    String columns = columns(withoutStats(report), verdictsOnly, 0, true);
    if (fits(columns)) {
      return columns;
    }
    // Too many results even as verdicts: keep the run-level outcome, which is what decides the phase.
    return ReportJson.toCompactJson(new Report(report.runId(), report.writer(), report.master(), List.of(),
        report.passed(), report.startedAt(), report.finishedAt(),
        "summary too large for a termination message; read report.json on the shared volume", List.of(),
        List.of(), compactUses(report)));
  }

  private static Optional<String> encodeResults(Report report) {
    for (int limit : MESSAGE_LIMITS) {
      String json = ReportJson.toCompactJson(withMessages(report, report.scenarios(), limit));
      if (fits(json)) {
        return Optional.of(json);
      }
    }
    for (boolean deflate : new boolean[] {false, true}) {
      for (int limit : MESSAGE_LIMITS) {
        String columns = columns(report, shortened(report.scenarios(), limit), limit, deflate);
        if (fits(columns)) {
          return Optional.of(columns);
        }
      }
    }
    return Optional.empty();
  }

  private static Report withoutStats(Report report) {
    return new Report(report.runId(), report.writer(), report.master(), report.scenarios(), report.passed(),
        report.startedAt(), report.finishedAt(), report.failure(), List.of(), report.jars(), report.knownFindings());
  }

  /** The known findings' match counts without their text: the controller has the entries in its spec. */
  private static List<KnownFindingUse> compactUses(Report report) {
    return report.knownFindings().stream().map(u -> new KnownFindingUse(u.index(), null, u.matches())).toList();
  }

  /** The stats the message carried, or, when it dropped them, those of the results it carried. */
  private static Report withStats(Report report) {
    if (!report.stats().isEmpty() || report.scenarios().isEmpty()) {
      return report;
    }
    return new Report(report.runId(), report.writer(), report.master(), report.scenarios(), report.passed(),
        report.startedAt(), report.finishedAt(), report.failure(), ScenarioStats.of(report.scenarios()),
        report.jars(), report.knownFindings());
  }

  public static Report decode(String message) throws IOException {
    JsonNode tree = ReportJson.compactMapper().readTree(message);
    if (tree == null || !tree.isObject()) {
      throw new IOException("not a JSON object: " + message);
    }
    if (!tree.has(COLUMNS) && !tree.has(DEFLATED_COLUMNS)) {
      return withStats(ReportJson.fromJson(message));
    }
    ObjectNode plain = ((ObjectNode) tree).deepCopy();
    JsonNode columns = plain.has(COLUMNS) ? plain.remove(COLUMNS)
        : ReportJson.compactMapper().readTree(inflate(plain.remove(DEFLATED_COLUMNS).asText()));
    Report frame = ReportJson.compactMapper().treeToValue(plain, Report.class);
    try {
      return withStats(new Report(frame.runId(), frame.writer(), frame.master(),
          ResultColumns.decode(columns, ReportJson.compactMapper()), frame.passed(), frame.startedAt(),
          frame.finishedAt(), frame.failure(), frame.stats(), frame.jars(), frame.knownFindings()));
    } catch (IllegalArgumentException e) {
      throw new IOException("bad result columns: " + e.getMessage(), e);
    }
  }

  private static String columns(Report report, List<ScenarioResult> results, int limit, boolean deflate) {
    ObjectNode frame = ReportJson.compactMapper().valueToTree(withMessages(report, List.of(), limit));
    frame.remove("scenarios");
    ObjectNode columns = ResultColumns.encode(results, ReportJson.compactMapper());
    if (deflate) {
      frame.put(DEFLATED_COLUMNS, deflate(columns.toString()));
    } else {
      frame.set(COLUMNS, columns);
    }
    return frame.toString();
  }

  private static String deflate(String text) {
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    try {
      deflater.setInput(text.getBytes(StandardCharsets.UTF_8));
      deflater.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[4096];
      while (!deflater.finished()) {
        out.write(buffer, 0, deflater.deflate(buffer));
      }
      return Base64.getEncoder().encodeToString(out.toByteArray());
    } finally {
      deflater.end();
    }
  }

  private static String inflate(String base64) throws IOException {
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(Base64.getDecoder().decode(base64));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[4096];
      while (!inflater.finished()) {
        int n = inflater.inflate(buffer);
        if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new IOException("truncated deflated result columns");
        }
        out.write(buffer, 0, n);
      }
      return out.toString(StandardCharsets.UTF_8);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IOException("bad deflated result columns: " + e.getMessage(), e);
    } finally {
      inflater.end();
    }
  }

  private static Report withMessages(Report report, List<ScenarioResult> results, int limit) {
    return new Report(report.runId(), report.writer(), report.master(), shortened(results, limit), report.passed(),
        report.startedAt(), report.finishedAt(), shorten(report.failure(), Math.max(limit, 200)), report.stats(),
        List.of(), compactUses(report));
  }

  private static List<ScenarioResult> shortened(List<ScenarioResult> results, int limit) {
    List<ScenarioResult> compact = new ArrayList<>();
    for (ScenarioResult s : results) {
      compact.add(s.withMessage(shorten(s.message(), limit), null));
    }
    return compact;
  }

  private static boolean fits(String json) {
    return json.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES;
  }

  private static String shorten(String text, int limit) {
    if (text == null || text.length() <= limit) {
      return text;
    }
    return limit == 0 ? null : text.substring(0, limit) + "…";
  }
}
