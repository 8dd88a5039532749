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
 * <p>With {@code --control}, each operation also runs once with no fault, and every finding of a failure cell says
 * whether that control cell failed the same rule (the write path's own) or not (only under the fault).
 *
 * <p>Part of the full matrix ({@code ./mvnw verify -Pmatrix}); by default {@link CometFallbackIT} runs a row-level
 * command through {@code sft local} under a speculation race, and the unit tests judge these cells' evidence.
 */
@Tag("matrix")
class RowLevelOperationIT {
  private static final List<String> OPERATIONS = List.of("delete-cow", "update-mor", "merge-dv");
  private static final Map<String, Long> EXPECTED_ROWS = Map.of(
      "delete-cow", 43_200L, "update-mor", 48_000L, "merge-dv", 47_200L);
  private static LocalRun run;

  @BeforeAll
  static void runTheMatrixCells() throws Exception {
    run = LocalRun.run("row-level-operations", "--scenarios",
        "speculation-original-wins,executor-loss-task-replacement,executor-loss-shuffle-loss",
        "--operations", String.join(",", OPERATIONS), "--timeout", "120", "--control");
  }

  @Test
  void sftJudgeGivesTheRunsOwnVerdictsFromItsEvidence() {
    JudgedAgain.assertSameVerdicts(run);
  }

  @Test
  void everyCellIsReportedUnderItsOperation() {
    assertThat(run.report().scenarios()).extracting(ScenarioResult::cell).containsExactlyInAnyOrder(
        OPERATIONS.stream().flatMap(o -> List.of("speculation-original-wins/" + o,
            "executor-loss-task-replacement/" + o, "executor-loss-shuffle-loss/" + o, "control/" + o).stream())
            .toArray(String[]::new));
  }

  @Test
  void everyFindingOfAFailureCellIsSetAgainstTheControlCellOfItsOperation() {
    for (ScenarioResult control : cells("control")) {
      assertThat(rule(control, "control.no-fault")).as(control.cell() + ": " + failing(control))
          .isEqualTo(Verdict.Passed);
      assertThat(rule(control, "files.no-orphans")).as(control.cell()).isNotNull();
      if (!control.operation().equals("merge-dv")) {
        assertThat(control.storage()).as(control.cell() + ": " + failing(control)).isEqualTo(Verdict.Passed);
      }
      System.out.println("control " + control.cell() + ": storage " + control.storage() + " " + failing(control));
    }
    for (ScenarioResult s : run.report().scenarios()) {
      if (s.name().equals("control")) {
        assertThat(s.checks()).extracting(Check::attribution).containsOnlyNulls();
        continue;
      }
      ScenarioResult control = run.scenario("control", s.operation());
      for (Check failed : s.checks().stream().filter(c -> c.verdict() == Verdict.Failed).toList()) {
        String controlRule = failed.rule().equals("files.orphans-known-rejected") ? "files.no-orphans" : failed.rule();
        Verdict inControl = control.checks().stream().filter(c -> c.rule().equals(controlRule))
            .map(Check::verdict).findFirst().orElse(Verdict.Passed);
        assertThat(failed.attribution()).as(s.cell() + " " + failed.rule())
            .isEqualTo(inControl == Verdict.Failed ? FaultAttribution.ALSO_WITHOUT_FAULT
                : FaultAttribution.ONLY_UNDER_FAULT);
        assertThat(s.message()).contains(failed.attribution().words() + ": ");
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
    // Every failure scenario and the control run once per operation here.
    assertThat(cells).as(scenario).hasSize(OPERATIONS.size());
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
