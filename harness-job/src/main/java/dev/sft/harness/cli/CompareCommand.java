package dev.sft.harness.cli;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code sft compare BASELINE CANDIDATE}: two existing runs' reports compared cell by cell, offline, by the rules of
 * {@link BuildComparison}. Exit 1 when a cell regressed, 0 otherwise, 2 for a report it cannot read.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compares two runs' report.json (e.g. last night's and tonight's, or two builds') cell by cell:",
        "regressed when the candidate fails a rule the baseline never failed in that cell, or fails it more often by",
        "Fisher's exact test at 5 %; fixed in the mirror case; same; or inconclusive when the counts cannot tell.",
        "Exit 1 on any regression, 0 otherwise."})
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "BASELINE", description = "the baseline's report.json, or its run folder")
  Path baseline;

  @Parameters(index = "1", paramLabel = "CANDIDATE", description = "the candidate's report.json, or its run folder")
  Path candidate;

  @Override
  public Integer call() {
    Report before = read("BASELINE", baseline);
    Report after = read("CANDIDATE", candidate);
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build("baseline " + baseline, before.runId(), before.jars()), before,
        new BuildComparison.Build("candidate " + candidate, after.runId(), after.jars()), after);
    System.out.print(ComparisonTable.render(comparison));
    return comparison.regressed() ? RunExitCode.SCENARIO_NOT_PASSED.code() : RunExitCode.PASSED.code();
  }

  private static Report read(String what, Path given) {
    Path file = Files.isDirectory(given) ? given.resolve("report.json") : given;
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(what + " " + file + " is not a file (give a report.json or its run folder)");
    }
    try {
      return ReportJson.read(file);
    } catch (IOException e) {
      throw new IllegalArgumentException(what + " " + file + " is not an sft report: " + e.getMessage());
    }
  }
}
