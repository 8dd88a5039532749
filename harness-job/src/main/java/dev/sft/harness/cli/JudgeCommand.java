package dev.sft.harness.cli;

import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.RanJar;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.StoredEvidence;
import dev.sft.harness.judge.ControlAttribution;
import dev.sft.harness.judge.StoredRepetition;
import dev.sft.harness.report.ReportFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sft judge}: judges stored evidence again with this build's rules ({@link StoredRepetition}), then counts,
 * attributes and reports the verdicts as {@code sft local} does. It only reads the evidence.
 */
@Command(
    name = "judge",
    mixinStandardHelpOptions = true,
    description = "Judges a run's stored evidence again with this build's rules, both sides: DIR is a repetition's"
        + " evidence folder (<run-id>/<scenario>-rN, or <run-id>/<operation>/<scenario>-rN) or a run's folder (every"
        + " repetition in it). A table whose folder was kept is audited again, else the storage audit the run"
        + " recorded is judged; rows are judged from the counts the run read with Spark. Prints the verdict table,"
        + " writes report.json, junit.xml and report.html under --out, and changes nothing in the evidence.")
public final class JudgeCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(Map.of(
        RunExitCode.PASSED, "every repetition passed both verdicts (or, without --strict, failed only by known findings)",
        RunExitCode.SCENARIO_NOT_PASSED, "a verdict is Failed or Unknown (or Known, with --strict)",
        RunExitCode.USAGE, "bad arguments, or DIR is not evidence this build can judge",
        RunExitCode.INFRASTRUCTURE, "an internal error"));
  }

  @Parameters(index = "0", paramLabel = "DIR", description = "a repetition's evidence folder or a run's folder")
  Path dir;

  @Option(names = "--out", paramLabel = "<dir>", description = "where the report goes (default: a new folder"
      + " sft-judge-<run-id>-<yyyyMMdd-HHmmss> in the current folder); never inside the evidence")
  Path out;

  @Option(names = {"-o", "--output"}, paramLabel = OutputFormat.LABEL, defaultValue = "table",
      description = "print the verdicts (with json or yaml the whole report) " + OutputFormat.AS)
  OutputFormat output;

  @Mixin
  KnownFindingOptions verdicts = new KnownFindingOptions();

  @Option(names = "--no-known-findings", description = "judge without known findings (by default, those the run"
      + " itself was given, recorded in its driver-run.json)")
  boolean noKnownFindings;

  @Override
  public Integer call() throws IOException {
    if (noKnownFindings && verdicts.knownFindings != null) {
      throw new IllegalArgumentException("--no-known-findings and --known-findings exclude each other");
    }
    StoredEvidence stored = StoredEvidence.find(dir);
    // By default the run's own acknowledgements and strictness, so a run judged again gets the verdicts it recorded.
    List<DriverRun> recordedRuns = stored.recordedDriverRuns();
    KnownFindings known = noKnownFindings ? KnownFindings.NONE : verdicts.knownFindings != null
        ? verdicts.knownFindings(null)
        : recordedRuns.stream().map(DriverRun::knownFindings).filter(k -> !k.isEmpty()).findFirst()
            .orElse(KnownFindings.NONE);
    boolean strict = verdicts.strict != null ? verdicts.strict : recordedRuns.stream().anyMatch(DriverRun::strict);
    Path outDir = (out != null ? out : Path.of("sft-judge-" + stored.runId() + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))).toAbsolutePath().normalize();
    if (outDir.startsWith(stored.runDir())) {
      throw new IllegalArgumentException("--out " + outDir + " is inside the evidence " + stored.runDir()
          + "; sft judge never writes there");
    }
    Optional<Report> recorded = recordedReport(stored.runDir());
    String writer = stored.driverRunField("writer").or(() -> recorded.map(Report::writer))
        .orElseThrow(() -> new IllegalArgumentException(stored.runDir() + " has no driver run's "
            + EvidenceLayout.DRIVER_RUN + " and no " + EvidenceLayout.REPORT + ", so the writer under test is not"
            + " known"));
    String master = recorded.map(Report::master).or(() -> stored.driverRunField("master")).orElse(null);
    String startedAt = Instant.now().toString();

    List<ScenarioResult> results = new ArrayList<>();
    for (Path repetition : stored.repetitions()) {
      StoredRepetition judged = StoredRepetition.judge(repetition);
      System.err.println(judged.result().cell() + " r" + judged.result().repetition() + ": " + judged.source());
      results.add(judged.result());
    }
    List<ScenarioResult> attributed = ControlAttribution.attribute(results, controls(stored, results));
    List<ScenarioResult> classified = attributed.stream().map(r -> known.classify(writer, r)).toList();
    Report report = Report.of(stored.runId(), writer, master, classified, startedAt, Instant.now().toString(), null,
        recorded.map(Report::jars).orElse(List.<RanJar>of()), known.uses(writer, attributed));

    Files.createDirectories(outDir);
    Path reportFile = outDir.resolve(EvidenceLayout.REPORT);
    ReportFiles.write(report, reportFile);
    if (output == OutputFormat.table) {
      System.out.print("\n" + ReportTable.render(report));
    } else {
      System.out.print(output.render(ReportJson.toJson(report)));
    }
    (output == OutputFormat.table ? System.out : System.err).println("report:   " + reportFile + " (also " + ReportFiles.JUNIT + ", " + ReportFiles.HTML + ")");
    return RunExitCode.judged(report, strict).code();
  }

  /**
   * The control repetitions to attribute findings against: those judged here, or, when only one repetition of a
   * failure cell was asked for, the run's own control repetitions judged again.
   */
  private static List<ScenarioResult> controls(StoredEvidence stored, List<ScenarioResult> results) {
    List<String> controlIds = java.util.Arrays.stream(ScenarioName.values()).filter(ScenarioName::control)
        .map(ScenarioName::id).toList();
    boolean hasControl = results.stream().anyMatch(r -> controlIds.contains(r.name()));
    if (hasControl || stored.repetitions().size() != 1) {
      return results;
    }
    List<ScenarioResult> controls = new ArrayList<>();
    for (Path repetition : StoredEvidence.find(stored.runDir()).repetitions()) {
      String folder = repetition.getFileName().toString();
      if (controlIds.stream().anyMatch(id -> folder.startsWith(id + "-r"))) {
        controls.add(StoredRepetition.judge(repetition).result());
      }
    }
    return controls;
  }

  /** The run's recorded report, for its master and the jars that ran; empty when the run wrote none. */
  private static Optional<Report> recordedReport(Path runDir) {
    Path file = runDir.resolve(EvidenceLayout.REPORT);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(ReportJson.read(file));
    } catch (IOException e) {
      throw new IllegalArgumentException(file + " is not a report this build reads: " + e.getMessage());
    }
  }
}
