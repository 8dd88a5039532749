package dev.sft.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.AuditExitCode;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.kill.Killer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sft audit} on real Iceberg tables with storage faults made by hand, each rule broken on its own, plus
 * evidence folders shaped like the scenarios'.
 */
class AuditCommandTest {
  private static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  @TempDir
  Path dir;
  private Path table;
  private Path data;
  private Path evidence;

  private record Outcome(int exit, String out) {}

  @BeforeEach
  void tableWithTwoPartitionsWritten() throws Exception {
    table = dir.resolve("table");
    data = table.resolve("data");
    evidence = dir.resolve("executor-loss-task-replacement-r1");
    Table iceberg = new HadoopTables(new Configuration()).create(SCHEMA, table.toString());
    AppendFiles append = iceberg.newAppend();
    for (Path file : List.of(winner(0, 10), winner(1, 11))) {
      append.appendFile(DataFiles.builder(PartitionSpec.unpartitioned()).withPath(file.toString())
          .withFileSizeInBytes(Files.size(file)).withRecordCount(1).withFormat(FileFormat.PARQUET).build());
    }
    append.commit();
  }

  /** A file named like Iceberg's writer names it: partition, TID, operation ID, counter. */
  private Path file(int partition, long tid) throws Exception {
    Path file = data.resolve(String.format("%05d-%d-op-0-00001.parquet", partition, tid));
    Files.createDirectories(data);
    Files.writeString(file, "parquet bytes");
    return file;
  }

  private Path winner(int partition, long tid) throws Exception {
    return file(partition, tid);
  }

  private static AttemptIdentity attempt(int partition, long tid) {
    return new AttemptIdentity(3, 0, partition, tid, tid > 11 ? 1 : 0, "1", "127.0.0.2", 42);
  }

  /** The scenario chose the attempt {@code tid} as its target, so its executor is the one it killed. */
  private void killTarget(long tid) {
    AttemptMarker victim = new AttemptMarker("paused", attempt(0, tid), List.of(), 1, null);
    AttemptMarker other = new AttemptMarker("paused", new AttemptIdentity(3, 0, 1, 11, 0, "2", "127.0.0.3", 43),
        List.of(), 1, null);
    Markers.publish(evidence.resolve(EvidenceLayout.KILL_TARGET), new KillTarget(victim, other));
  }

  /** Evidence: attempts started for partitions 0 and 1, accepted TIDs 10 and 11, plus extra started attempts. */
  private void evidence(long... extraStartedTids) throws Exception {
    GatePaths gates = new GatePaths(evidence);
    List<Long> started = new ArrayList<>(List.of(10L, 11L));
    for (long tid : extraStartedTids) {
      started.add(tid);
    }
    for (long tid : started) {
      int partition = tid == 11 ? 1 : 0;
      Markers.publish(gates.attempt(partition, tid).resolve(EvidenceLayout.STARTED),
          new AttemptMarker("started", attempt(partition, tid), List.of(), 1, null));
    }
    for (long tid : List.of(10L, 11L)) {
      int partition = tid == 11 ? 1 : 0;
      String path = data.resolve(String.format("%05d-%d-op-0-00001.parquet", partition, tid)).toString();
      Markers.publish(gates.accepted().resolve("p" + partition + "-t" + tid + ".json"),
          new AcceptedMessage(attempt(partition, tid), List.of(path), 1));
    }
  }

  private Outcome audit(String... args) {
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      List<String> all = new ArrayList<>(List.of("audit"));
      all.addAll(List.of(args));
      return new Outcome(SftCli.execute(all.toArray(new String[0])), captured.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(original);
    }
  }

  @Test
  void aCleanTableIsClean() {
    Outcome o = audit("--table-location", table.toString());
    assertThat(o.exit).isEqualTo(AuditExitCode.CLEAN.code());
    assertThat(o.out).contains("PASS files.no-orphans").contains("RESULT: CLEAN");
  }

  @Test
  void anOrphanIsAViolationNamingTheFileAndRule_andCrcSidecarsAreIgnored() throws Exception {
    Files.writeString(data.resolve(".00000-10-op-0-00001.parquet.crc"), "crc");
    Path orphan = file(0, 99);
    Outcome o = audit("--table-location", table.toString());
    assertThat(o.exit).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains(orphan + ": orphan").contains("[files.no-orphans]").doesNotContain(".crc");
  }

  @Test
  void aMissingReferencedFileIsAViolation() throws Exception {
    Path gone = data.resolve("00001-11-op-0-00001.parquet");
    Files.delete(gone);
    Outcome o = audit("--table-location", table.toString());
    assertThat(o.exit).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains(gone + ": referenced but missing [files.referenced-exist]");
  }

  @Test
  void withEvidenceAnOrphanOfAKilledRejectedAttemptIsTolerated() throws Exception {
    evidence(14);
    killTarget(14);
    file(0, 14);
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).as(o.out).isEqualTo(AuditExitCode.CLEAN.code());
    assertThat(o.out).contains("known rejected 1").contains("PASS files.orphans-known-rejected")
        .contains("PASS manifest.equals-accepted-winners").contains("PASS accepted.one-per-partition");
  }

  @Test
  void aLossScenarioThatKilledNothingToleratesNoOrphanEvenOfARejectedAttempt() throws Exception {
    evidence(14);
    Path rejectedOrphan = file(0, 14);
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).as(o.out).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains("FAIL files.orphans-known-rejected").contains(rejectedOrphan.toString());
  }

  @Test
  void aSpeculationScenariosEvidenceToleratesNoOrphanEvenOfAKnownRejectedAttempt() throws Exception {
    // The loser of a speculation race is cancelled, not killed: its own abort must have deleted its files.
    evidence = dir.resolve("speculation-original-wins-r2");
    evidence(14);
    Path loserOrphan = file(0, 14);
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).as(o.out).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains("FAIL files.no-orphans")
        .contains(loserOrphan + ": orphan (physical, not referenced by the current snapshot) [files.no-orphans]")
        .doesNotContain("files.orphans-known-rejected");
  }

  @Test
  void theScenarioComesFromResultJsonWhateverTheFolderIsCalled() throws Exception {
    evidence = dir.resolve("copied-evidence");
    evidence(14);
    killTarget(14);
    file(0, 14);
    Files.writeString(evidence.resolve("result.json"), "{\"name\": \"speculation-speculative-wins\", \"repetition\": 1}");
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).as(o.out).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains("FAIL files.no-orphans");

    Files.writeString(evidence.resolve("result.json"), "{\"name\": \"executor-loss-shuffle-loss\"}");
    Outcome loss = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(loss.exit).as(loss.out).isEqualTo(AuditExitCode.CLEAN.code());
    assertThat(loss.out).contains("PASS files.orphans-known-rejected");
  }

  @Test
  void evidenceOfNoTellableScenarioOrOfTwoIsUnusable() throws Exception {
    evidence = dir.resolve("evidence");
    evidence();
    assertThat(audit("--table-location", table.toString(), "--evidence", evidence.toString()).exit)
        .as("neither result.json nor a scenario folder name").isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
    Path renamed = dir.resolve("speculation-original-wins-r1");
    Files.move(evidence, renamed);
    Files.writeString(renamed.resolve("result.json"), "{\"name\": \"executor-loss-task-replacement\"}");
    assertThat(audit("--table-location", table.toString(), "--evidence", renamed.toString()).exit)
        .as("folder and result.json disagree").isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
  }

  @Test
  void withEvidenceAnUnattributableOrphanIsAViolation() throws Exception {
    evidence();
    Path stray = file(0, 77);
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains(stray + ": orphan of no known rejected attempt [files.orphans-known-rejected]");
  }

  @Test
  void withEvidenceAReferencedFileThatNoAcceptedMessageNamedIsAViolation() throws Exception {
    evidence();
    Files.delete(evidence.resolve("gates/accepted/p1-t11.json"));
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains("00001-11-op-0-00001.parquet: referenced but not an accepted winner's file")
        .contains("FAIL accepted.one-per-partition");
  }

  @Test
  void withEvidenceARejectedAttemptsReferencedFileIsAViolation() throws Exception {
    // TID 11 started but another attempt of partition 1 (TID 15) was the accepted one; the table references 11.
    evidence(15);
    Files.delete(evidence.resolve("gates/accepted/p1-t11.json"));
    Markers.publish(new GatePaths(evidence).accepted().resolve("p1-t15.json"),
        new AcceptedMessage(attempt(1, 15), List.of(file(1, 15).toString()), 1));
    Outcome o = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(o.exit).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(o.out).contains("FAIL manifest.no-rejected-files")
        .contains("00001-11-op-0-00001.parquet: a rejected attempt's file is referenced");
  }

  /**
   * An after-handoff evidence folder: TID 12 of partition 0 was held after commit with its committed file and its
   * executor killed (sft's kill record, when {@code recorded}); TIDs 10 and 11 were accepted.
   */
  private Path killedAfterHandoff(boolean recorded) throws Exception {
    evidence = dir.resolve("executor-loss-after-handoff-r1");
    evidence(12);
    Path committed = file(0, 12);
    AttemptMarker held = new AttemptMarker("held-after-commit", attempt(0, 12),
        List.of(new AttemptMarker.FileState(committed.toString(), Files.size(committed))), 1, "committed");
    AttemptMarker other = new AttemptMarker("handoff", attempt(1, 11), List.of(), 1, null);
    Markers.publish(evidence.resolve(EvidenceLayout.KILL_TARGET), new KillTarget(held, other));
    if (recorded) {
      Markers.publish(evidence.resolve(Killer.RECORDS).resolve("kill-1-127.0.0.2-42.json"),
          new KillRecord("local", "127.0.0.2", null, null, 42, "1", "java ... CoarseGrainedExecutorBackend",
              "KILLED", 0, null, 5L, 6L, "exited", 4, 7));
    }
    return committed;
  }

  @Test
  void afterHandoffTheOrphansMustBeExactlyTheKilledAttemptsCommittedFiles() throws Exception {
    killedAfterHandoff(true);
    Outcome exact = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(exact.exit).as(exact.out).isEqualTo(AuditExitCode.CLEAN.code());
    assertThat(exact.out).contains("PASS files.orphans-known-rejected")
        .contains("PASS orphans.exactly-killed-attempt-files");

    // Another rejected attempt's file is a known rejected orphan, which the loss policy tolerates; after a kill
    // after handoff only the killed attempt's committed files may be left.
    Markers.publish(new GatePaths(evidence).attempt(0, 13).resolve(EvidenceLayout.STARTED),
        new AttemptMarker("started", attempt(0, 13), List.of(), 1, null));
    Path extra = file(0, 13);
    Outcome more = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(more.exit).as(more.out).isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(more.out).contains("PASS files.orphans-known-rejected")
        .contains("FAIL orphans.exactly-killed-attempt-files").contains("not among them: [" + extra + "]");
  }

  @Test
  void afterHandoffAKillNoRecordProvesIsUnknownAndNoTargetIsNotJudged() throws Exception {
    killedAfterHandoff(false);
    Outcome unproven = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(unproven.exit).as("Unknown is never clean").isEqualTo(AuditExitCode.VIOLATIONS.code());
    assertThat(unproven.out).contains("UNKNOWN orphans.exactly-killed-attempt-files")
        .contains("no kill record shows it killed");

    // No target chosen: nothing was killed, the scenario judged no such rule, and neither does the audit.
    Files.delete(evidence.resolve(EvidenceLayout.KILL_TARGET));
    Files.delete(data.resolve("00000-12-op-0-00001.parquet"));
    Outcome none = audit("--table-location", table.toString(), "--evidence", evidence.toString());
    assertThat(none.exit).as(none.out).isEqualTo(AuditExitCode.CLEAN.code());
    assertThat(none.out).doesNotContain("orphans.exactly-killed-attempt-files");
  }

  @Test
  void aMetadataJsonFileIsAuditedToo() throws Exception {
    Path metadata;
    try (var files = Files.list(table.resolve("metadata"))) {
      metadata = files.filter(p -> p.toString().endsWith(".metadata.json")).sorted().reduce((a, b) -> b).orElseThrow();
    }
    Outcome o = audit("--table-location", metadata.toString(), "-o", "json");
    assertThat(o.exit).isEqualTo(AuditExitCode.CLEAN.code());
    assertThat(o.out).contains("\"clean\" : true").contains("\"referenced\" : [");
    assertThat(audit("--table-location", metadata.toString(), "--json").out).as("the former spelling")
        .isEqualTo(o.out);
    Outcome yaml = audit("--table-location", metadata.toString(), "--output", "yaml");
    assertThat(new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(yaml.out))
        .isEqualTo(dev.sft.harness.evidence.Json.MAPPER.readTree(o.out));
    assertThat(yaml.out).contains("clean: true");
  }

  @Test
  void unusableInputIsItsOwnExitCode() throws Exception {
    assertThat(audit("--table-location", dir.resolve("no-such-table").toString()).exit)
        .isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
    Path notATable = Files.createDirectories(dir.resolve("empty-folder"));
    assertThat(audit("--table-location", notATable.toString()).exit).isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
    Path corrupt = Files.writeString(dir.resolve("v1.metadata.json"), "{ not json");
    assertThat(audit("--table-location", corrupt.toString()).exit).isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
    assertThat(audit("--table-location", table.toString(), "--evidence", dir.toString()).exit)
        .isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
    assertThat(audit().exit).as("missing --table-location").isEqualTo(AuditExitCode.UNUSABLE_INPUT.code());
  }
}
