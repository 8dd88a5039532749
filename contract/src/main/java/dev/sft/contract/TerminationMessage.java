package dev.sft.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact report a harness container leaves in its Kubernetes termination message, from which the controller
 * copies verdicts into the resource's status. Kubernetes keeps at most 4096 bytes, so the per-rule checks are
 * dropped and messages are shortened until the summary fits; the full report stays on the shared volume.
 */
public final class TerminationMessage {
  public static final int MAX_BYTES = 4096;

  private TerminationMessage() {}

  public static String encode(Report report) {
    for (int messageLimit : new int[] {400, 160, 60, 0}) {
      List<ScenarioResult> compact = new ArrayList<>();
      for (ScenarioResult s : report.scenarios()) {
        compact.add(s.withMessage(shorten(s.message(), messageLimit), null));
      }
      Report summary = new Report(report.runId(), report.writer(), report.master(), compact, report.passed(),
          report.startedAt(), report.finishedAt(), shorten(report.failure(), Math.max(messageLimit, 200)),
          report.stats());
      String json = ReportJson.toCompactJson(summary);
      if (json.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES) {
        return json;
      }
    }
    // Too many scenarios even without messages: keep the run-level outcome, which is what decides the phase.
    return ReportJson.toCompactJson(new Report(report.runId(), report.writer(), report.master(), List.of(),
        report.passed(), report.startedAt(), report.finishedAt(),
        "summary too large for a termination message; read report.json on the shared volume", report.stats()));
  }

  public static Report decode(String message) throws IOException {
    return ReportJson.fromJson(message);
  }

  private static String shorten(String text, int limit) {
    if (text == null || text.length() <= limit) {
      return text;
    }
    return limit == 0 ? null : text.substring(0, limit) + "…";
  }
}
