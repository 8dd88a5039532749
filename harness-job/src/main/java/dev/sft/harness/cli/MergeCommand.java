package dev.sft.harness.cli;

import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.RunMerge;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.report.ReportFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sft merge REPORT... --out DIR}: the reports of one test run with {@code sft run} on several clusters, merged
 * into the one run's report by {@link RunMerge}, each report's repetitions named by its cluster (its place in the
 * arguments, from 0). Reports that are not parts of one run are refused ({@link MergeableReports}).
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = "Merges the report.json of runs of one test on several clusters (sft run on each) into one run's"
        + " report: every repetition, each named by its cluster (REPORT's place, from 0), the cells and failure rates"
        + " recomputed from the summed counts, the known findings' matches summed. Refuses reports of different"
        + " writers, jars, known findings or builds. Prints the verdict table and writes report.json, junit.xml and"
        + " report.html under --out.")
public final class MergeCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(Map.of(
        RunExitCode.PASSED, "every repetition passed both verdicts (or, without --strict, failed only by known findings)",
        RunExitCode.SCENARIO_NOT_PASSED, "a verdict is Failed or Unknown (or Known, with --strict), a run-level failure"
            + " in a report, or a known finding stale (--fail-on-stale)",
        RunExitCode.USAGE, "bad arguments, a file that is not an sft report, or reports that are not parts of one run"));
  }

  @Parameters(arity = "2..*", paramLabel = "REPORT", description = "a run's report.json, or its run folder; two or"
      + " more")
  List<Path> reports;

  @Option(names = "--out", required = true, paramLabel = "<dir>", description = "where the merged report.json,"
      + " junit.xml and report.html go")
  Path out;

  @Option(names = "--run-id", paramLabel = "<id>", description = "the merged run's id (default: the first report's,"
      + " with -merged)")
  String runId;

  @Option(names = "--strict", negatable = true, description = "a Known repetition fails the exit code too")
  boolean strict;

  @Option(names = "--fail-on-stale", paramLabel = "<n>", defaultValue = "0", description = "exit 1 when a known"
      + " finding matched nothing in the merged run although it could have in at least <n> repetitions; 0, the"
      + " default, never")
  int failOnStale;

  @Override
  public Integer call() {
    if (failOnStale < 0) {
      throw new IllegalArgumentException("--fail-on-stale must be 0 (never) or a number of repetitions, got "
          + failOnStale);
    }
    List<MergeableReports.Source> sources = new ArrayList<>();
    for (Path given : reports) {
      sources.add(read(given));
    }
    MergeableReports.check(sources);
    List<RunMerge.Part> parts = new ArrayList<>();
    for (int cluster = 0; cluster < sources.size(); cluster++) {
      Report report = sources.get(cluster).report();
      System.err.println("cluster " + cluster + ": " + sources.get(cluster).file() + " (run " + report.runId() + ", "
          + report.scenarios().size() + " repetitions)");
      parts.add(new RunMerge.Part(cluster, report));
    }
    List<Report> read = sources.stream().map(MergeableReports.Source::report).toList();
    Report merged = RunMerge.report(runId != null ? runId : read.get(0).runId() + "-merged", parts,
        read.stream().map(Report::startedAt).filter(Objects::nonNull).min(String::compareTo).orElse(null),
        read.stream().map(Report::finishedAt).filter(Objects::nonNull).max(String::compareTo).orElse(null));
    Path reportFile = out.toAbsolutePath().normalize().resolve(EvidenceLayout.REPORT);
    ReportFiles.write(merged, reportFile);
    System.out.print("\n" + ReportTable.render(merged, failOnStale));
    System.out.println("report:   " + reportFile + " (also " + ReportFiles.JUNIT + ", " + ReportFiles.HTML + ")");
    return RunExitCode.judged(merged, strict, failOnStale).code();
  }

  /** The report, or one line on why it is none. */
  private static MergeableReports.Source read(Path given) {
    Path file = Files.isDirectory(given) ? given.resolve(EvidenceLayout.REPORT) : given;
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(file + " is not a file (give a report.json or its run folder)");
    }
    Report report;
    try {
      report = ReportJson.read(file);
    } catch (IOException | RuntimeException e) {
      String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
          : e.getMessage();
      throw new IllegalArgumentException(file + " is not an sft report ("
          + (why == null ? e.getClass().getSimpleName() : why.lines().findFirst().orElse(why)) + ")");
    }
    if (report == null || report.runId() == null || report.writer() == null) {
      throw new IllegalArgumentException(file + " is not an sft report (no runId or writer)");
    }
    return new MergeableReports.Source(file, report);
  }
}
