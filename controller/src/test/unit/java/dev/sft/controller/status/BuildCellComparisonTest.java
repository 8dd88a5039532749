package dev.sft.controller.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTestStatus;
import dev.sft.api.SchedulerFailureTestStatus.CellStatus;
import dev.sft.api.StatusBounds;
import dev.sft.contract.BuildComparison;
import dev.sft.contract.BuildComparison.Change;
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
}
