package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.RunExitCode;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.evidence.AcceptedMessage;
import dev.sft.harness.evidence.Json;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.kill.KillRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Executor loss after handoff on the real embedded cluster: the target's writer commits, its executor is SIGKILLed
 * while the result is held, and the evidence on disk must show the committed files orphaned and never accepted.
 */
class LossAfterHandoffScenarioIT {
  private static final String SCENARIO = "executor-loss-after-handoff";
  private static LocalRun run;

  @BeforeAll
  static void runTheScenario() throws Exception {
    // --keep: the table stays, so the killed attempt's files can be checked on disk after the run.
    run = LocalRun.run("after-handoff", "--scenarios", SCENARIO, "--timeout", "120", "--keep");
  }

  @Test
  void passesBothVerdictsWithEveryRuleOfItsOwn() {
    ScenarioResult s = run.scenario(SCENARIO);
    assertThat(s.scheduler()).as(s.message()).isEqualTo(Verdict.Passed);
    assertThat(s.storage()).as(s.message()).isEqualTo(Verdict.Passed);
    List<String> passed = s.checks().stream().filter(c -> c.verdict() == Verdict.Passed).map(Check::rule).toList();
    assertThat(passed).contains(
        "pre-kill.target-committed-files-complete", "pre-kill.target-result-not-delivered",
        "pre-kill.other-result-delivered", "kill.command-succeeded", "kill.identity-and-exit-proven",
        "kill.performed", "executor.removed", "target.executor-lost-failure",
        "replacement.succeeded-on-another-executor", "target.message-never-accepted", "replacement.message-accepted",
        "accepted.one-per-partition", "commit.messages-equal-accepted", "files.orphans-known-rejected",
        "orphans.exactly-killed-attempt-files", "rows.count", "rows.distinct-ids", "rows.except-all");
    assertThat(s.rows()).isEqualTo(48_000);
    assertThat(s.distinctIds()).isEqualTo(48_000);
    assertThat(s.acceptedMessages()).isEqualTo(4);
    assertThat(s.missingFiles()).isZero();
    assertThat(s.knownRejectedOrphans()).isPositive().isEqualTo(s.orphanFiles());
    assertThat(run.exitCode()).isEqualTo(RunExitCode.PASSED.code());
  }

  @Test
  void theKilledAttemptCommittedCompleteFilesThatStayOrphanedAndUnaccepted() throws Exception {
    Path evidence = Path.of(run.scenario(SCENARIO).evidence());
    KillTarget target = Json.MAPPER.readValue(evidence.resolve("kill-target.json").toFile(), KillTarget.class);
    assertThat(target.victim().event()).isEqualTo("held-after-commit");
    Set<String> committed = new TreeSet<>(target.victim().paths());
    assertThat(committed).isNotEmpty();
    // The marker was published after commit() returned: every file had its final size then, and has it now.
    target.victim().files().forEach(f -> assertThat(Path.of(f.path())).hasSize(f.bytes()));

    AuditResult audit = Json.MAPPER.readValue(evidence.resolve("storage-audit.json").toFile(), AuditResult.class);
    assertThat(audit.orphan()).containsExactlyInAnyOrderElementsOf(committed);
    assertThat(audit.referenced()).doesNotContainAnyElementsOf(committed);

    long killedTid = target.attempt().taskAttemptId();
    List<AcceptedMessage> accepted = Markers.readAll(evidence.resolve("gates/accepted"), AcceptedMessage.class);
    assertThat(accepted).hasSize(4).noneMatch(a -> a.attempt().taskAttemptId() == killedTid)
        .allMatch(a -> a.files().stream().noneMatch(committed::contains));
    assertThat(accepted).filteredOn(a -> a.attempt().partition() == target.attempt().partition())
        .singleElement().satisfies(a -> assertThat(a.attempt().executorId()).isNotEqualTo(target.attempt().executorId()));

    List<KillRecord> kills = Markers.readAll(evidence.resolve("kills"), KillRecord.class);
    assertThat(kills).singleElement().satisfies(k -> {
      assertThat(k.result()).isEqualTo("killed");
      assertThat(k.executorId()).isEqualTo(target.attempt().executorId());
      assertThat(k.pid()).isEqualTo(target.attempt().pid());
    });
    assertThat(Files.exists(evidence.resolve("gates/attempts/p" + target.attempt().partition() + "-t" + killedTid
        + "/completed.json"))).as("a SIGKILLed attempt never completes").isFalse();
  }
}
