package dev.sft.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.Report;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.kill.KillRecord;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ReportRenderingTest {
  private static ScenarioResult result(String name, Verdict scheduler, Verdict storage, String evidence) {
    return ScenarioResult.judged(name, 1, scheduler, storage, new ScenarioResult.Counts(48_000, 48_000, 1, 4, 4, 4, 0),
        2_500, evidence, "msg <&>", List.of(
            new Check(Check.SCHEDULER, "executor.removed", scheduler, "executor-removed for executor 5"),
            new Check(Check.STORAGE, "files.orphans-known-rejected", storage, "orphans: [a & b]",
                storage == Verdict.Failed ? List.of(dev.sft.contract.Cause.DUPLICATE_RESULT) : null)));
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void junitHasOneTestCasePerScenarioAndRepetitionWithFailuresAndErrors() throws Exception {
    Report report = Report.of("run-1", "iceberg", "spark://m:7077", List.of(
        result("speculation-original-wins", Verdict.Passed, Verdict.Passed, "/e/1"),
        result("executor-loss-task-replacement", Verdict.Passed, Verdict.Failed, "/e/2"),
        result("executor-loss-shuffle-loss", Verdict.Unknown, Verdict.Passed, "/e/3")), "t0", "t1", null);
    Document xml = parse(JUnitReport.render(report));

    Element suites = xml.getDocumentElement();
    assertThat(suites.getTagName()).isEqualTo("testsuites");
    Element suite = (Element) suites.getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("tests")).isEqualTo("3");
    assertThat(suite.getAttribute("failures")).isEqualTo("1");
    assertThat(suite.getAttribute("errors")).isEqualTo("1");
    NodeList cases = suite.getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(3);
    assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("speculation-original-wins r1");
    assertThat(((Element) cases.item(0)).getAttribute("time")).isEqualTo("2.500");
    assertThat(((Element) cases.item(0)).getElementsByTagName("failure").getLength()).isZero();
    Element failure = (Element) ((Element) cases.item(1)).getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message"))
        .isEqualTo("storage/files.orphans-known-rejected Failed: orphans: [a & b]");
    Element error = (Element) ((Element) cases.item(2)).getElementsByTagName("error").item(0);
    assertThat(error.getAttribute("message")).startsWith("scheduler/executor.removed Unknown");
  }

  @Test
  void htmlShowsVerdictsTimelineKillAndAuditFromTheEvidence(@TempDir Path dir) throws Exception {
    Path evidence = dir.resolve("executor-loss-task-replacement-r1");
    long t = 1_000_000L;
    List<SchedulerEvent> events = List.of(
        new SchedulerEvent(0, t, SchedulerEvent.JOB_START, 4, null, null, null, null, null, null, null, null, null,
            "group=sft-executor-loss-task-replacement-r1", List.of(7), null),
        new SchedulerEvent(1, t + 10, SchedulerEvent.STAGE_SUBMITTED, null, 7, 0, null, null, null, null, null, null,
            null, "name=append", null, null),
        new SchedulerEvent(2, t + 20, SchedulerEvent.TASK_START, null, 7, 0, 10L, 0, 0, "5", "127.0.0.3", false, null,
            null, null, null),
        new SchedulerEvent(3, t + 900, SchedulerEvent.TASK_END, null, 7, 0, 10L, 0, 0, "5", "127.0.0.3", false,
            "ExecutorLostFailure", "executor 5 exited", null, null),
        new SchedulerEvent(4, t + 950, SchedulerEvent.EXECUTOR_REMOVED, null, null, null, null, null, null, "5", null,
            null, "Command exited with code 137", null, null, null),
        new SchedulerEvent(5, t + 1000, SchedulerEvent.TASK_START, null, 7, 0, 14L, 0, 1, "1", "127.0.0.2", false,
            null, null, null, null),
        new SchedulerEvent(6, t + 2000, SchedulerEvent.TASK_END, null, 7, 0, 14L, 0, 1, "1", "127.0.0.2", false,
            "Success", null, null, null));
    Markers.publishText(evidence.resolve("scheduler-events.jsonl"),
        String.join("\n", events.stream().map(Json::compact).toList()) + "\n");
    Markers.publish(new GatePaths(evidence).attempt(0, 10).resolve(EvidenceLayout.PAUSED), new AttemptMarker("paused",
        new AttemptIdentity(7, 0, 0, 10, 0, "5", "127.0.0.3", 4242), List.of(), t + 500, "paused after 4000 rows"));
    Markers.publish(evidence.resolve("kills/kill-1.json"), new KillRecord("local", "127.0.0.3", null, null, 4242,
        "5", "java ... CoarseGrainedExecutorBackend --executor-id 5", "killed", 0, null, t + 800, t + 850, "gone",
        t + 790, t + 860));
    Report report = Report.of("run-2", "iceberg", "spark://m:7077", List.of(
        result("executor-loss-task-replacement", Verdict.Passed, Verdict.Passed, evidence.toString())), "t0", "t1",
        null);

    String html = HtmlReport.render(report);

    assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").doesNotContain("<script")
        .contains("127.0.0.3 executor 5").contains("127.0.0.2 executor 1")
        .contains("p0 TID 10")
        // the task's own bar, not the legend (which always lists ExecutorLostFailure)
        .contains("<title>p0 TID 10 stage 7.0: ExecutorLostFailure — executor 5 exited</title>")
        .contains("SIGKILL executor 5 (PID 4242)")
        .contains("executor 5 removed").contains("stage 7.0").contains("paused TID 10")
        .contains("files.orphans-known-rejected").contains("msg &lt;&amp;&gt;");
    Path written = dir.resolve("out/report.json");
    ReportFiles.write(report, written);
    assertThat(Files.readString(dir.resolve("out/report.html"))).isEqualTo(html);
    assertThat(dir.resolve("out/junit.xml")).isRegularFile();
  }

  @Test
  void anOperationMatrixIsOneTestCasePerCellAndRepetitionAndATableInTerminalAndHtml() throws Exception {
    dev.sft.contract.WriteOperation overwrite = dev.sft.contract.WriteOperation.fromId("overwrite-partitioned");
    ScenarioResult.Counts counts = new ScenarioResult.Counts(49_000, 49_000, 1, 4, 0, 0, 0);
    List<ScenarioResult> results = List.of(
        result("speculation-original-wins", Verdict.Passed, Verdict.Passed, "/e/1"),
        ScenarioResult.judged("speculation-original-wins", overwrite, 1, Verdict.Passed, Verdict.Passed, counts, 1,
            "/e/2", "ok", List.of()),
        ScenarioResult.judged("speculation-original-wins", overwrite, 2, Verdict.Unknown, Verdict.Passed, counts, 1,
            "/e/3", "native writer fell back", List.of()));
    Report report = Report.of("run-2", "comet-native", "spark://m:7077", results, "t0", "t1", null);
    NodeList cases = parse(JUnitReport.render(report)).getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(3);
    assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("speculation-original-wins r1");
    assertThat(((Element) cases.item(1)).getAttribute("name"))
        .isEqualTo("speculation-original-wins overwrite-partitioned r1");
    assertThat(((Element) cases.item(2)).getAttribute("name"))
        .isEqualTo("speculation-original-wins overwrite-partitioned r2");
    assertThat(((Element) cases.item(2)).getElementsByTagName("error").getLength()).isEqualTo(1);

    OperationMatrix matrix = OperationMatrix.of(report);
    assertThat(matrix.operations()).extracting(dev.sft.contract.WriteOperation::id)
        .containsExactly("append", "overwrite-partitioned");
    assertThat(matrix.cell("speculation-original-wins", overwrite).verdict()).isEqualTo(Verdict.Unknown);
    assertThat(matrix.cell("speculation-original-wins", overwrite).label()).isEqualTo("Unknown 1/2");
    assertThat(matrix.text()).contains("overwrite-partitioned").contains("Passed").contains("Unknown 1/2");
    String html = HtmlReport.render(report);
    assertThat(html).contains("Operation matrix").contains("<td class=\"Unknown\"><a href=\"#"
        + "speculation-original-wins-overwrite-partitioned-r1\">Unknown 1/2</a></td>");
  }

  @Test
  void aKnownCellIsSkippedInJunitHeadlinedApartAndItsStaleEntriesListed() throws Exception {
    String issue = "https://github.com/apache/iceberg/issues/17307";
    KnownFindings known = KnownFindings.parse("[{\"rule\": \"files.orphans-known-rejected\", \"cause\": \"duplicate-result\","
        + " \"reference\": \"" + issue + "\"}, {\"rule\": \"rows.exact\", \"reference\": \"https://example.org/fixed\"}]", "test");
    List<ScenarioResult> raw = List.of(
        result("speculation-original-wins", Verdict.Passed, Verdict.Passed, "/e/1"),
        result("executor-loss-task-replacement", Verdict.Passed, Verdict.Failed, "/e/2"));
    Report report = Report.of("run-3", "iceberg", "spark://m:7077",
        raw.stream().map(r -> known.classify("iceberg", r)).toList(), "t0", "t1", null, List.of(),
        known.uses("iceberg", raw));

    Element suite = (Element) parse(JUnitReport.render(report)).getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("failures")).isEqualTo("0");
    assertThat(suite.getAttribute("errors")).isEqualTo("0");
    assertThat(suite.getAttribute("skipped")).isEqualTo("1");
    Element skipped = (Element) suite.getElementsByTagName("skipped").item(0);
    assertThat(skipped.getAttribute("message")).isEqualTo("known finding: " + issue);
    assertThat(JUnitReport.render(report)).contains("name=\"staleKnownFinding\" value=\"rows.exact (https://example.org/fixed)\"");

    assertThat(ReportOutcome.headline(report)).isEqualTo("PASSED WITH 1 KNOWN FINDING");
    assertThat(ReportOutcome.staleLines(report)).containsExactly("rows.exact (https://example.org/fixed): could have"
        + " matched in 0 repetition(s), matched none");
    assertThat(ReportOutcome.matchedLines(report)).containsExactly("1 failed check(s): files.orphans-known-rejected,"
        + " cause duplicate-result (" + dev.sft.contract.Cause.words(dev.sft.contract.Cause.DUPLICATE_RESULT) + ") ("
        + issue + ")");
    assertThat(ReportOutcome.headline(report, 1)).as("no repetition judged rows.exact: it never had a chance")
        .isEqualTo("PASSED WITH 1 KNOWN FINDING");
    Report stale = new Report(report.runId(), report.writer(), report.master(), report.scenarios(), report.passed(),
        report.startedAt(), report.finishedAt(), report.failure(), report.stats(), report.jars(), List.of(
            report.knownFindings().get(0), new dev.sft.contract.KnownFindingUse(null, known.entries().get(1), 0, 2)));
    assertThat(ReportOutcome.headline(stale, 2)).isEqualTo("NOT PASSED: 1 stale known finding(s) (--fail-on-stale 2)");
    assertThat(ReportOutcome.headline(stale, 3)).isEqualTo("PASSED WITH 1 KNOWN FINDING");
    String html = HtmlReport.render(report);
    assertThat(html).contains("PASSED WITH 1 KNOWN FINDING").contains("fails only by known findings")
        .contains("stale: 0").contains("<td class=\"Known\">Known</td>");
  }

  @Test
  void theHtmlPageSaysHowEachFindingIsAttributedToTheControlCell() {
    ScenarioResult attributed = ScenarioResult.judged("executor-loss-shuffle-loss", 1, Verdict.Passed, Verdict.Failed,
        ScenarioResult.Counts.NOT_MEASURED, 1, "/e/4", "m", List.of(new Check(Check.STORAGE, "files.orphans-known-rejected",
            Verdict.Failed, "orphans", List.of(new dev.sft.contract.FaultAttribution("loser-interrupted-abort", 0, 3),
                new dev.sft.contract.FaultAttribution("no-attempt-wrote-it", 2, 3)),
            List.of("loser-interrupted-abort", "no-attempt-wrote-it"))));
    String html = HtmlReport.render(Report.of("run-4", "iceberg", "m", List.of(attributed), "t0", "t1", null));
    assertThat(html).contains("<b>loser-interrupted-abort: not seen in 3 control runs</b>; "
        + "<b>no-attempt-wrote-it: also without a fault (2 of 3 control runs)</b>; orphans");
  }

  @Test
  void repeatedCellsCarryTheirFailureRateInJunitAndABarOfLinkedRepetitionsInHtml() throws Exception {
    List<ScenarioResult> results = new java.util.ArrayList<>();
    for (int rep = 1; rep <= 20; rep++) {
      Verdict storage = rep == 7 ? Verdict.Failed : Verdict.Passed;
      results.add(ScenarioResult.judged("executor-loss-shuffle-loss", rep, Verdict.Passed, storage,
          new ScenarioResult.Counts(48_000, 48_000, 1, 4, 0, 0, 0), 1_000, "/nowhere/r" + rep, null, List.of()));
    }
    Report report = Report.of("run-20", "iceberg", "m", results, "a", "b", null);

    Document junit = parse(JUnitReport.render(report));
    NodeList properties = junit.getElementsByTagName("property");
    String cell = null;
    for (int i = 0; i < properties.getLength(); i++) {
      Element property = (Element) properties.item(i);
      if (property.getAttribute("name").equals("cell executor-loss-shuffle-loss/append")) {
        cell = property.getAttribute("value");
      }
    }
    assertThat(cell).isEqualTo("19/20 passed, 1 failed, 0 unknown, 0 known; failure rate 5.0 % [0.9 %, 23.6 %]");

    String html = HtmlReport.render(report);
    assertThat(html).contains("<td>19/20</td>").contains("5.0 % [0.9 %, 23.6 %]");
    assertThat(html.split("class=\"rep Passed\"", -1)).hasSize(20);
    assertThat(html).contains("<a class=\"rep Failed\" href=\"#" + HtmlReport.anchor(results.get(6))
        + "\" title=\"r7 Failed\"></a>");
  }
}
