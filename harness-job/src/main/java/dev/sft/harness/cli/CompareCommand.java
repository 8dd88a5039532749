package dev.sft.harness.cli;

import dev.sft.contract.BuildComparison;
import dev.sft.contract.FindingTrend;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.evidence.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sft compare BASELINE CANDIDATE}: two existing runs' reports compared cell by cell, offline, by the rules of
 * {@link BuildComparison}. Exit 1 when a cell regressed or the comparison cannot decide about an invariant finding, 0
 * otherwise, 2 for input it cannot compare.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {
        // One element per paragraph, wrapped by picocli; the first is what sft's command list shows. The table's
        // lines are wrapped by hand, to keep their hanging indent.
        "Compares two runs' report.json (last night's and tonight's, two builds') cell by cell, by their findings: "
            + "a failing rule and its cause, e.g. storage/files.no-orphans:loser-interrupted-abort.",
        "  regressed     the candidate shows an invariant finding (anything but a",
        "                writer race) the baseline never showed, on its first",
        "                occurrence; or any finding more often by Fisher's exact",
        "                test (one-sided; all tests of the comparison corrected",
        "                together by Holm's method: at most a 5%% chance that any",
        "                cell is called regressed or fixed by chance)",
        "  fixed         nothing new, nothing more often, and an invariant finding",
        "                gone or a race significantly rarer",
        "  same          every finding as often in both",
        "  inconclusive  the counts cannot tell; says how many repetitions (--repeat)",
        "                would decide at the rates seen",
        "A repetition the build left Unknown counts against it; one Unknown for the environment's reason (preflight, "
            + "deadline, a lost pod or worker) is left out. Then each finding's fingerprint "
            + "(family/operation/writer/rule:cause): new, ongoing or resolved, and rare below --rare."})
final class CompareCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(Map.of(
        RunExitCode.PASSED, "no regression, and no cell inconclusive about an invariant finding",
        RunExitCode.SCENARIO_NOT_PASSED, "a regression, or a cell inconclusive about an invariant finding or"
            + " without a candidate repetition to compare",
        RunExitCode.USAGE, "bad arguments, a file that is not an sft report with cell summaries, or reports that"
            + " share no cell"));
  }

  @Parameters(index = "0", paramLabel = "BASELINE", description = "the baseline's report.json, or its run folder")
  Path baseline;

  @Parameters(index = "1", paramLabel = "CANDIDATE", description = "the candidate's report.json, or its run folder")
  Path candidate;

  @Option(names = "--rare", paramLabel = "<percent>", defaultValue = "10", description = {"a finding seen in fewer"
      + " than <percent> of the repetitions that could show it is flagged rare in the findings' trend (default: 10)"})
  double rarePercent;

  @Option(names = {"-o", "--output"}, paramLabel = OutputFormat.LABEL, defaultValue = "table",
      description = "print the comparison and the findings' trend " + OutputFormat.AS)
  OutputFormat output;

  /** What {@code -o json|yaml} prints: the comparison as comparison.json has it, and each finding's trend. */
  public record Output(BuildComparison comparison, List<FindingTrend> trend) {}

  @Override
  public Integer call() {
    if (!(rarePercent > 0 && rarePercent <= 100)) {
      throw new IllegalArgumentException("--rare must be a percentage above 0 and at most 100, got " + rarePercent);
    }
    Report before = read("BASELINE", baseline);
    Report after = read("CANDIDATE", candidate);
    if (cells(before).stream().noneMatch(cells(after)::contains)) {
      throw new IllegalArgumentException("the two reports share no cell (baseline: " + shown(cells(before))
          + "; candidate: " + shown(cells(after)) + "): compare runs of the same scenarios, operations and pins");
    }
    BuildComparison comparison = BuildComparison.of(
        new BuildComparison.Build("baseline " + baseline, before.runId(), before.jars()), before,
        new BuildComparison.Build("candidate " + candidate, after.runId(), after.jars()), after);
    List<FindingTrend> trend = FindingTrend.of(after.writer(), before.stats(), after.stats(), rarePercent / 100);
    System.out.print(output == OutputFormat.table ? ComparisonTable.render(comparison, trend)
        : output.render(Json.pretty(new Output(comparison, trend))));
    return comparison.failed() ? RunExitCode.SCENARIO_NOT_PASSED.code() : RunExitCode.PASSED.code();
  }

  /** The report's cells as a comparison matches them: a pinned cell only with the same pinned cell. */
  private static List<String> cells(Report report) {
    return report.stats().stream().map(c -> BuildComparison.cellId(c.cell(), c.pin())).toList();
  }

  private static String shown(List<String> cells) {
    return cells.size() <= 3 ? String.join(", ", cells) : String.join(", ", cells.subList(0, 3)) + " and "
        + (cells.size() - 3) + " more";
  }

  /** The report, or one line on why it cannot be compared. */
  private static Report read(String what, Path given) {
    Path file = Files.isDirectory(given) ? given.resolve("report.json") : given;
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(what + " " + file + " is not a file (give a report.json or its run folder)");
    }
    Report report;
    try {
      report = ReportJson.read(file);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(what + " " + file + " is not an sft report (" + firstLine(e) + ")");
    }
    if (report == null || report.runId() == null) {
      throw new IllegalArgumentException(what + " " + file + " is not an sft report (no runId)");
    }
    if (report.stats().isEmpty()) {
      throw new IllegalArgumentException(what + " " + file + " (run " + report.runId() + ") has no cell summaries"
          + " to compare" + (report.scenarios().isEmpty() ? "" : "; a report of an older sft? judge its evidence"
              + " again with sft judge"));
    }
    if (report.stats().stream().anyMatch(c -> c.name() == null)) {
      throw new IllegalArgumentException(what + " " + file + " (run " + report.runId() + ") is not an sft report (a"
          + " cell summary without a scenario name)");
    }
    if (report.stats().stream().anyMatch(c -> c.failed() + c.known() > 0 && c.findings().isEmpty())) {
      throw new IllegalArgumentException(what + " " + file + " (run " + report.runId() + ") has cell summaries"
          + " without findings, written by an older sft; judge its evidence again with sft judge");
    }
    return report;
  }

  private static String firstLine(Exception e) {
    String message = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
        : e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse(message);
  }
}
