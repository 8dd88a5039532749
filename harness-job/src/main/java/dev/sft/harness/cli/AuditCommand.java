package dev.sft.harness.cli;

import dev.sft.contract.cli.ExitCodeSection;
import dev.sft.harness.judge.RejectionReason;
import dev.sft.harness.judge.SchedulerHistory;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.EvidenceScenario;
import dev.sft.contract.AuditExitCode;
import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.AuditRules;
import dev.sft.harness.audit.StorageAudit;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.judge.Checks;
import dev.sft.harness.judge.LossAfterHandoffJudge;
import dev.sft.harness.judge.HarnessKill;
import dev.sft.harness.judge.RecordedKill;
import dev.sft.harness.judge.WriteEvidence;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.PriorState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sft audit}: the scenarios' storage audit, for any Iceberg table. */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    description = "Audits an Iceberg table's storage with the code the scenarios use: orphan = physical - referenced,"
        + " missing = referenced - physical (Hadoop .crc sidecars excluded). With a scenario's evidence folder it"
        + " also checks that the manifests reference exactly the accepted winners' files, that each writer"
        + " partition has one accepted message, and judges orphans by the scenario's own policy (read from the"
        + " evidence): speculation none at all, executor loss only those of known rejected attempts; after a kill"
        + " after handoff, the orphans must be exactly the killed attempt's committed files.")
public final class AuditCommand implements Callable<Integer>, ExitCodeSection.Documented {
  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.audit(Map.of(
        AuditExitCode.CLEAN, "clean",
        AuditExitCode.VIOLATIONS, "violations found (each named with its file and rule), or a rule the evidence"
            + " cannot decide (UNKNOWN)",
        AuditExitCode.UNUSABLE_INPUT, "unusable input (no such table, unreadable metadata, bad arguments)",
        AuditExitCode.INTERNAL_FAILURE, "the audit itself failed (an internal error): nothing was judged"));
  }

  @Option(names = "--table-location", paramLabel = "<table>", required = true,
      description = "Hadoop-catalog table folder, or a metadata JSON file (…/metadata/vN.metadata.json)")
  String tableLocation;

  @Option(names = "--evidence", paramLabel = "<dir>", description = "a scenario's evidence folder (<shared-root>/<run-id>/<scenario>-rN); its result.json or its"
          + " name tells the scenario")
  Path evidence;

  @Option(names = {"-o", "--output"}, paramLabel = OutputFormat.LABEL, defaultValue = "table",
      description = "print the audit and its rule outcomes " + OutputFormat.AS)
  OutputFormat output;

  @Option(names = "--json", hidden = true, description = "the former spelling of -o json")
  boolean json;

  /** What {@code -o json|yaml} prints. */
  public record Output(AuditResult audit, List<Check> checks, boolean clean) {}

  @Override
  public Integer call() {
    if (json && output == OutputFormat.yaml) {
      throw new IllegalArgumentException("--json is -o json: give one of --json and -o yaml");
    }
    WriteEvidence write = null;
    // Without evidence nothing is known to be rejected, so no orphan is tolerated.
    AuditRules.OrphanPolicy policy = AuditRules.OrphanPolicy.NONE;
    ScenarioName scenario = null;
    if (evidence != null) {
      if (!Files.isDirectory(evidence.resolve(EvidenceLayout.GATES))) {
        System.err.println("sft audit: error: " + evidence + " is not a scenario evidence folder (no gates/ in it)");
        return AuditExitCode.UNUSABLE_INPUT.code();
      }
      try {
        scenario = EvidenceScenario.of(evidence);
        policy = AuditRules.policyOf(scenario);
      } catch (IllegalArgumentException e) {
        System.err.println("sft audit: error: " + e.getMessage());
        return AuditExitCode.UNUSABLE_INPUT.code();
      }
      write = WriteEvidence.read(new GatePaths(evidence));
    }
    String location = Path.of(tableLocation).toAbsolutePath().toString();
    AuditResult audit;
    try {
      if (!Files.exists(Path.of(location))) {
        throw new IllegalArgumentException("no such file or folder");
      }
      Set<String> winners = write == null ? Set.of() : write.winnerFiles();
      WriteEvidence attribution = write;
      // The kill the scenario made, as its evidence records it; nothing killed excuses no orphan.
      List<HarnessKill> kills = evidence == null ? List.of() : RecordedKill.read(evidence).map(HarnessKill::of)
          .stream().toList();
      SchedulerHistory events = schedulerHistory(evidence);
      audit = StorageAudit.audit(location, priorSnapshots(evidence), winners,
          physical -> attribution == null ? Set.of() : attribution.rejectedFiles(physical),
          physical -> attribution == null ? Set.of() : attribution.killedAttemptFiles(physical, kills, events));
    } catch (RuntimeException e) {
      System.err.println("sft audit: error: cannot audit " + location + ": " + e.getMessage());
      return AuditExitCode.UNUSABLE_INPUT.code();
    }
    WriteEvidence attributed = write;
    SchedulerHistory history = schedulerHistory(evidence);
    List<Check> checks = new ArrayList<>(AuditRules.evaluate(audit, write != null, policy,
        tid -> attributed == null ? dev.sft.harness.audit.Rejection.unknown()
            : RejectionReason.of(tid, history, attributed)));
    if (write != null) {
      checks.add(onePerPartition(write));
    }
    if (scenario == ScenarioName.EXECUTOR_LOSS_AFTER_HANDOFF) {
      Checks afterHandoff = new Checks();
      try {
        LossAfterHandoffJudge.storage(afterHandoff, RecordedKill.read(evidence), audit);
      } catch (RuntimeException e) {
        System.err.println("sft audit: error: cannot read the kill evidence in " + evidence + ": " + e.getMessage());
        return AuditExitCode.UNUSABLE_INPUT.code();
      }
      checks.addAll(afterHandoff.all());
    }
    boolean clean = checks.stream().allMatch(c -> c.verdict() == Verdict.Passed);
    OutputFormat format = json ? OutputFormat.json : output;
    if (format == OutputFormat.table) {
      print(audit, checks, clean);
    } else {
      System.out.print(format.render(Json.pretty(new Output(audit, checks, clean))));
    }
    return clean ? AuditExitCode.CLEAN.code() : AuditExitCode.VIOLATIONS.code();
  }

  /**
   * The snapshots the table had before the monitored write, as the scenario recorded them; none without evidence or
   * without the record (a table the write created).
   */
  /** The scenario's scheduler events, as its evidence folder keeps them; none without evidence. */
  private static SchedulerHistory schedulerHistory(Path evidence) {
    return evidence == null ? new SchedulerHistory(List.of())
        : SchedulerHistory.read(evidence.resolve(EvidenceLayout.SCHEDULER_EVENTS));
  }

  private static Set<Long> priorSnapshots(Path evidence) {
    Path file = evidence == null ? null : evidence.resolve(EvidenceLayout.PRIOR_STATE);
    return file == null || !Files.isRegularFile(file) ? Set.of() : Markers.read(file, PriorState.class).snapshotIds();
  }

  /** Every partition an attempt wrote for has exactly one accepted message. */
  private static Check onePerPartition(WriteEvidence write) {
    Set<Integer> partitions = write.started().stream().map(m -> m.attempt().partition())
        .collect(Collectors.toCollection(TreeSet::new));
    Map<Integer, List<Long>> accepted = new TreeMap<>();
    for (AcceptedMessage message : write.accepted()) {
      accepted.computeIfAbsent(message.attempt().partition(), p -> new ArrayList<>())
          .add(message.attempt().taskAttemptId());
    }
    boolean ok = !partitions.isEmpty() && accepted.keySet().equals(partitions)
        && accepted.values().stream().allMatch(tids -> tids.size() == 1);
    return new Check(Check.SCHEDULER, "accepted.one-per-partition", ok ? Verdict.Passed : Verdict.Failed,
        "partitions written " + partitions + "; accepted messages by partition (TIDs) " + accepted);
  }

  private static void print(AuditResult audit, List<Check> checks, boolean clean) {
    System.out.println("table:      " + audit.tableLocation() + " (current snapshot " + audit.currentSnapshotId()
        + ", " + audit.snapshots() + " snapshot(s))");
    System.out.println("data:       " + audit.dataLocation());
    System.out.println("files:      physical " + audit.physical().size() + ", referenced " + audit.referenced().size()
        + ", orphan " + audit.orphan().size() + " (known rejected " + audit.knownRejectedOrphans().size()
        + "), missing " + audit.missing().size());
    for (Check check : checks) {
      System.out.println(switch (check.verdict()) {
        case Passed -> "PASS ";
        case Failed -> "FAIL ";
        case Unknown -> "UNKNOWN ";
        case Known -> "KNOWN ";
      } + check.rule());
    }
    for (Check check : checks) {
      if (check.verdict() != Verdict.Passed) {
        for (String line : violations(audit, check)) {
          System.out.println("  " + line);
        }
      }
    }
    System.out.println("RESULT: " + (clean ? "CLEAN" : "VIOLATIONS"));
  }

  /** One line per offending file, naming the rule it broke. */
  private static List<String> violations(AuditResult audit, Check check) {
    List<String> lines = new ArrayList<>();
    switch (check.rule()) {
      case "files.no-orphans" -> audit.orphan().forEach(f ->
          lines.add(f + ": orphan (physical, not referenced by the current snapshot) [files.no-orphans]"));
      case "files.orphans-known-rejected" -> audit.unknownOrphans().forEach(f ->
          lines.add(f + ": orphan of no known rejected attempt [files.orphans-known-rejected]"));
      case "files.referenced-exist" -> {
        audit.missing().forEach(f -> lines.add(f + ": referenced but missing [files.referenced-exist]"));
        audit.referencedOutsideDataLocation().forEach(f ->
            lines.add(f + ": referenced outside the data location [files.referenced-exist]"));
      }
      case "manifest.equals-accepted-winners" -> {
        audit.referencedNotWinner().forEach(f ->
            lines.add(f + ": referenced but not an accepted winner's file [manifest.equals-accepted-winners]"));
        audit.winnerNotReferenced().forEach(f ->
            lines.add(f + ": accepted winner's file not referenced [manifest.equals-accepted-winners]"));
        if (audit.winner().isEmpty()) {
          lines.add("no accepted winner files in the evidence [manifest.equals-accepted-winners]");
        }
      }
      case "manifest.no-rejected-files" -> audit.referencedRejected().forEach(f ->
          lines.add(f + ": a rejected attempt's file is referenced [manifest.no-rejected-files]"));
      default -> lines.add(check.detail() + " [" + check.rule() + "]");
    }
    return lines;
  }
}
