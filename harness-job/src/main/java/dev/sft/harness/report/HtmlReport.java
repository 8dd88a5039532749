package dev.sft.harness.report;

import dev.sft.harness.evidence.JobGroup;
import dev.sft.harness.judge.SchedulerHistory;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.contract.Check;
import dev.sft.contract.Pin;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.ScenarioStats;
import dev.sft.contract.KnownFindingUse;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.kill.Killer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A self-contained HTML report (no scripts, no external files): per scenario the verdicts, a timeline of every task
 * attempt of the monitored write per executor and host (with gate holds and releases, the kill instant, executor
 * removals and stage attempts), the rules, and the audit's sets. It reads the evidence folders the report names.
 */
public final class HtmlReport {
  private static final int WIDTH = 1100;
  private static final int LABEL = 190;
  private static final int LANE = 28;
  private static final Map<String, String> COLORS = Map.of(
      "Success", "#2e7d32", "TaskKilled", "#ef6c00", "ExecutorLostFailure", "#c62828", "FetchFailed", "#6a1b9a",
      "running", "#90a4ae");

  private HtmlReport() {}

  public static String render(Report report) {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>sft ")
        .append(esc(report.runId())).append("</title>\n<style>\n")
        .append("body{font:14px system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}")
        .append("h1{font-size:22px}h2{font-size:18px;margin-top:36px;border-top:1px solid #ccc;padding-top:16px}")
        .append("table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:3px 8px;")
        .append("text-align:left;vertical-align:top}th{background:#f4f4f4}")
        .append(".Passed{background:#c8e6c9}.Failed{background:#ffcdd2}.Unknown{background:#fff3c4}.Known{background:#d7e3fc}")
        .append(".badge{padding:2px 8px;border-radius:4px;font-weight:600}")
        .append(".bar{white-space:nowrap}.rep{display:inline-block;width:6px;height:14px;margin-right:1px}")
        .append(".rep.Passed{background:#66bb6a}.rep.Failed{background:#e53935}.rep.Unknown{background:#fbc02d}")
        .append(".rep.Known{background:#5c8ddb}")
        .append("code,.mono{font-family:ui-monospace,monospace;font-size:12px}")
        .append("details{margin:4px 0}svg{border:1px solid #ddd;background:#fff}")
        .append(".legend span{display:inline-block;margin-right:14px}")
        .append(".swatch{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}")
        .append("\n</style></head><body>\n");
    html.append("<h1>sft run ").append(esc(report.runId())).append(" — ")
        .append(badge(ReportOutcome.verdict(report), ReportOutcome.headline(report)))
        .append("</h1>\n<p>writer <b>").append(esc(report.writer())).append("</b>, master <code>")
        .append(esc(report.master())).append("</code>, ").append(esc(report.startedAt())).append(" → ")
        .append(esc(report.finishedAt())).append("</p>\n");
    if (report.failure() != null) {
      html.append("<p class=\"Failed\">run failure: ").append(esc(report.failure())).append("</p>\n");
    }
    knownFindings(html, report);
    summary(html, report);
    JarReport.html(html, report.jars());
    for (ScenarioResult scenario : report.scenarios()) {
      scenario(html, scenario);
    }
    html.append("</body></html>\n");
    return html.toString();
  }

  private static void summary(StringBuilder html, Report report) {
    OperationMatrix matrix = OperationMatrix.of(report);
    if (matrix.isMatrix()) {
      matrix.html(html);
    }
    html.append("<table><tr><th>scenario</th><th>operation</th><th>rep</th><th>scheduler</th><th>storage</th><th>rows</th>")
        .append("<th>orphans</th><th>known rejected</th><th>missing</th><th>duration</th></tr>\n");
    for (ScenarioResult s : report.scenarios()) {
      html.append("<tr><td><a href=\"#").append(anchor(s)).append("\">").append(esc(s.name())).append("</a>")
          .append(esc(Pin.label(s.pin()))).append("</td><td>")
          .append(esc(s.writeOperation().id())).append("</td><td>").append(s.repetition()).append(esc(s.clusterLabel())).append("</td>").append(verdictCell(s.scheduler())).append(verdictCell(s.storage()))
          .append("<td>").append(count(s.rows())).append("</td><td>").append(count(s.orphanFiles()))
          .append("</td><td>").append(count(s.knownRejectedOrphans())).append("</td><td>")
          .append(count(s.missingFiles())).append("</td><td>")
          .append(String.format(Locale.ROOT, "%.1f s", s.durationMs() / 1000.0)).append("</td></tr>\n");
    }
    html.append("</table>\n");
    if (report.stats().stream().anyMatch(st -> st.runs() > 1)) {
      repetitions(html, report);
    }
  }

  /**
   * One row per cell: passed/runs, the failure rate with its 95 % interval, and a bar of its repetitions in order,
   * each a link to its evidence section, coloured by outcome.
   */
  private static void repetitions(StringBuilder html, Report report) {
    Map<String, List<ScenarioResult>> byCell = new LinkedHashMap<>();
    report.scenarios().forEach(s -> byCell.computeIfAbsent(s.cell() + Pin.label(s.pin()), c -> new ArrayList<>())
        .add(s));
    html.append("<h3>Repetitions</h3><p>failure rate: Failed and Known over the judged repetitions (Unknown ")
        .append("excluded), with its 95 % Wilson interval</p><table><tr><th>scenario</th><th>operation</th>")
        .append("<th>passed</th><th>failed</th><th>unknown</th><th>known</th><th>failure rate [95 %]</th>")
        .append("<th>repetitions</th><th>duration min / median / max</th></tr>\n");
    for (ScenarioStats st : report.stats()) {
      html.append("<tr><td>").append(esc(st.name() + Pin.label(st.pin()))).append("</td><td>")
          .append(esc(st.writeOperation().id()))
          .append("</td><td>").append(st.passedOfRuns()).append("</td><td>").append(st.failed()).append("</td><td>")
          .append(st.unknown()).append("</td><td>").append(st.known()).append("</td><td>")
          .append(esc(st.failureRate().describe())).append("</td><td class=\"bar\">");
      for (ScenarioResult s : byCell.getOrDefault(st.cell() + Pin.label(st.pin()), List.of())) {
        html.append("<a class=\"rep ").append(s.outcome()).append("\" href=\"#").append(anchor(s))
            .append("\" title=\"r").append(s.repetition()).append(s.clusterLabel()).append(' ').append(s.outcome()).append("\"></a>");
      }
      html.append("</td><td>").append(String.format(Locale.ROOT, "%.1f / %.1f / %.1f s", st.durationMinMs() / 1e3,
          st.durationMedianMs() / 1e3, st.durationMaxMs() / 1e3)).append("</td></tr>\n");
    }
    html.append("</table>\n");
  }

  private static void scenario(StringBuilder html, ScenarioResult s) {
    html.append("<h2 id=\"").append(anchor(s)).append("\">").append(esc(s.name())).append(" · ")
        .append(esc(s.writeOperation().id())).append(" r").append(s.repetition()).append(esc(Pin.label(s.pin())))
        .append(esc(s.clusterLabel())).append(" — scheduler ").append(badge(s.scheduler(), s.scheduler().name())).append(" storage ")
        .append(badge(s.storage(), s.storage().name())).append("</h2>\n");
    if (s.known()) {
      html.append("<p class=\"Known\">fails only by known findings: ");
      s.knownFindings().forEach(ref -> html.append("<a href=\"").append(esc(ref)).append("\">").append(esc(ref))
          .append("</a> "));
      html.append("</p>\n");
    }
    html.append("<p>").append(esc(s.message()))
        .append("</p>\n<p>evidence: <code>").append(esc(s.evidence())).append("</code></p>\n");
    Path dir = s.evidence() == null ? null : Path.of(s.evidence());
    if (dir != null && Files.isDirectory(dir)) {
      timeline(html, s, dir);
    }
    if (s.checks() != null && !s.checks().isEmpty()) {
      html.append("<details open><summary>rules (").append(s.checks().size()).append(")</summary><table>")
          .append("<tr><th>side</th><th>rule</th><th>verdict</th><th>detail</th></tr>\n");
      for (Check check : s.checks()) {
        html.append("<tr><td>").append(esc(check.side())).append("</td><td><code>").append(esc(check.rule()))
            .append("</code></td>").append(verdictCell(check.verdict())).append("<td class=\"mono\">")
            .append(attributions(check))
            .append(esc(check.detail())).append("</td></tr>\n");
      }
      html.append("</table></details>\n");
    }
    if (dir != null && Files.isRegularFile(dir.resolve(EvidenceLayout.STORAGE_AUDIT))) {
      AuditResult audit = Markers.read(dir.resolve(EvidenceLayout.STORAGE_AUDIT), AuditResult.class);
      html.append("<h3>Storage audit</h3><p>table <code>").append(esc(audit.tableLocation()))
          .append("</code>, snapshot ").append(audit.currentSnapshotId()).append("</p>\n");
      fileSet(html, "physical", audit.physical());
      fileSet(html, "referenced", audit.referenced());
      fileSet(html, "winner (accepted messages)", audit.winner());
      fileSet(html, "rejected (attempts not accepted)", audit.rejected());
      fileSet(html, "orphan = physical − referenced", audit.orphan());
      fileSet(html, "known rejected orphans", audit.knownRejectedOrphans());
      fileSet(html, "unknown orphans", audit.unknownOrphans());
      fileSet(html, "missing = referenced − physical", audit.missing());
    }
  }

  /** One lane per executor; a bar per task attempt of the monitored write; marks for gates, kills and stages. */
  private static void timeline(StringBuilder html, ScenarioResult s, Path dir) {
    List<SchedulerEvent> events = SchedulerHistory.read(dir.resolve(EvidenceLayout.SCHEDULER_EVENTS)).events();
    String group = "group=" + JobGroup.of(s.name(), s.writeOperation(), s.repetition());
    List<Integer> stages = events.stream()
        .filter(e -> SchedulerEvent.JOB_START.equals(e.type()) && group.equals(e.detail()) && e.stageIds() != null)
        .flatMap(e -> e.stageIds().stream()).toList();
    if (stages.isEmpty()) {
      html.append("<p>(no scheduler events of the monitored write)</p>\n");
      return;
    }
    Map<Long, SchedulerEvent> starts = new LinkedHashMap<>();
    Map<Long, SchedulerEvent> ends = new HashMap<>();
    for (SchedulerEvent e : events) {
      if (e.taskId() != null && e.stageId() != null && stages.contains(e.stageId())) {
        if (SchedulerEvent.TASK_START.equals(e.type())) {
          starts.put(e.taskId(), e);
        } else if (e.isTaskEnd()) {
          ends.put(e.taskId(), e);
        }
      }
    }
    List<SchedulerEvent> removals = events.stream()
        .filter(e -> SchedulerEvent.EXECUTOR_REMOVED.equals(e.type())).toList();
    List<SchedulerEvent> stageSubmits = events.stream()
        .filter(e -> SchedulerEvent.STAGE_SUBMITTED.equals(e.type()) && stages.contains(e.stageId())).toList();
    WriteEvidence evidence = WriteEvidence.read(new GatePaths(dir));
    List<AttemptMarker> marks = new ArrayList<>();
    for (List<AttemptMarker> kind : List.of(evidence.handoffs(), evidence.paused(), evidence.heldBeforeInput(),
        evidence.released(), evidence.aborted())) {
      marks.addAll(kind);
    }
    List<KillRecord> kills = Markers.readAll(dir.resolve(Killer.RECORDS), KillRecord.class);

    long t0 = starts.values().stream().mapToLong(SchedulerEvent::timeMillis).min().orElse(0);
    long t1 = ends.values().stream().mapToLong(SchedulerEvent::timeMillis).max().orElse(t0 + 1);
    t1 = Math.max(t1, marks.stream().mapToLong(AttemptMarker::timeMillis).max().orElse(t1));
    final long from = t0;
    final double scale = (WIDTH - LABEL - 20) / (double) Math.max(1, t1 - t0);

    Map<String, Integer> lanes = new TreeMap<>();
    starts.values().forEach(e -> lanes.putIfAbsent(e.host() + " executor " + e.executorId(), 0));
    int index = 0;
    for (String lane : lanes.keySet()) {
      lanes.put(lane, index++);
    }
    int height = 40 + lanes.size() * LANE + 30;
    html.append("<div class=\"legend\">");
    COLORS.forEach((reason, color) -> html.append("<span><i class=\"swatch\" style=\"background:").append(color)
        .append("\"></i>").append(reason).append("</span>"));
    html.append("<span>▲ handoff ◆ paused ■ held before input ● released ✕ aborted</span>")
        .append("<span style=\"color:#c62828\">| kill</span><span style=\"color:#555\">┆ stage attempt</span></div>\n");
    html.append("<svg width=\"").append(WIDTH).append("\" height=\"").append(height)
        .append("\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"11\">\n");
    for (Map.Entry<String, Integer> lane : lanes.entrySet()) {
      int y = 30 + lane.getValue() * LANE;
      html.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\">%s</text>"
          + "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#eee\"/>%n",
          y + 16, esc(lane.getKey()), LABEL, WIDTH, y + LANE - 2, y + LANE - 2));
    }
    for (SchedulerEvent stage : stageSubmits) {
      double x = LABEL + (stage.timeMillis() - from) * scale;
      html.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"14\" y2=\"%d\" stroke=\"#555\" "
          + "stroke-dasharray=\"3,3\"/><text x=\"%.1f\" y=\"12\" fill=\"#555\">stage %d.%d</text>%n",
          x, x, height - 20, x + 2, stage.stageId(), stage.stageAttempt()));
    }
    for (SchedulerEvent start : starts.values()) {
      Integer laneIndex = lanes.get(start.host() + " executor " + start.executorId());
      SchedulerEvent end = ends.get(start.taskId());
      String reason = end == null ? "running" : end.reason();
      double x = LABEL + (start.timeMillis() - from) * scale;
      double w = Math.max(2, ((end == null ? from + (t1 - t0) : end.timeMillis()) - start.timeMillis()) * scale);
      int y = 30 + laneIndex * LANE;
      String label = "p" + start.partition() + " TID " + start.taskId()
          + (Boolean.TRUE.equals(start.speculative()) ? " spec" : "");
      html.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"16\" rx=\"2\" "
          + "fill=\"%s\" opacity=\"0.85\"><title>%s stage %d.%d: %s%s</title></rect>"
          + "<text x=\"%.1f\" y=\"%d\" fill=\"#fff\">%s</text>%n",
          x, y + 2, w, COLORS.getOrDefault(reason, "#757575"), esc(label), start.stageId(), start.stageAttempt(),
          esc(reason), end == null || end.detail() == null ? "" : esc(" — " + end.detail()),
          x + 3, y + 14, w > 60 ? esc(label) : ""));
    }
    for (AttemptMarker mark : marks) {
      Integer laneIndex = lanes.get(mark.attempt().host() + " executor " + mark.attempt().executorId());
      if (laneIndex == null) {
        continue;
      }
      double x = LABEL + (mark.timeMillis() - from) * scale;
      int y = 30 + laneIndex * LANE + 26;
      String symbol = switch (mark.event()) {
        case "handoff" -> "▲";
        case "paused" -> "◆";
        case "held-before-input" -> "■";
        case "released" -> "●";
        default -> "✕";
      };
      html.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#000\">%s<title>%s TID %d%s</title>"
          + "</text>%n", x - 4, y, symbol, esc(mark.event()), mark.attempt().taskAttemptId(),
          mark.detail() == null ? "" : esc(" — " + mark.detail())));
    }
    for (KillRecord kill : kills) {
      if (kill.killTimeMs() == null) {
        continue;
      }
      double x = LABEL + (kill.killTimeMs() - from) * scale;
      html.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"14\" y2=\"%d\" stroke=\"#c62828\" "
          + "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" fill=\"#c62828\">SIGKILL executor %s (PID %d)</text>%n",
          x, x, height - 20, x + 3, height - 6, esc(kill.executorId()), kill.pid()));
    }
    for (SchedulerEvent removal : removals) {
      double x = LABEL + (removal.timeMillis() - from) * scale;
      if (x >= LABEL && x <= WIDTH) {
        html.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#c62828\">executor %s removed"
            + "</text>%n", x + 3, height - 22, esc(removal.executorId())));
      }
    }
    html.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#555\">0 s</text>"
        + "<text x=\"%d\" y=\"%d\" fill=\"#555\" text-anchor=\"end\">%.1f s</text>%n",
        LABEL, height - 6, WIDTH - 4, height - 6, (t1 - t0) / 1000.0));
    html.append("</svg>\n");
  }


  /** Each cause's count in the family's control runs, e.g. "loser-interrupted-abort: also without a fault (1 of 3)". */
  private static String attributions(Check check) {
    StringBuilder words = new StringBuilder();
    for (dev.sft.contract.FaultAttribution a : check.attributions()) {
      words.append("<b>").append(esc((a.cause() == null ? "" : a.cause() + ": ") + a.words())).append("</b>; ");
    }
    return words.toString();
  }

  private static void fileSet(StringBuilder html, String name, Collection<String> files) {
    html.append("<details><summary>").append(esc(name)).append(": ").append(files.size()).append("</summary><ul>");
    for (String file : files) {
      html.append("<li class=\"mono\">").append(esc(file)).append("</li>");
    }
    html.append("</ul></details>\n");
  }

  static String anchor(ScenarioResult s) {
    String op = s.writeOperation().equals(WriteOperation.DEFAULT) ? "" : "-" + s.writeOperation().id();
    return s.name() + op + "-r" + s.repetition() + (s.cluster() == null ? "" : "-c" + s.cluster());
  }

  /** Every known finding the run was given, how often it matched, and which are stale. */
  private static void knownFindings(StringBuilder html, Report report) {
    if (report.knownFindings().isEmpty()) {
      return;
    }
    html.append("<h3>Known findings</h3><table><tr><th>entry</th><th>matched checks</th></tr>\n");
    for (KnownFindingUse use : report.knownFindings()) {
      html.append("<tr><td>").append(esc(use.describe())).append("</td><td")
          .append(use.stale() ? " class=\"Unknown\">stale: 0" : ">" + use.matches()).append("</td></tr>\n");
    }
    html.append("</table>\n");
  }

  private static String badge(Verdict verdict, String text) {
    return "<span class=\"badge " + verdict.name() + "\">" + esc(text) + "</span>";
  }

  private static String verdictCell(Verdict verdict) {
    return "<td class=\"" + verdict.name() + "\">" + verdict.name() + "</td>";
  }

  private static String count(long value) {
    return value < 0 ? "–" : String.valueOf(value);
  }

  static String esc(String value) {
    if (value == null) {
      return "";
    }
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
