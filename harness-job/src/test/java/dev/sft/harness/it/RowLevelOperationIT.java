package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.FaultAttribution;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.audit.AuditResult;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.GatePaths;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.judge.KillTarget;
import dev.sft.harness.judge.LoserFilesJudge;
import dev.sft.harness.judge.WriteEvidence;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The row-level operations in the operation dimension, one per write mode (copy-on-write DELETE, merge-on-read v2
 * UPDATE, merge-on-read v3 MERGE), under a speculation race, a kill before handoff, and shuffle loss, through
 * {@code sft local} on the real embedded Standalone cluster. Every cell that runs ends with the exact expected row
 * multiset and one new snapshot over the prior one, whose files stay referenced; merge-on-read adds delete files.
 * Under shuffle loss the probe's shuffle manager holds reducers 2 and 3 of the command's writer stage before their
 * shuffle reader exists (a range exchange below DELETE's and UPDATE's writer, MERGE's join), and releasing them
 * after the kill must give FetchFailed and re-executed map and writer stages. A v3 MERGE whose join spreads a data file's rows over tasks leaves the tasks' accepted
 * deletion vectors orphaned when the commit merges them: that cell may fail storage, but only by naming it.
 *
 * <p>With {@code --control}, each family's write (the speculation, executor-loss and shuffle-loss tables and plans)
 * also runs with no fault, {@code --repeat} times like every cell, and every finding of a failure cell is counted,
 * by cause, in the control runs of its family and operation.
 *
 * <p>Part of the full matrix ({@code ./mvnw verify -Pmatrix}); by default {@link CometFallbackIT} runs a row-level
 * command through {@code sft local} under a speculation race, and the unit tests judge these cells' evidence.
 */
@Tag("matrix")
class RowLevelOperationIT {
  private static final List<String> OPERATIONS = List.of("delete-cow", "update-mor", "merge-dv");
  /** Twice, so a control that ran once whatever {@code --repeat} says would show. */
  private static final int REPEAT = 2;
  /** Each failure scenario run here, with the control of its family. */
  private static final Map<String, String> FAMILY = Map.of("speculation-original-wins", "control-speculation",
      "executor-loss-task-replacement", "control-executor-loss", "executor-loss-shuffle-loss", "control-shuffle-loss");
  private static final Map<String, Long> EXPECTED_ROWS = Map.of(
      "delete-cow", 43_200L, "update-mor", 48_000L, "merge-dv", 47_200L);
  private static LocalRun run;

  @BeforeAll
  static void runTheMatrixCells() throws Exception {
    run = LocalRun.run("row-level-operations", "--scenarios",
        "speculation-original-wins,executor-loss-task-replacement,executor-loss-shuffle-loss",
        "--operations", String.join(",", OPERATIONS), "--timeout", "120", "--control",
        "--repeat", String.valueOf(REPEAT));
  }

  @Test
  void sftJudgeGivesTheRunsOwnVerdictsFromItsEvidence() {
    JudgedAgain.assertSameVerdicts(run);
  }

  @Test
  void everyCellAndEachFamilysControlIsReportedUnderItsOperationRepeatTimes() {
    List<String> expected = new java.util.ArrayList<>();
    for (String operation : OPERATIONS) {
      FAMILY.forEach((scenario, control) -> {
        for (int r = 1; r <= REPEAT; r++) {
          expected.add(scenario + "/" + operation + " #" + r);
          expected.add(control + "/" + operation + " #" + r);
        }
      });
    }
    assertThat(run.report().scenarios()).extracting(s -> s.cell() + " #" + s.repetition())
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void everyFindingOfAFailureCellIsCountedByCauseInItsFamilysControlRuns() {
    for (String control : FAMILY.values()) {
      for (ScenarioResult c : cells(control)) {
        assertThat(rule(c, "control.no-fault")).as(c.cell() + ": " + failing(c)).isEqualTo(Verdict.Passed);
        assertThat(rule(c, "files.no-orphans")).as(c.cell()).isNotNull();
        System.out.println("control " + c.cell() + " #" + c.repetition() + ": storage " + c.storage() + " "
            + failing(c));
      }
    }
    for (ScenarioResult s : run.report().scenarios()) {
      if (s.name().startsWith("control")) {
        assertThat(s.checks()).allSatisfy(c -> assertThat(c.attributions()).isEmpty());
        continue;
      }
      List<ScenarioResult> controls = run.report().scenarios().stream()
          .filter(c -> c.name().equals(FAMILY.get(s.name())) && c.operation().equals(s.operation())).toList();
      for (Check failed : s.checks().stream().filter(c -> c.verdict() == Verdict.Failed).toList()) {
        String controlRule = failed.rule().equals("files.orphans-known-rejected") ? "files.no-orphans" : failed.rule();
        List<String> causes = failed.causes().isEmpty() ? java.util.Collections.singletonList(null) : failed.causes();
        assertThat(failed.attributions()).as(s.cell() + " " + failed.rule()).extracting(FaultAttribution::cause)
            .containsExactlyElementsOf(causes);
        for (FaultAttribution a : failed.attributions()) {
          long seen = controls.stream().filter(c -> c.checks().stream().anyMatch(cc -> cc.rule().equals(controlRule)
              && cc.verdict() == Verdict.Failed && (a.cause() == null || cc.causes().contains(a.cause())))).count();
          assertThat(a).as(s.cell() + " " + failed.rule() + ":" + a.cause())
              .isEqualTo(new FaultAttribution(a.cause(), (int) seen, REPEAT));
          assertThat(s.message()).contains(a.words() + ": ");
        }
      }
    }
  }

  @Test
  void shuffleLossHoldsTheCommandsReducersAndForcesAFetchFailureAndStageReexecution() {
    for (ScenarioResult s : cells("executor-loss-shuffle-loss")) {
      for (String rule : List.of("kill.performed", "fetch-failed.after-release",
          "writer-stage.reexecuted", "map-stage.reexecuted", "replacement.succeeded-on-another-executor")) {
        assertThat(rule(s, rule)).as(s.cell() + " " + rule + ": " + failing(s)).isEqualTo(Verdict.Passed);
      }
      // The held reducers are the initial attempts of partitions 2 and 3 of the writer stage the target ran in.
      KillTarget target = Markers.read(Path.of(s.evidence()).resolve(EvidenceLayout.KILL_TARGET), KillTarget.class);
      List<AttemptMarker> held = WriteEvidence.read(new GatePaths(Path.of(s.evidence()))).heldBeforeInput();
      assertThat(held).as(s.cell()).extracting(m -> m.attempt().partition()).containsExactlyInAnyOrder(2, 3);
      assertThat(held).as(s.cell()).allSatisfy(m -> {
        assertThat(m.attempt().stageId()).isEqualTo(target.attempt().stageId());
        assertThat(m.attempt().stageAttempt()).isZero();
        assertThat(m.attempt().attemptNumber()).isZero();
      });
      assertThat(target.attempt().partition()).as(s.cell()).isIn(0, 1);
    }
  }

  @Test
  void everyCellPassesTheSchedulerAndLeavesTheExactRows() {
    for (ScenarioResult s : run.report().scenarios()) {
      assertThat(s.scheduler()).as(s.cell() + ": " + failing(s)).isEqualTo(Verdict.Passed);
      assertThat(s.rows()).as(s.cell()).isEqualTo(EXPECTED_ROWS.get(s.operation()));
      assertThat(rule(s, "rows.except-all")).as(s.cell() + ": " + failing(s)).isEqualTo(Verdict.Passed);
      assertThat(s.newSnapshots()).as(s.cell()).isEqualTo(1);
      if (s.operation().equals("merge-dv")) {
        continue; // aDeletionVectorMergeIsReportedByNameNeverHidden
      }
      if (s.name().startsWith("speculation")) {
        LoserFilesFinding.assertStoragePassedOrOnlyThisFinding(s);
      } else if (s.name().equals("control-speculation") && s.storage() != Verdict.Passed) {
        // Spark may speculate by itself with speculation on; the control then says so and may keep a loser's files.
        assertThat(s.checks()).filteredOn(c -> c.rule().equals("control.no-fault")).singleElement()
            .satisfies(c -> assertThat(c.detail()).contains("Spark speculated by itself"));
      } else if (s.name().equals("executor-loss-shuffle-loss")) {
        DuplicateResultFinding.assertStoragePassedOrOnlyThisFinding(s, "iceberg");
      } else {
        assertThat(s.storage()).as(s.cell() + ": " + failing(s)).isEqualTo(Verdict.Passed);
      }
    }
  }

  @Test
  void thePriorFilesStayReferencedAndMergeOnReadAddsDeleteFiles() {
    for (ScenarioResult s : run.report().scenarios()) {
      AuditResult audit = Markers.read(Path.of(s.evidence()).resolve(EvidenceLayout.STORAGE_AUDIT),
          AuditResult.class);
      assertThat(audit.prior()).as(s.cell() + " prior files").isNotEmpty();
      assertThat(audit.referenced()).containsAll(audit.prior());
      assertThat(audit.orphan()).doesNotContainAnyElementsOf(audit.prior());
      switch (s.operation()) {
        case "delete-cow" -> {
          assertThat(audit.removed()).as(s.cell() + " rewritten files").isNotEmpty();
          assertThat(audit.added()).noneMatch(f -> f.contains("-deletes."));
        }
        case "update-mor" -> assertThat(audit.added()).as(s.cell())
            .anyMatch(f -> f.endsWith("-deletes.parquet")).noneMatch(f -> f.endsWith(".puffin"));
        default -> assertThat(audit.added()).as(s.cell()).anyMatch(f -> f.endsWith(".puffin"));
      }
    }
  }

  /** A v3 MERGE cell fails storage only over the commit's deletion-vector merge, and then says so by name. */
  @Test
  void aDeletionVectorMergeIsReportedByNameNeverHidden() {
    for (ScenarioResult s : run.report().scenarios()) {
      if (!s.operation().equals("merge-dv") || s.storage() == Verdict.Passed) {
        continue;
      }
      assertThat(rule(s, "delete-files.accepted-not-superseded")).as(s.cell() + ": " + failing(s))
          .isEqualTo(Verdict.Failed);
      assertThat(s.checks()).filteredOn(c -> c.rule().equals("delete-files.accepted-not-superseded"))
          .singleElement().satisfies(c -> assertThat(c.detail()).contains("merged-dvs-"));
      assertThat(s.checks()).filteredOn(c -> c.side().equals(Check.STORAGE) && c.verdict() == Verdict.Failed)
          .extracting(Check::rule).isSubsetOf("delete-files.accepted-not-superseded",
              "manifest.equals-accepted-winners", "files.no-orphans", "files.orphans-known-rejected",
              // a speculation cell's loser may also leave its files after Iceberg's interrupted abort
              LoserFilesJudge.RULE);
    }
  }

  private static List<ScenarioResult> cells(String scenario) {
    List<ScenarioResult> cells = run.report().scenarios().stream().filter(s -> s.name().equals(scenario)).toList();
    // Every failure scenario and every family's control run REPEAT times per operation here.
    assertThat(cells).as(scenario).hasSize(OPERATIONS.size() * REPEAT);
    return cells;
  }

  private static Verdict rule(ScenarioResult s, String rule) {
    return s.checks().stream().filter(c -> c.rule().equals(rule)).map(Check::verdict).findFirst()
        .orElseThrow(() -> new AssertionError(s.cell() + " has no rule " + rule + ": " + s.checks()));
  }

  private static List<String> failing(ScenarioResult s) {
    return s.checks() == null ? List.of() : s.checks().stream().filter(c -> c.verdict() != Verdict.Passed)
        .map(c -> c.rule() + ": " + c.detail()).toList();
  }
}
