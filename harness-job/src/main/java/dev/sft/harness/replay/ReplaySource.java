package dev.sft.harness.replay;

import dev.sft.contract.DriverRun;
import dev.sft.contract.Pin;
import dev.sft.contract.RanJar;
import dev.sft.contract.Report;
import dev.sft.contract.ReportJson;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.WriteOperation;
import dev.sft.contract.WriterName;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.PinRecord;
import dev.sft.harness.evidence.StoredEvidence;
import dev.sft.harness.jars.JarIdentity;
import dev.sft.harness.judge.PinJudge;
import dev.sft.harness.judge.RepetitionEvidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One repetition's evidence folder read as the cell {@code sft replay} runs again: scenario, operation and layout,
 * writer, {@code spark.job.interruptOnCancel}, the jars under test the run's report proves ran, the pin it ran under,
 * and what it found ({@link EvidenceLayout#RESULT}). Anything it cannot read is an {@link IllegalArgumentException} of
 * one line naming the folder; the folder is only read.
 *
 * @param recordedReport the run's {@link EvidenceLayout#REPORT} (the merged one, else a driver run's), if it wrote one
 * @param pin the pin the repetition ran under ({@link EvidenceLayout#PIN}), empty for a natural repetition
 */
public record ReplaySource(RepetitionEvidence evidence, ScenarioResult result, WriterName writer,
    boolean interruptOnCancel, Optional<Report> recordedReport, Optional<Pin> pin) {

  public static ReplaySource read(Path dir) {
    Path folder = dir.toAbsolutePath().normalize();
    StoredEvidence stored = StoredEvidence.find(folder);
    if (!stored.repetitions().equals(List.of(folder))) {
      throw new IllegalArgumentException(dir + " is a run's folder, not one repetition's evidence: give one of its"
          + " <scenario>-r<N> folders");
    }
    RepetitionEvidence evidence = RepetitionEvidence.read(folder);
    ScenarioResult result = recordedResult(folder);
    Optional<DriverRun> driverRun = driverRun(stored, evidence.scenario());
    Optional<Report> report = recordedReport(evidence.runDir());
    WriterName writer = driverRun.map(DriverRun::writer).or(() -> report.map(r -> WriterName.fromId(r.writer())))
        .orElseThrow(() -> new IllegalArgumentException(evidence.runDir() + " has no driver run's "
            + EvidenceLayout.DRIVER_RUN + " and no " + EvidenceLayout.REPORT + ", so the writer it ran is not known"));
    boolean interruptOnCancel = driverRun.map(DriverRun::interruptOnCancel)
        .orElse(DriverRun.DEFAULT_INTERRUPT_ON_CANCEL);
    Optional<Pin> pin;
    try {
      pin = PinJudge.pinOf(folder).map(PinRecord::pin).map(Pin::fromId);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(folder + ": " + EvidenceLayout.PIN + " names no pin this build has: "
          + e.getMessage());
    }
    return new ReplaySource(evidence, result, writer, interruptOnCancel, report, pin);
  }

  public ScenarioName scenario() {
    return evidence.scenario();
  }

  public WriteOperation operation() {
    return evidence.operation();
  }

  /** e.g. {@code speculation-original-wins/append r3 of run 20261206-...}. */
  public String describe() {
    return result.cell() + " r" + result.repetition() + " of run " + evidence.runDir().getFileName();
  }

  /**
   * The jars under test ({@code --jar}) the run's report proves ran, each still at the path it ran from with the
   * SHA-256 it ran with; empty when the run ran the released jars.
   */
  public List<Path> jarsUnderTest() {
    Report report = recordedReport.orElseThrow(() -> new IllegalArgumentException(evidence.runDir() + " has no "
        + EvidenceLayout.REPORT + ", so which jars ran is not known; say it with --jar"));
    List<Path> jars = new ArrayList<>();
    for (RanJar jar : report.jars().stream().filter(RanJar::underTest).toList()) {
      Path file = Path.of(jar.file());
      String now = Files.isRegularFile(file) ? JarIdentity.sha256(file) : null;
      if (!jar.sha256().equals(now)) {
        throw new IllegalArgumentException("the jar under test " + jar.module() + " ran from " + file + " (sha256 "
            + jar.sha256() + "), which " + (now == null ? "is gone" : "has changed since") + "; give it with --jar");
      }
      try {
        // The run loaded it through its own SPARK_HOME's link; the replay takes the file it points to.
        jars.add(file.toRealPath());
      } catch (IOException e) {
        throw new IllegalArgumentException("the jar under test " + file + " cannot be resolved: " + e.getMessage());
      }
    }
    return jars;
  }

  private static ScenarioResult recordedResult(Path folder) {
    Path file = folder.resolve(EvidenceLayout.RESULT);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(folder + " has no " + EvidenceLayout.RESULT + ", so what it found is not"
          + " recorded (sft judge " + folder + " judges it again)");
    }
    try {
      return Json.MAPPER.readValue(file.toFile(), ScenarioResult.class);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + " is not a scenario result this build reads: "
          + firstLine(e.getMessage()));
    }
  }

  /** The driver run that ran the scenario, from its group's {@link EvidenceLayout#DRIVER_RUN}. */
  private static Optional<DriverRun> driverRun(StoredEvidence stored, ScenarioName scenario) {
    return stored.recordedDriverRuns().stream().filter(run -> run.scenarios().contains(scenario)).findFirst();
  }

  private static Optional<Report> recordedReport(Path runDir) {
    List<Path> candidates = new ArrayList<>(List.of(runDir.resolve(EvidenceLayout.REPORT)));
    for (boolean speculation : new boolean[] {true, false}) {
      candidates.add(EvidenceLayout.driverDir(runDir, DriverRun.group(speculation)).resolve(EvidenceLayout.REPORT));
    }
    for (Path file : candidates) {
      if (Files.isRegularFile(file)) {
        try {
          return Optional.of(ReportJson.read(file));
        } catch (IOException e) {
          throw new IllegalArgumentException(file + " is not a report this build reads: " + firstLine(e.getMessage()));
        }
      }
    }
    return Optional.empty();
  }

  private static String firstLine(String message) {
    String text = String.valueOf(message);
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
