package dev.sft.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compact report a harness container leaves in its Kubernetes termination message, from which the controller
 * fills the resource's status. Kubernetes keeps at most 4096 bytes, so the message carries one summary per matrix
 * cell ({@link ScenarioStats}: counts, verdict pairs, the latest failure), never the repetitions themselves: those
 * stay in {@code report.json} on the shared volume. The first form that fits wins:
 *
 * <ol>
 *   <li>the report's frame and cells as one line of JSON, the latest failures' messages shortened step by step;
 *   <li>the cells column by column ({@link RowColumns}), messages shortened step by step; then the same columns
 *       deflated and in Base64;
 *   <li>the same without the latest failures' messages and evidence paths: every count of {@link #MAX_CELLS} cells
 *       fits;
 *   <li>the run-level outcome without cells.
 * </ol>
 */
public final class TerminationMessage {
  public static final int MAX_BYTES = 4096;
  /**
   * The most cells one harness Job reports: every scenario of the speculation-off Job (the three executor-loss
   * scenarios and their two controls) under every operation. {@code TerminationMessageTest} proves that many fit with every
   * count at the CRD's largest {@code repeat}.
   */
  public static final int MAX_CELLS = (int) java.util.Arrays.stream(ScenarioName.values())
      .filter(s -> !s.needsSpeculation()).count() * WriteOperation.all().size();
  /** Marks the column form, so a reader can tell it from the plain report. */
  static final String COLUMNS = "cellColumns";
  /** The same columns, deflated and Base64-encoded, when even they are too long as text. */
  static final String DEFLATED_COLUMNS = "cellColumnsDeflated";
  static final String CELLS_DROPPED =
      "cell summaries did not fit the termination message; read report.json on the shared volume";
  /** Derived on decoding, so never sent. */
  private static final Set<String> DERIVED = Set.of("failureRate");
  private static final int[] MESSAGE_LIMITS = {400, 160, 60, 0};

  private TerminationMessage() {}

  public static String encode(Report report) {
    for (int limit : MESSAGE_LIMITS) {
      String json = ReportJson.toCompactJson(frame(report, shortened(report.stats(), limit), limit));
      if (fits(json)) {
        return json;
      }
    }
    for (boolean deflate : new boolean[] {false, true}) {
      for (int limit : MESSAGE_LIMITS) {
        String columns = columns(report, shortened(report.stats(), limit), limit, deflate);
        if (fits(columns)) {
          return columns;
        }
      }
    }
    List<ScenarioStats> bare = report.stats().stream()
        .map(c -> c.withLatestFailure(c.latestFailure() == null ? null : c.latestFailure().with(null, null)))
        .toList();
    String columns = columns(report, bare, 0, true);
    if (fits(columns)) {
      return columns;
    }
    // Too many cells even as counts: keep the run-level outcome, which is what decides the phase.
    return ReportJson.toCompactJson(new Report(report.runId(), report.writer(), report.master(), List.of(),
        report.passed(), report.startedAt(), report.finishedAt(), CELLS_DROPPED, List.of(), List.of(),
        compactUses(report)));
  }

  /** The known findings' match counts without their text: the controller has the entries in its spec. */
  private static List<KnownFindingUse> compactUses(Report report) {
    return report.knownFindings().stream().map(KnownFindingUse::withoutText).toList();
  }

  /**
   * The report a termination message carried: its frame and cells, without repetitions ({@code scenarios} is
   * empty).
   */
  public static Report decode(String message) throws IOException {
    JsonNode tree = ReportJson.compactMapper().readTree(message);
    if (tree == null || !tree.isObject()) {
      throw new IOException("not a JSON object: " + message);
    }
    if (!tree.has(COLUMNS) && !tree.has(DEFLATED_COLUMNS)) {
      return ReportJson.fromJson(message);
    }
    ObjectNode plain = ((ObjectNode) tree).deepCopy();
    JsonNode columns = plain.has(COLUMNS) ? plain.remove(COLUMNS)
        : ReportJson.compactMapper().readTree(inflate(plain.remove(DEFLATED_COLUMNS).asText()));
    Report frame = ReportJson.compactMapper().treeToValue(plain, Report.class);
    try {
      return new Report(frame.runId(), frame.writer(), frame.master(), List.of(), frame.passed(),
          frame.startedAt(), frame.finishedAt(), frame.failure(),
          RowColumns.decode(columns, ReportJson.compactMapper(), ScenarioStats.class), frame.jars(),
          frame.knownFindings());
    } catch (IllegalArgumentException e) {
      throw new IOException("bad cell columns: " + e.getMessage(), e);
    }
  }

  /** The report without repetitions and jars, with these cells and its failure shortened. */
  private static Report frame(Report report, List<ScenarioStats> cells, int limit) {
    return new Report(report.runId(), report.writer(), report.master(), List.of(), report.passed(),
        report.startedAt(), report.finishedAt(), shorten(report.failure(), Math.max(limit, 200)), cells, List.of(),
        compactUses(report));
  }

  private static String columns(Report report, List<ScenarioStats> cells, int limit, boolean deflate) {
    ObjectNode frame = ReportJson.compactMapper().valueToTree(frame(report, List.of(), limit));
    frame.remove("scenarios");
    frame.remove("stats");
    ObjectNode columns = RowColumns.encode(cells, ReportJson.compactMapper(), DERIVED);
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

  private static List<ScenarioStats> shortened(List<ScenarioStats> cells, int limit) {
    return cells.stream().map(c -> c.latestFailure() == null ? c : c.withLatestFailure(
        c.latestFailure().with(shorten(c.latestFailure().message(), limit), c.latestFailure().evidence()))).toList();
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
