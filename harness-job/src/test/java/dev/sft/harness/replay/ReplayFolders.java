package dev.sft.harness.replay;

import dev.sft.contract.Check;
import dev.sft.contract.DriverRun;
import dev.sft.contract.Pin;
import dev.sft.contract.RanJar;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.PinRecord;
import dev.sft.harness.evidence.SchedulerEvent;
import dev.sft.harness.judge.RecordedDrive;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Small evidence folders of one repetition, as a run leaves them, with only what {@code sft replay} reads: the drive's
 * record, the result, the driver run, the probe's handoff and accepted markers, the task ends, and the run's report.
 */
final class ReplayFolders {
  static final String RUN_ID = "20261206-120000-replay";
  static final String LOSER_FINDING = "storage/loser.no-files-left:" + dev.sft.contract.Cause.LOSER_INTERRUPTED_ABORT;
  static final String DUPLICATE_FINDING = "storage/files.orphans-known-rejected:"
      + dev.sft.contract.Cause.DUPLICATE_RESULT;

  private final Path runDir;
  private final ScenarioName scenario;
  private WriteOperation operation = WriteOperation.DEFAULT;
  private WriterName writer = WriterName.ICEBERG;
  private boolean interruptOnCancel = true;
  private final List<Check> checks = new ArrayList<>();
  private final List<AttemptMarker> handoffs = new ArrayList<>();
  private final List<AcceptedMessage> accepted = new ArrayList<>();
  private final List<SchedulerEvent> events = new ArrayList<>();
  private final List<RanJar> jars = new ArrayList<>();
  private Pin pin;
  private boolean report = true;

  ReplayFolders(Path sharedRoot, ScenarioName scenario) {
    this.runDir = sharedRoot.resolve(RUN_ID);
    this.scenario = scenario;
  }

  Path runDir() {
    return runDir;
  }

  ReplayFolders operation(WriteOperation value) {
    operation = value;
    return this;
  }

  ReplayFolders writer(WriterName value) {
    writer = value;
    return this;
  }

  ReplayFolders interruptOnCancel(boolean value) {
    interruptOnCancel = value;
    return this;
  }

  ReplayFolders pinned(Pin value) {
    pin = value;
    return this;
  }

  ReplayFolders withoutReport() {
    report = false;
    return this;
  }

  /** A failing storage check of {@code rule} by {@code cause}. */
  ReplayFolders failed(String rule, String cause) {
    checks.add(new Check(Check.STORAGE, rule, Verdict.Failed, "failed in the source run", List.of(cause)));
    return this;
  }

  /** The check a pinned repetition whose hold was never reached has, on both sides. */
  ReplayFolders pinNotReached() {
    checks.add(new Check(Check.SCHEDULER, Check.PIN_REACHED, Verdict.Unknown, "pin not reached"));
    checks.add(new Check(Check.STORAGE, Check.PIN_REACHED, Verdict.Unknown, "pin not reached"));
    return this;
  }

  /**
   * Partition 1 written twice after a shuffle loss, both attempts ending Success: the driver accepted the one of stage
   * attempt {@code acceptedStageAttempt}, dropped the other's.
   */
  ReplayFolders duplicate(int acceptedStageAttempt) {
    AttemptIdentity old = new AttemptIdentity(3, 0, 1, 10, 0, "1", "127.0.0.2", 110);
    AttemptIdentity reexecuted = new AttemptIdentity(3, 1, 1, 20, 0, "2", "127.0.0.3", 120);
    AttemptIdentity taken = acceptedStageAttempt == 0 ? old : reexecuted;
    for (AttemptIdentity attempt : List.of(old, reexecuted)) {
      handoffs.add(new AttemptMarker("handoff", attempt, List.of(new AttemptMarker.FileState(file(attempt), 10)), 1,
          null));
      events.add(new SchedulerEvent(events.size(), 1_000 + events.size(), SchedulerEvent.TASK_END, 0, 3,
          attempt.stageAttempt(), attempt.taskAttemptId(), 1, 0, attempt.executorId(), attempt.host(), false,
          SchedulerEvent.SUCCESS, null, null, null));
    }
    accepted.add(new AcceptedMessage(taken, List.of(file(taken)), 2_000));
    return this;
  }

  /** The run's report names {@code file} as a jar under test with its SHA-256 as it is now. */
  ReplayFolders jarUnderTest(Path file, String sha256) {
    jars.add(new RanJar(RanJar.UNDER_TEST, "org/apache/iceberg/spark/SparkCatalog.class",
        "org.apache.iceberg:iceberg-spark-runtime-4.1_2.13", "1.12.0-SNAPSHOT", sha256, file.toString(), true,
        sha256, List.of()));
    return this;
  }

  /** Writes the run's folder and returns repetition 3's evidence folder. */
  Path write() {
    Path rep = EvidenceLayout.repetitionDir(runDir, scenario.id(), operation, 3);
    RecordedDrive drive = new RecordedDrive(scenario.id(), operation.id(), 3, true, rep.resolve("table").toString(),
        null, List.of(), RecordedDrive.Fault.NONE, java.util.Set.of(), null, List.of(), null, null, List.of());
    Markers.publish(rep.resolve(EvidenceLayout.DRIVE), drive);
    Verdict storage = checks.stream().anyMatch(c -> c.verdict() == Verdict.Failed) ? Verdict.Failed
        : checks.isEmpty() ? Verdict.Passed : Verdict.Unknown;
    Verdict scheduler = storage == Verdict.Unknown ? Verdict.Unknown : Verdict.Passed;
    ScenarioResult result = ScenarioResult.judged(scenario.id(), operation, 3, scheduler, storage,
        ScenarioResult.Counts.NOT_MEASURED, 1_234, rep.toString(), "as recorded", checks)
        .withPin(pin == null ? null : pin.id());
    Markers.publish(rep.resolve(EvidenceLayout.RESULT), result);
    if (pin != null) {
      Markers.publish(rep.resolve(EvidenceLayout.PIN), PinRecord.of(pin));
    }
    GatePaths gates = new GatePaths(rep);
    Markers.publishText(gates.releaseAll(), "released by the driver at the end of the scenario");
    for (AttemptMarker handoff : handoffs) {
      Markers.publish(gates.attempt(handoff.attempt().partition(), handoff.attempt().taskAttemptId())
          .resolve(EvidenceLayout.HANDOFF), handoff);
    }
    accepted.forEach(message -> Markers.publish(gates.acceptedMarker(message.attempt()), message));
    Markers.publishText(rep.resolve(EvidenceLayout.SCHEDULER_EVENTS),
        events.stream().map(Json::compact).collect(Collectors.joining("\n", "", "\n")));
    DriverRun driverRun = DriverRun.builder(RUN_ID, scenario.needsSpeculation(), List.of(scenario))
        .writer(writer)
        .timeouts(60, 30)
        .interruptOnCancel(interruptOnCancel)
        .cluster("spark://127.0.0.1:7077", runDir.getParent().toString())
        .killCommand("kill")
        .driverHost("127.0.0.1")
        .operations(List.of(operation))
        .pins(pin == null ? List.of() : List.of(pin))
        .build();
    Markers.publish(EvidenceLayout.driverDir(runDir, driverRun.group()).resolve(EvidenceLayout.DRIVER_RUN),
        driverRun);
    if (report) {
      try {
        ReportJson.write(Report.of(RUN_ID, writer.id(), "spark://127.0.0.1:7077", List.of(result), null, null, null,
            jars), runDir.resolve(EvidenceLayout.REPORT));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return rep;
  }

  private static String file(AttemptIdentity attempt) {
    return String.format("/data/%05d-%d-op-00001.parquet", attempt.partition(), attempt.taskAttemptId());
  }
}
