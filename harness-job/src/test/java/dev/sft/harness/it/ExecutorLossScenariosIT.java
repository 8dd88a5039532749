package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioName;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.kill.KillRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Both executor-loss scenarios on the real embedded cluster, with real SIGKILLs of real executor JVMs. */
class ExecutorLossScenariosIT {
  private static LocalRun run;

  @BeforeAll
  static void runBothScenarios() throws Exception {
    run = LocalRun.run("loss", "--scenarios", "executor-loss-task-replacement,executor-loss-shuffle-loss",
        "--timeout", "120");
  }

  private static List<String> passedRules(ScenarioResult s) {
    return s.checks().stream().filter(c -> c.verdict() == Verdict.Passed).map(Check::rule).toList();
  }

  @Test
  void sftJudgeGivesTheRunsOwnVerdictsFromItsEvidence() {
    JudgedAgain.assertSameVerdicts(run);
  }

  @Test
  void bothScenariosPassBothVerdicts() {
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).as(s.name() + ": " + s.message()).isEqualTo(Verdict.Passed);
      DuplicateResultFinding.assertStoragePassedOrOnlyThisFinding(s, "iceberg");
      assertThat(s.rows()).isEqualTo(48_000);
      assertThat(s.distinctIds()).isEqualTo(48_000);
      assertThat(s.newSnapshots()).isEqualTo(1);
      assertThat(s.acceptedMessages()).isEqualTo(4);
      assertThat(s.missingFiles()).isZero();
      // SIGKILL bypasses cleanup: the killed attempt's files stay, and every one of them is attributed.
      assertThat(s.knownRejectedOrphans()).isPositive();
      if (s.storage() == Verdict.Passed) {
        assertThat(s.knownRejectedOrphans()).isEqualTo(s.orphanFiles());
      }
    }
    // The run acknowledges the shipped known findings (sft local's default): a cell showing the finding is Known,
    // which does not fail the exit code.
    assertThat(run.exitCode()).isEqualTo(run.expectedExitCode());
  }

  @Test
  void taskReplacementShowsRemovalLostFailureAndReplacement() {
    assertThat(passedRules(run.scenario("executor-loss-task-replacement"))).contains(
        "pre-kill.target-physical-bytes", "pre-kill.target-supplied-rows", "pre-kill.target-not-handed-off-or-ended",
        "pre-kill.progress-in-another-process", "kill.command-succeeded", "kill.identity-and-exit-proven",
        "kill.performed", "executor.removed", "target.executor-lost-failure",
        "replacement.succeeded-on-another-executor", "accepted.each-once-attributed", "gates.no-timeout",
        "commit.messages-equal-accepted", "storage.quiescent");
    // The gates opened after the kill, and the evidence keeps saying so once the scenario is over.
    ScenarioResult s = run.scenario("executor-loss-task-replacement");
    assertThat(Path.of(s.evidence()).resolve("gates/release-all")).content()
        .isEqualTo("released by the driver after the kill");
  }

  @Test
  void shuffleLossShowsFetchFailureAndStageReexecution() {
    assertThat(passedRules(run.scenario("executor-loss-shuffle-loss"))).contains(
        "fetch-failed.after-release",
        "writer-stage.reexecuted", "map-stage.reexecuted", "executor.removed", "target.executor-lost-failure",
        "replacement.succeeded-on-another-executor");
  }

  @Test
  @SuppressWarnings("unchecked")
  void theKillEvidenceNamesARealExecutorAndTheOrphansBelongToIt() throws Exception {
    for (ScenarioResult s : run.report().scenarios()) {
      Path evidence = Path.of(s.evidence());
      List<KillRecord> kills = Markers.readAll(evidence.resolve("kills"), KillRecord.class);
      assertThat(kills).hasSize(1);
      KillRecord kill = kills.get(0);
      assertThat(kill.result()).isEqualTo("killed");
      assertThat(kill.cmdline()).contains("org.apache.spark.executor.CoarseGrainedExecutorBackend")
          .contains("--executor-id " + kill.executorId());
      assertThat(ProcessHandle.of(kill.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
      assertThat(Files.readString(evidence.resolve("kill.log"))).contains("result=killed");

      Map<String, Object> audit = Json.MAPPER.readValue(evidence.resolve("storage-audit.json").toFile(), Map.class);
      List<String> orphans = (List<String>) audit.get("orphan");
      Map<String, Object> target = Json.MAPPER.readValue(evidence.resolve("kill-target.json").toFile(), Map.class);
      Map<String, Object> attempt = (Map<String, Object>) ((Map<String, Object>) target.get("victim")).get("attempt");
      String prefix = String.format("%05d-%d-", (Integer) attempt.get("partition"),
          ((Number) attempt.get("taskAttemptId")).longValue());
      assertThat(orphans).isNotEmpty().anyMatch(o -> Path.of(o).getFileName().toString().startsWith(prefix));
      if (ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT.id().equals(s.name())) {
        // Only the killed attempt was writing; in a shuffle loss, result tasks that met the FetchFailed were too,
        // and their aborted files are rejected orphans as well (the stage is resubmitted).
        assertThat(orphans).allMatch(o -> Path.of(o).getFileName().toString().startsWith(prefix));
      }
      if (!DuplicateResultFinding.shown(s, "iceberg")) {
        // With the finding, the dropped duplicate's files are orphans of no rejected attempt: its own evidence.
        assertThat((List<String>) audit.get("unknownOrphans")).as(s.cell()).isEmpty();
      }
    }
  }
}
