package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.contract.ScenarioResult;
import dev.sft.harness.evidence.Folders;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.evidence.ExecutorLogExcerpt;
import dev.sft.harness.judge.ExecutorCrashJudge;
import dev.sft.harness.judge.UnplannedLoss;
import dev.sft.harness.judge.WriteEvidence;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/** The steps every scenario ends with: drain events, export evidence, clean up a passing fixture. */
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

  static ScenarioResult finish(
      ScenarioRepetition run, ScenarioContext context, ScenarioRepetition.Counts counts, String failure,
      String tableLocation) {
    UnplannedLoss.judge(run.checks(), run.history(), run.killedByHarness());
    WriteEvidence markers = WriteEvidence.read(run.gates());
    ExecutorCrashJudge.judge(run.checks(), run.history(), run.killedByHarness(),
        executor -> ExecutorLogExcerpt.tail(markers.executorLogOf(executor).orElse(null)));
    ScenarioResult result = run.result(counts, failure);
    Markers.publishText(run.dir().resolve(EvidenceLayout.SCHEDULER_EVENTS),
        run.events().stream().map(Json::compact).collect(Collectors.joining("\n", "", "\n")));
    Markers.publish(run.dir().resolve(EvidenceLayout.RESULT), result);
    if (result.passed() && !context.keepFixtures() && tableLocation != null) {
      // Only after the audit and the evidence export: a passing fixture is no longer needed.
      Folders.deleteRecursively(Path.of(tableLocation));
    }
    run.phase("scheduler " + result.scheduler() + ", storage " + result.storage()
        + (result.passed() ? "" : " — " + result.message()));
    return result;
  }
}
