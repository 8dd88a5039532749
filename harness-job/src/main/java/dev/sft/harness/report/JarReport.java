package dev.sft.harness.report;

import dev.sft.contract.RanJar;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the report's jars read: one line in the terminal, one table on the HTML page. */
public final class JarReport {
  private JarReport() {}

  /** e.g. {@code iceberg-spark-runtime (under test) org.apache.iceberg:... 1.11.0 sha256 ab12.. on driver and 4 executors}. */
  public static String line(RanJar jar) {
    return String.format(Locale.ROOT, "%s%s %s %s sha256 %s (%s; %s)", jar.role(),
        jar.underTest() ? " (--jar, under test)" : "", jar.module(), jar.version(), jar.sha256(), jar.file(),
        loadedBy(jar));
  }

  /** e.g. {@code driver and 7 of 8 executor(s) loaded this file}: the driver's file, counted over the executors. */
  private static String loadedBy(RanJar jar) {
    long agreeing = jar.executors().stream().filter(s -> s.sameAs(jar)).count();
    return String.format(Locale.ROOT, "driver and %d of %d executor(s) loaded this file", agreeing,
        jar.executors().size());
  }

  static void html(StringBuilder html, List<RanJar> jars) {
    if (jars.isEmpty()) {
      return;
    }
    html.append("<h2>Jars that ran</h2>\n<table><tr><th>role</th><th>module</th><th>version</th><th>SHA-256</th>")
        .append("<th>driver loaded <code>class</code> from</th><th>executors</th></tr>\n");
    for (RanJar jar : jars) {
      boolean bad = jar.underTest() && (!jar.sha256().equals(jar.requestedSha256()) || !jar.mismatches().isEmpty()
          || jar.executors().isEmpty());
      html.append("<tr").append(bad ? " class=\"Failed\"" : jar.underTest() ? " class=\"Passed\"" : "").append("><td>")
          .append(HtmlReport.esc(jar.role())).append(jar.underTest() ? " <b>(--jar)</b>" : "").append("</td><td>")
          .append(HtmlReport.esc(jar.module())).append("</td><td>").append(HtmlReport.esc(jar.version()))
          .append("</td><td class=\"mono\">").append(HtmlReport.esc(jar.sha256())).append("</td><td class=\"mono\">")
          .append(HtmlReport.esc(jar.file())).append("<br>(").append(HtmlReport.esc(jar.className()))
          .append(")</td><td>");
      executors(html, jar);
      html.append("</td></tr>\n");
    }
    html.append("</table>\n");
  }

  /**
   * A one-line summary (how many executors loaded the driver's file, and which did not), with the line per executor
   * folded away: a run of many executors would otherwise fill the table with "same file" lines.
   */
  private static void executors(StringBuilder html, RanJar jar) {
    List<String> others = jar.executors().stream().filter(s -> !s.sameAs(jar)).map(RanJar.Sighting::process).toList();
    html.append(HtmlReport.esc(loadedBy(jar)));
    if (!others.isEmpty()) {
      html.append("; another file: <span class=\"mono\">").append(HtmlReport.esc(String.join(", ", others)))
          .append("</span>");
    }
    if (jar.executors().isEmpty()) {
      return;
    }
    html.append("<details><summary>each executor</summary><div class=\"mono\">")
        .append(jar.executors().stream().map(s -> HtmlReport.esc(s.process() + ": "
            + (s.sameAs(jar) ? "same file" : (s.sha256().isEmpty() ? "" : s.sha256() + " ") + s.file())))
            .collect(Collectors.joining("<br>")))
        .append("</div></details>");
  }
}
