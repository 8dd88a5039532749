package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.contract.ScenarioResult;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.judge.RecordedDrive;
import dev.sft.harness.judge.RepetitionEvidence;
import dev.sft.harness.judge.RepetitionJudge;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/** The steps every scenario ends with: drain events, export evidence, judge it, clean up a passing fixture. */
final class ScenarioSupport {
  private ScenarioSupport() {}

  /** Waits (bounded) until the driver's listeners have seen every event posted so far. */
  static void drainListenerBus(ScenarioContext context) {
    try {
      context.spark().sparkContext().listenerBus().waitUntilEmpty(context.timeout().toMillis());
    } catch (TimeoutException e) {
      throw new IllegalStateException("the listener bus did not drain within " + context.timeout().toSeconds()
          + " s; scheduler evidence would be incomplete", e);
    }
  }

  /**
   * Records what the drive saw and the scheduler events, judges the folder as {@code sft judge} would
   * ({@link RepetitionJudge}, auditing the table and keeping the audit), writes the result, and deletes a passing
   * fixture.
   */
  static ScenarioResult finish(ScenarioRepetition repetition, ScenarioContext context, RecordedDrive drive,
      String tableLocation) {
    Markers.publishText(repetition.dir().resolve(EvidenceLayout.SCHEDULER_EVENTS),
        repetition.events().stream().map(Json::compact).collect(Collectors.joining("\n", "", "\n")));
    Markers.publish(repetition.dir().resolve(EvidenceLayout.DRIVE), drive);
    RepetitionEvidence evidence = RepetitionEvidence.read(repetition.dir());
    ScenarioResult result = RepetitionJudge.judge(evidence, rep -> {
      repetition.phase("auditing storage");
      AuditResult audit = RepetitionJudge.auditTable(rep);
      Markers.publish(repetition.dir().resolve(EvidenceLayout.STORAGE_AUDIT), audit);
      return audit;
    }).result(evidence, repetition.elapsedMs(), null);
    Markers.publish(repetition.dir().resolve(EvidenceLayout.RESULT), result);
    if (result.passed() && !context.keepFixtures() && tableLocation != null) {
      // Only after the audit and the evidence export: a passing fixture is no longer needed.
      Folders.deleteRecursively(Path.of(tableLocation));
    }
    repetition.phase("scheduler " + result.scheduler() + ", storage " + result.storage()
        + (result.passed() ? "" : " — " + result.message()));
    return result;
  }
}
