package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.StatusBounds;
import dev.sft.contract.BuildComparison;
import dev.sft.contract.BuildComparison.Change;
import dev.sft.contract.Cause;
import dev.sft.contract.Pin;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A comparison from the status never reads findings the status could not keep as findings that did not occur. */
class BuildCellComparisonTest {
  private static final String RACE = "storage/files.no-orphans:loser-interrupted-abort";

  private static CellStatus cell(String build, int passed, Map<String, Integer> findings) {
    CellStatus cell = new CellStatus();
    cell.name = "speculation-original-wins";
    cell.operation = "append";
    cell.build = build;
    cell.repetitions = 10;
    cell.passed = passed;
    cell.failed = 10 - passed;
    cell.findings = new LinkedHashMap<>(findings);
    return cell;
  }

  private static SchedulerFailureTestStatus status(CellStatus baseline, CellStatus candidate) {
    SchedulerFailureTestStatus status = new SchedulerFailureTestStatus();
    status.runId = "nightly-r1-abcd";
    status.cells.add(baseline);
    status.cells.add(candidate);
    return status;
  }

  @Test
  void theSameKeptFindingsAreTheSameWhenNothingWasCut() {
    BuildComparison comparison = BuildCellComparison.of(status(cell("baseline", 8, Map.of(RACE, 2)),
        cell("candidate", 8, Map.of(RACE, 2))));
    assertThat(comparison.cells()).singleElement().satisfies(c -> assertThat(c.change()).isEqualTo(Change.same));
    assertThat(comparison.failed()).isFalse();
  }

  @Test
  void aCellWhoseFindingsTheStatusCutIsUndecidedAndFailsTheComparison() {
    CellStatus candidate = cell("candidate", 8, Map.of(RACE, 2));
    candidate.findingsOmitted = 3;

    BuildComparison comparison = BuildCellComparison.of(status(cell("baseline", 8, Map.of(RACE, 2)), candidate));

    assertThat(comparison.cells()).singleElement().satisfies(c -> {
      assertThat(c.change()).isEqualTo(Change.inconclusive);
      assertThat(c.failsComparison()).isTrue();
      assertThat(c.why()).contains("could not keep").contains("sft compare");
    });
    assertThat(comparison.failed()).isTrue();
  }

  @Test
  void theWriterSaysHowManyFindingsItsBoundDropsAndTheBudgetSaysWhenItDropsThemAll() {
    Map<String, Integer> many = new LinkedHashMap<>();
    for (int i = 0; i < StatusBounds.CELL_FINDINGS + 4; i++) {
      many.put("storage/rule-" + i, 1);
    }
    SchedulerFailureTestStatus status = status(cell("baseline", 0, many), cell("candidate", 0, Map.of(RACE, 1)));

    StatusWriter.fit(status, new KubernetesSerialization());

    assertThat(status.cells.get(0).findings).hasSize((int) StatusBounds.CELL_FINDINGS);
    assertThat(status.cells.get(0).findingsOmitted).isEqualTo(4);
    assertThat(status.cells.get(1).findingsOmitted).isNull();
    assertThat(BuildCellComparison.of(status).failed()).isTrue();

    StatusBudget.omitFindings(status.cells.get(1));
    assertThat(status.cells.get(1).findings).isNull();
    assertThat(status.cells.get(1).findingsOmitted).isEqualTo(1);
  }

  @Test
  void aPinnedCellIsComparedWithTheSamePinnedCellAndItsRaceAsAnInvariant() {
    String duplicate = "storage/files.no-orphans:" + Cause.DUPLICATE_RESULT;
    String pin = Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST.id();
    SchedulerFailureTestStatus status = status(shuffleLoss("baseline", null, Map.of()),
        shuffleLoss("candidate", null, Map.of()));
    status.cells.add(shuffleLoss("baseline", pin, Map.of(duplicate, 1)));
    status.cells.add(shuffleLoss("candidate", pin, Map.of()));

    BuildComparison comparison = BuildCellComparison.of(status);

    assertThat(comparison.cells()).extracting(BuildComparison.CellComparison::cell, c -> c.change())
        .containsExactly(tuple("executor-loss-shuffle-loss/append", Change.same),
            tuple("executor-loss-shuffle-loss/append (pinned " + pin + ")", Change.fixed));
    assertThat(comparison.failed()).isFalse();
    assertThat(BuildCellComparison.record(comparison).cells).extracting(c -> c.cell)
        .containsExactly("executor-loss-shuffle-loss/append", "executor-loss-shuffle-loss/append (pinned " + pin + ")");
  }

  @Test
  void aPinnedCellWhosePinTheCandidateNeverReachedFailsTheComparison() {
    String pin = Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST.id();
    CellStatus candidate = shuffleLoss("candidate", pin, Map.of());
    candidate.passed = 0;
    candidate.unknown = 1;
    candidate.environmentUnknown = 1;

    BuildComparison comparison = BuildCellComparison.of(status(shuffleLoss("baseline", pin,
        Map.of("storage/files.no-orphans:" + Cause.DUPLICATE_RESULT, 1)), candidate));

    assertThat(comparison.cells()).singleElement().satisfies(c -> {
      assertThat(c.change()).isEqualTo(Change.inconclusive);
      assertThat(c.why()).contains("pin not reached");
    });
    assertThat(comparison.failed()).isTrue();
  }

  /** One repetition of the shuffle-loss cell, passed unless it shows findings. */
  private static CellStatus shuffleLoss(String build, String pin, Map<String, Integer> findings) {
    CellStatus cell = new CellStatus();
    cell.name = "executor-loss-shuffle-loss";
    cell.operation = "append";
    cell.build = build;
    cell.pin = pin;
    cell.repetitions = 1;
    cell.passed = findings.isEmpty() ? 1 : 0;
    cell.failed = findings.isEmpty() ? 0 : 1;
    cell.findings = new LinkedHashMap<>(findings);
    return cell;
  }
}
