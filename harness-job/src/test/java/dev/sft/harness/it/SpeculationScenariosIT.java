package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Both speculation scenarios on the real embedded Standalone cluster ({@link SpeculationRun}). */
class SpeculationScenariosIT {
  private static LocalRun run;

  @BeforeAll
  static void runBothScenarios() {
    run = SpeculationRun.shared();
  }

  @Test
  void bothScenariosPassTheSchedulerAndStoragePassesOrReportsTheWritersInterruptedAbort() {
    assertThat(run.report().scenarios()).extracting(ScenarioResult::name)
        .containsExactly("speculation-original-wins", "speculation-speculative-wins");
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).as(s.name() + ": " + s.message()).isEqualTo(Verdict.Passed);
      LoserFilesFinding.assertStoragePassedOrOnlyThisFinding(s);
    }
    assertThat(run.report().passed()).isEqualTo(run.report().scenarios().stream()
        .allMatch(s -> s.storage() == Verdict.Passed));
    assertThat(run.exitCode()).isEqualTo(run.expectedExitCode());
  }

  @Test
  void sftJudgeGivesTheRunsOwnVerdictsFromItsEvidence() {
    JudgedAgain.assertSameVerdicts(run, "--known-findings", SpeculationRun.knownFindings().toString());
  }

  @Test
  void countsMatchTheReferenceSuite() {
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.rows()).isEqualTo(48_000);
      assertThat(s.distinctIds()).isEqualTo(48_000);
      assertThat(s.newSnapshots()).isEqualTo(1);
      assertThat(s.acceptedMessages()).isEqualTo(4);
      if (!LoserFilesFinding.shown(s)) {
        assertThat(s.orphanFiles()).isZero();
      }
      assertThat(s.missingFiles()).isZero();
    }
  }

  @Test
  void everyRequiredSchedulerRuleWasEvaluatedAndPassed() {
    List<String> required = List.of("handoff.two-attempts", "handoff.distinct-hosts",
        "handoff.same-stage-attempt-partition", "handoff.nonempty-disjoint-files", "attempts.scheduler-kinds",
        "winner.scheduler-success", "winner.message-accepted", "loser.cancelled", "loser.abort-ran",
        "accepted.one-per-partition", "accepted.each-once-attributed", "accepted.identifies-one-successful-handoff",
        "gates.no-timeout");
    for (ScenarioResult s : run.report().scenarios()) {
      List<String> passedSchedulerRules = s.checks().stream()
          .filter(c -> c.side().equals(Check.SCHEDULER) && c.verdict() == Verdict.Passed)
          .map(Check::rule).toList();
      assertThat(passedSchedulerRules).as(s.name()).containsAll(required);
    }
  }

  @Test
  void theSpeculativeWinnerWasTheSpeculativeAttempt() {
    ScenarioResult s = run.scenario("speculation-speculative-wins");
    Check kinds = s.checks().stream().filter(c -> c.rule().equals("winner.scheduler-success")).findFirst()
        .orElseThrow();
    assertThat(kinds.detail()).startsWith("selected speculative TID");
  }

  @Test
  @SuppressWarnings("unchecked")
  void evidenceIsOnTheSharedVolume() throws Exception {
    for (ScenarioResult s : run.report().scenarios()) {
      Path evidence = Path.of(s.evidence());
      Map<String, Object> audit = Json.MAPPER.readValue(evidence.resolve("storage-audit.json").toFile(), Map.class);
      if (!LoserFilesFinding.shown(s)) {
        assertThat((List<String>) audit.get("orphan")).isEmpty();
      }
      assertThat((List<String>) audit.get("missing")).isEmpty();
      assertThat((List<String>) audit.get("referenced")).isNotEmpty()
          .containsExactlyInAnyOrderElementsOf((List<String>) audit.get("winner"));
      // One-byte target files: every attempt rolls several files, the loser's included.
      assertThat((List<String>) audit.get("winner")).as("winner files of 4 partitions").hasSizeGreaterThan(4 * 2);
      assertThat((List<String>) audit.get("rejected")).as("the loser's files").hasSizeGreaterThan(1);
      assertThat(Files.readString(evidence.resolve("scheduler-events.jsonl")))
          .contains("\"speculative\":true").contains("\"reason\":\"TaskKilled\"");
      assertThat(evidence.resolve("plans.txt")).isRegularFile();
      assertThat(evidence.resolve("gates/accepted")).isDirectoryContaining("glob:**/p0-t*.json");
      assertThat(Files.readString(evidence.getParent().resolve("junit.xml")))
          .contains("<testcase classname=\"sft." + s.name() + "\"");
      assertThat(Files.readString(evidence.getParent().resolve("report.html")))
          .contains("id=\"" + s.name() + "-r1\"").contains("<svg");
    }
  }
}
