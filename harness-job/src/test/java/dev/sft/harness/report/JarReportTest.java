package dev.sft.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.RanJar;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunMerge;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class JarReportTest {
  private static final RanJar MINE = new RanJar("iceberg-spark-runtime", "org.apache.iceberg.spark.SparkCatalog",
      "iceberg-spark-runtime-4.1_2.13", "1.12.0 (commit abc1234)", "aa11", "/run/jars/mine.jar", true, "aa11",
      List.of(new RanJar.Sighting("0@127.0.0.2/10", "/run/jars/mine.jar", "aa11"),
          new RanJar.Sighting("1@127.0.0.3/11", "/w/jars/iceberg-1.11.0.jar", "bb22")));

  @Test
  void thePageNamesVersionsChecksumsAndMarksAJarUnderTestThatAnExecutorDidNotLoad() {
    Report report = Report.of("r", "iceberg", "spark://m:7077", List.of(), "a", "b", "preflight failed", List.of(MINE));
    String html = HtmlReport.render(report);
    assertThat(html).contains("Jars that ran").contains("1.12.0 (commit abc1234)").contains("aa11")
        .contains("<tr class=\"Failed\"><td>iceberg-spark-runtime <b>(--jar)</b>")
        .contains("driver and 1 of 2 executor(s) loaded this file; another file: <span class=\"mono\">1@127.0.0.3/11"
            + "</span><details><summary>each executor</summary>")
        .contains("1@127.0.0.3/11: bb22 /w/jars/iceberg-1.11.0.jar").contains("0@127.0.0.2/10: same file");
    assertThat(JarReport.line(MINE)).contains("(--jar, under test)").contains("sha256 aa11")
        .contains("driver and 1 of 2 executor(s) loaded this file");
  }

  @Test
  void executorsThatAllLoadedTheDriversFileAreOneSummaryWithTheLinesFoldedAway() {
    List<RanJar.Sighting> eight = IntStream.range(0, 8)
        .mapToObj(i -> new RanJar.Sighting(i + "@127.0.0.2/35" + i, "/run/jars/mine.jar", "aa11")).toList();
    String html = HtmlReport.render(Report.of("r", "iceberg", "m", List.of(), "a", "b", null,
        List.of(MINE.withExecutors(eight))));
    int start = html.indexOf("<tr class=\"Passed\">");
    String row = html.substring(start, html.indexOf("</tr>", start));
    assertThat(row).contains("<td>driver and 8 of 8 executor(s) loaded this file<details><summary>each executor"
        + "</summary>").doesNotContain("another file");
    // The eight "same file" lines are still there, only inside the <details> element.
    assertThat(row.substring(row.indexOf("<details>"))).contains("0@127.0.0.2/350: same file")
        .contains("7@127.0.0.2/357: same file").endsWith("</details></td>");
    assertThat(row.substring(0, row.indexOf("<details>"))).doesNotContain("same file");
  }

  @Test
  void executorsNameReleasedJarsByFileWithoutHashingThem() {
    RanJar spark = new RanJar("spark-core", "org.apache.spark.SparkContext", "org.apache.spark:spark-core_2.13", "4.1.3",
        "cc", "/h/jars/spark-core_2.13-4.1.3.jar", false, null, List.of(
            new RanJar.Sighting("0@a/1", "/h/jars/spark-core_2.13-4.1.3.jar", ""),
            new RanJar.Sighting("1@b/2", "/other/spark-core_2.13-4.0.0.jar", "")));
    assertThat(JarReport.line(spark)).contains("driver and 1 of 2 executor(s) loaded this file");
    assertThat(HtmlReport.render(Report.of("r", "iceberg", "m", List.of(), "a", "b", null, List.of(spark))))
        .contains("0@a/1: same file").contains("1@b/2: /other/spark-core_2.13-4.0.0.jar");
  }

  @Test
  void theJarsSurviveTheReportJsonAndMergeAcrossDriverRuns() throws Exception {
    Report one = Report.of("r", "iceberg", "m", List.of(), "a", "b", null, List.of(MINE.withExecutors(
        List.of(MINE.executors().get(0)))));
    Report two = Report.of("r", "iceberg", "m", List.of(), "a", "b", null, List.of(MINE.withExecutors(
        List.of(MINE.executors().get(1)))));
    Report merged = ReportJson.fromJson(ReportJson.toJson(RunMerge.reports("r", List.of(one, two), "a", "b")));
    assertThat(merged.jars()).singleElement().satisfies(jar -> {
      assertThat(jar.executors()).hasSize(2);
      assertThat(jar.mismatches()).extracting(RanJar.Sighting::process).containsExactly("1@127.0.0.3/11");
    });
  }
}
