package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;
import dev.sft.harness.cli.CapturedRun;
import dev.sft.harness.evidence.FolderContents;

import dev.sft.contract.Check;
import dev.sft.contract.DriverRun;
import dev.sft.contract.KnownFindings;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.audit.FileSets;
import dev.sft.harness.audit.TableFiles;
import dev.sft.harness.evidence.AbortObservation;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.CommitMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.PriorState;
import dev.sft.harness.evidence.RowCounts;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.kill.Killer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sft judge} over evidence folders made here with the records the probe, the kill command and the drive write:
 * a speculation repetition, an executor-loss repetition, and input it must refuse. It never changes the evidence.
 */
class JudgeStoredEvidenceTest {
  private static final String RUN_ID = "sft-20260101-000000-abcd";

  @TempDir
  Path tmp;

  @Test
  void aSpeculationRepetitionIsJudgedAgainFromTheRecordedAuditAndPassesBothSides() throws IOException {
    Path runDir = tmp.resolve("shared").resolve(RUN_ID);
    Path rep = speculation(runDir, false);
    Map<String, String> before = FolderContents.of(runDir);

    CapturedRun outcome = judge(rep, "--out", tmp.resolve("out").toString());

    assertThat(outcome.exit()).as(outcome.err()).isZero();
    assertThat(outcome.err()).as("progress on stderr").contains("speculation-original-wins/append r1: storage judged"
        + " from the storage audit the run recorded (storage-audit.json; the table's folder");
    assertThat(outcome.out()).as("the result on stdout").contains("RESULT: PASSED").doesNotContain("judged from");
    Report report = ReportJson.read(tmp.resolve("out").resolve("report.json"));
    ScenarioResult result = report.scenarios().get(0);
    assertThat(result.scheduler()).isEqualTo(Verdict.Passed);
    assertThat(result.storage()).isEqualTo(Verdict.Passed);
    assertThat(result.durationMs()).isEqualTo(1234);
    assertThat(result.rows()).isEqualTo(48_000);
    assertThat(result.message()).contains("re-judged by sft judge")
        .contains("rows.* from the row counts the run read with Spark");
    assertThat(rules(result, Verdict.Passed)).contains("cluster.executors-on-two-hosts", "handoff.two-attempts",
        "loser.cancelled", "loser.abort-ran", "rows.count", "commit.messages-equal-accepted", "files.no-orphans",
        "loser.no-files-left", "cluster.no-unplanned-loss");
    assertThat(tmp.resolve("out").resolve("junit.xml")).isRegularFile();
    assertThat(tmp.resolve("out").resolve("report.html")).isRegularFile();
    assertThat(FolderContents.of(runDir)).as("the evidence is unchanged").isEqualTo(before);
  }

  @Test
  void knownFindingsAndStrictDecideTheExitCodeAsInSftLocal() throws IOException {
    Path runDir = tmp.resolve("shared").resolve(RUN_ID);
    speculation(runDir, true);
    Path known = tmp.resolve("known.json");
    Files.writeString(known, "[{\"rule\": \"loser.no-files-left\", \"cause\": [\"loser-interrupted-abort\"],"
        + " \"reference\": \"https://example.org/1\"}, {\"rule\": \"files.no-orphans\","
        + " \"cause\": [\"loser-interrupted-abort\"], \"reference\": \"https://example.org/1\"}]");

    CapturedRun failed = judge(runDir, "--out", tmp.resolve("o1").toString(), "-o", "json");
    assertThat(failed.exit()).isEqualTo(1);
    Report report = ReportJson.fromJson(failed.out());
    assertThat(report.scenarios().get(0).storage()).isEqualTo(Verdict.Failed);
    assertThat(rules(report.scenarios().get(0), Verdict.Failed))
        .containsExactlyInAnyOrder("loser.no-files-left", "files.no-orphans");
    assertThat(failed.err()).contains("storage judged from the storage audit the run recorded");

    CapturedRun acknowledged = judge(runDir, "--out", tmp.resolve("o2").toString(), "--known-findings", known.toString());
    assertThat(acknowledged.exit()).as(acknowledged.out()).isZero();
    assertThat(acknowledged.out()).contains("Known").contains("RESULT: PASSED WITH 1 KNOWN FINDING");

    CapturedRun strict = judge(runDir, "--out", tmp.resolve("o3").toString(), "--known-findings", known.toString(),
        "--strict");
    assertThat(strict.exit()).isEqualTo(1);
  }

  /** A run judged again gets the verdicts it recorded: by default its own known findings, from its driver-run.json. */
  @Test
  void byDefaultTheRunsOwnKnownFindingsAndStrictAreUsedAndNoKnownFindingsJudgesWithout() throws IOException {
    Path runDir = tmp.resolve("shared").resolve(RUN_ID);
    speculation(runDir, true);
    KnownFindings known = KnownFindings.parse("[{\"rule\": \"loser.no-files-left\", \"cause\":"
        + " [\"loser-interrupted-abort\"], \"reference\": \"https://example.org/1\"}, {\"rule\": \"files.no-orphans\","
        + " \"cause\": [\"loser-interrupted-abort\"], \"reference\": \"https://example.org/1\"}]", "test");
    Path recorded = EvidenceLayout.driverDir(runDir, DriverRun.group(true)).resolve(EvidenceLayout.DRIVER_RUN);
    DriverRun asked = Json.MAPPER.readValue(recorded.toFile(), DriverRun.class);
    Markers.publish(recorded, asked.toBuilder().knownFindings(known, false, DriverRun.NEVER_FAIL_ON_STALE).build());

    CapturedRun byDefault = judge(runDir, "--out", tmp.resolve("d1").toString());
    assertThat(byDefault.exit()).as(byDefault.out()).isZero();
    assertThat(byDefault.out()).contains("RESULT: PASSED WITH 1 KNOWN FINDING");

    CapturedRun without = judge(runDir, "--out", tmp.resolve("d2").toString(), "--no-known-findings");
    assertThat(without.exit()).isEqualTo(1);

    Markers.publish(recorded, asked.toBuilder().knownFindings(known, true, DriverRun.NEVER_FAIL_ON_STALE).build());
    assertThat(judge(runDir, "--out", tmp.resolve("d3").toString()).exit()).as("the run was --strict").isEqualTo(1);
  }

  @Test
  void anExecutorLossRepetitionIsJudgedAgainWithItsKillRecordAndRecovery() throws IOException {
    Path runDir = tmp.resolve("shared").resolve(RUN_ID);
    loss(runDir);
    Map<String, String> before = FolderContents.of(runDir);

    CapturedRun outcome = judge(runDir, "--out", tmp.resolve("out").toString(), "-o", "json");

    assertThat(outcome.exit()).as(outcome.err()).isZero();
    ScenarioResult result = ReportJson.fromJson(outcome.out()).scenarios().get(0);
    assertThat(result.name()).isEqualTo("executor-loss-task-replacement");
    assertThat(result.scheduler()).as(result.message()).isEqualTo(Verdict.Passed);
    assertThat(result.storage()).as(result.message()).isEqualTo(Verdict.Passed);
    assertThat(rules(result, Verdict.Passed)).contains("pre-kill.target-physical-bytes", "kill.command-succeeded",
        "kill.identity-and-exit-proven", "kill.performed", "executor.removed", "target.executor-lost-failure",
        "replacement.succeeded-on-another-executor", "files.orphans-known-rejected", "cluster.no-unplanned-loss");
    assertThat(result.knownRejectedOrphans()).isEqualTo(1);
    assertThat(FolderContents.of(runDir)).as("the evidence is unchanged").isEqualTo(before);
  }

  @Test
  void aRuleWhoseEvidenceIsMissingIsUnknownNamingWhatIsMissing() throws IOException {
    Path runDir = tmp.resolve("shared").resolve(RUN_ID);
    Path rep = speculation(runDir, false);
    Files.delete(rep.resolve(EvidenceLayout.STORAGE_AUDIT));

    CapturedRun outcome = judge(rep, "--out", tmp.resolve("out").toString(), "-o", "json");

    assertThat(outcome.exit()).isEqualTo(1);
    ScenarioResult result = ReportJson.fromJson(outcome.out()).scenarios().get(0);
    assertThat(result.storage()).isEqualTo(Verdict.Unknown);
    Check audit = result.checks().stream().filter(c -> c.rule().equals("audit")).findFirst().orElseThrow();
    assertThat(audit.detail()).contains("is gone and the run recorded no storage-audit.json");
  }

  @Test
  void inputThatIsNotEvidenceThisBuildCanJudgeIsOneLineAndExitTwoAndChangesNothing() throws IOException {
    Path runDir = tmp.resolve("shared").resolve(RUN_ID);
    Path rep = speculation(runDir, false);

    CapturedRun missing = judge(tmp.resolve("nowhere"), "--out", tmp.resolve("o").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err().strip()).contains("nowhere is not a folder").doesNotContain("\n").doesNotContain("Exception");

    Files.createDirectories(tmp.resolve("random"));
    Files.writeString(tmp.resolve("random").resolve("notes.txt"), "hello");
    CapturedRun notEvidence = judge(tmp.resolve("random"), "--out", tmp.resolve("o").toString());
    assertThat(notEvidence.exit()).isEqualTo(2);
    assertThat(notEvidence.err().strip()).contains("random is not sft evidence").doesNotContain("\n");

    CapturedRun inside = judge(rep, "--out", runDir.resolve("report-again").toString());
    assertThat(inside.exit()).isEqualTo(2);
    assertThat(inside.err()).contains("is inside the evidence");

    CapturedRun badFormat = judge(rep, "--out", tmp.resolve("o").toString(), "-o", "xml");
    assertThat(badFormat.exit()).isEqualTo(2);

    Map<String, String> before = FolderContents.of(runDir);
    Files.writeString(rep.resolve(EvidenceLayout.DRIVE), "[1, 2, 3]");
    before.put(runDir.relativize(rep.resolve(EvidenceLayout.DRIVE)).toString(), "[1, 2, 3]");
    CapturedRun otherShape = judge(rep, "--out", tmp.resolve("o").toString());
    assertThat(otherShape.exit()).isEqualTo(2);
    assertThat(otherShape.err().strip()).contains(rep.toString()).contains("drive.json is not what this build reads")
        .doesNotContain("\n");

    Files.delete(rep.resolve(EvidenceLayout.DRIVE));
    before.remove(runDir.relativize(rep.resolve(EvidenceLayout.DRIVE)).toString());
    CapturedRun older = judge(rep, "--out", tmp.resolve("o").toString());
    assertThat(older.exit()).isEqualTo(2);
    assertThat(older.err().strip()).contains(rep.toString()).contains("has no drive.json").doesNotContain("\n");

    assertThat(FolderContents.of(runDir)).as("nothing in the evidence changed").isEqualTo(before);
    assertThat(tmp.resolve("o")).doesNotExist();
  }

  // --- evidence made with the records the probe, the kill command and the drive write ---

  /** speculation-original-wins r1: TID 10 (original) wins, TID 14 (speculative) loses; optionally leaves a file. */
  private static Path speculation(Path runDir, boolean loserLeavesAFile) throws IOException {
    driverRun(runDir, true, ScenarioName.SPECULATION_ORIGINAL_WINS);
    Path rep = runDir.resolve("speculation-original-wins-r1");
    Evidence evidence = new Evidence();
    AttemptIdentity original = Evidence.attempt(0, 10, 0, "1");
    AttemptIdentity speculative = Evidence.attempt(0, 14, 1, "2");
    evidence.winner(original).winner(Evidence.attempt(1, 11, 0, "2")).winner(Evidence.attempt(2, 12, 0, "1"))
        .winner(Evidence.attempt(3, 13, 0, "2")).commit(true, 4);
    String loserFile = Evidence.file(speculative, 1);
    evidence.started.add(Evidence.marker("started", speculative, List.of()));
    evidence.handoffs.add(Evidence.marker("handoff", speculative, List.of(loserFile)));
    evidence.aborted.add(new AttemptMarker("aborted", speculative, List.of(), 5, "abort ran", null,
        new AbortObservation(true, false, null, 0)));
    evidence.completed.add(Evidence.marker("completed", speculative, List.of()));
    WriteEvidence write = evidence.build();
    SchedulerHistory history = new Events().submitted(3, 0, 4)
        .task(10, 3, 0, 0, 0, "1", false, "Success").task(11, 3, 0, 1, 0, "2", false, "Success")
        .task(12, 3, 0, 2, 0, "1", false, "Success").task(13, 3, 0, 3, 0, "2", false, "Success")
        .task(14, 3, 0, 0, 1, "2", true, SchedulerHistory.TASK_KILLED).history();
    String table = runDir.resolve("warehouse/db/speculation_original_wins_r1").toString();
    RecordedDrive drive = new RecordedDrive("speculation-original-wins", "append", 1, true, table, null,
        List.of(new Check(Check.SCHEDULER, "cluster.executors-on-two-hosts", Verdict.Passed, "executors 1, 2")),
        new RecordedDrive.Fault(new SpeculationRace(write.handoffsOf(0).get(0), write.handoffsOf(0).get(1)), null,
            null, false),
        Set.of(), null, List.of(), new RowCounts(48_000, 48_000, 48_000, 48_000, 0, 0), null, List.of());
    Set<String> physical = new TreeSet<>(write.winnerFiles());
    if (loserLeavesAFile) {
      physical.add(loserFile);
    }
    AuditResult audit = FileSets.derive(table, "/data", TableFiles.newTable(7L, 1, write.winnerFiles()),
        physical, write.winnerFiles(), write.rejectedFiles(physical), Set.of());
    writeRepetition(rep, drive, write, history, audit);
    return rep;
  }

  /** executor-loss-task-replacement r1: TID 20 on executor 1 killed while paused, replaced by TID 24 on executor 2. */
  private static Path loss(Path runDir) throws IOException {
    driverRun(runDir, false, ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT);
    Path rep = runDir.resolve("executor-loss-task-replacement-r1");
    Evidence evidence = new Evidence();
    AttemptIdentity victim = Evidence.attempt(0, 20, 0, "1");
    AttemptIdentity other = Evidence.attempt(1, 21, 0, "2");
    evidence.winner(other).winner(Evidence.attempt(2, 22, 0, "3")).winner(Evidence.attempt(3, 23, 0, "2"))
        .winner(Evidence.attempt(0, 24, 1, "2")).commit(true, 4);
    String victimFile = Evidence.file(victim, 1);
    evidence.started.add(Evidence.marker("started", victim, List.of()));
    AttemptMarker paused = new AttemptMarker("paused", victim, List.of(new AttemptMarker.FileState(victimFile, 10)),
        3, null, 4_000L);
    evidence.paused.add(paused);
    WriteEvidence write = evidence.build();
    SchedulerHistory history = new Events().submitted(3, 0, 4)
        .start(20, 3, 0, 0, 0, "1", false)
        .task(21, 3, 0, 1, 0, "2", false, "Success").task(22, 3, 0, 2, 0, "3", false, "Success")
        .task(23, 3, 0, 3, 0, "2", false, "Success")
        .removed("1").end(20, 3, 0, 0, 0, "1", false, SchedulerHistory.EXECUTOR_LOST_FAILURE)
        .task(24, 3, 0, 0, 1, "2", false, "Success").history();
    String table = runDir.resolve("warehouse/db/executor_loss_task_replacement_r1").toString();
    List<Check> driveChecks = new ArrayList<>();
    Checks preKill = new Checks();
    preKill.check(Check.SCHEDULER, "cluster.executors-on-two-hosts", true, "executors 1, 2, 3");
    ExecutorLossJudge.preKill(preKill, new KillTarget(paused, write.handoffs().get(0)), paused.files(),
        write.handoffs().get(0).files(), false, new SchedulerHistory(List.of()));
    ExecutorLossJudge.kill(preKill, true, "kill command exited 0");
    driveChecks.addAll(preKill.all());
    RecordedDrive drive = new RecordedDrive("executor-loss-task-replacement", "append", 1, true, table, null,
        driveChecks, new RecordedDrive.Fault(null, null,
            new KillCommandCall(0, false, 30_000, rep.resolve(EvidenceLayout.KILL_COMMAND_LOG).toString(), 1_000,
                1_100), true),
        Set.of("1"), null, List.of(), new RowCounts(48_000, 48_000, 48_000, 48_000, 0, 0), null,
        List.of(new HarnessKill("1", 1_000L)));
    Set<String> physical = new TreeSet<>(write.winnerFiles());
    physical.add(victimFile);
    AuditResult audit = FileSets.derive(table, "/data", TableFiles.newTable(7L, 1, write.winnerFiles()),
        physical, write.winnerFiles(), write.rejectedFiles(physical), write.killedAttemptFiles(physical, drive.kills(), history));
    writeRepetition(rep, drive, write, history, audit);
    Markers.publish(rep.resolve(EvidenceLayout.KILL_TARGET), new KillTarget(paused, write.handoffs().get(0)));
    Markers.publish(rep.resolve(Killer.RECORDS).resolve("kill-1.json"), new KillRecord("local", victim.host(), null,
        null, victim.pid(), "1", "java ... CoarseGrainedExecutorBackend --executor-id 1", "killed", 0, null, 1_050L,
        1_060L, "exited", 1_000, 1_070));
    return rep;
  }

  private static void driverRun(Path runDir, boolean speculation, ScenarioName scenario) {
    DriverRun driverRun = DriverRun.builder(RUN_ID, speculation, List.of(scenario))
        .writer(WriterName.ICEBERG)
        .timeouts(60, 30)
        .interruptOnCancel(true)
        .cluster("spark://127.0.0.1:7077", runDir.getParent().toString())
        .killCommand("kill")
        .driverHost("127.0.0.1")
        .operations(List.of(WriteOperation.DEFAULT))
        .build();
    Markers.publish(EvidenceLayout.driverDir(runDir, driverRun.group()).resolve(EvidenceLayout.DRIVER_RUN), driverRun);
  }

  private static void writeRepetition(Path rep, RecordedDrive drive, WriteEvidence write, SchedulerHistory history,
      AuditResult audit) {
    GatePaths gates = new GatePaths(rep);
    Map<String, List<AttemptMarker>> byFile = Map.of(EvidenceLayout.STARTED, write.started(),
        EvidenceLayout.HANDOFF, write.handoffs(), EvidenceLayout.PAUSED, write.paused(),
        EvidenceLayout.ABORTED, write.aborted(), EvidenceLayout.COMPLETED, write.completed());
    byFile.forEach((file, markers) -> markers.forEach(m -> Markers.publish(
        gates.attempt(m.attempt().partition(), m.attempt().taskAttemptId()).resolve(file), m)));
    for (AcceptedMessage accepted : write.accepted()) {
      Markers.publish(gates.acceptedMarker(accepted.attempt()), accepted);
    }
    for (CommitMarker commit : write.commits()) {
      Markers.publish(gates.newCommitMarker(), commit);
    }
    Markers.publishText(gates.releaseAll(), "released by the driver at the end of the scenario");
    Markers.publishText(rep.resolve(EvidenceLayout.SCHEDULER_EVENTS),
        history.events().stream().map(Json::compact).collect(Collectors.joining("\n", "", "\n")));
    Markers.publish(rep.resolve(EvidenceLayout.PRIOR_STATE), new PriorState("append", new TreeSet<>()));
    Markers.publish(rep.resolve(EvidenceLayout.DRIVE), drive);
    Markers.publish(rep.resolve(EvidenceLayout.STORAGE_AUDIT), audit);
    Markers.publish(rep.resolve(EvidenceLayout.RESULT), ScenarioResult.judged(drive.scenario(), 1, Verdict.Passed,
        Verdict.Passed, ScenarioResult.Counts.NOT_MEASURED, 1234, rep.toString(), "as recorded", List.of()));
  }

  // --- running the command and reading what it left ---

  private static CapturedRun judge(Path dir, String... options) {
    List<String> args = new ArrayList<>(List.of("judge", dir.toString()));
    args.addAll(List.of(options));
    return CapturedRun.of(args.toArray(new String[0]));
  }


  private static List<String> rules(ScenarioResult result, Verdict verdict) {
    return result.checks().stream().filter(c -> c.verdict() == verdict).map(Check::rule).toList();
  }

}
