package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.FaultAttribution;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failure cell's findings, set against the control cell of its operation. */
class ControlAttributionTest {
  private static final WriteOperation MERGE_DV = WriteOperation.fromId("merge-dv");

  private static ScenarioResult cell(String name, WriteOperation operation, Verdict storage, Check... checks) {
    return ScenarioResult.judged(name, operation, 1, Verdict.Passed, storage, ScenarioResult.Counts.NOT_MEASURED, 1,
        "/e/" + name, "storage/" + checks[0].rule() + " " + checks[0].verdict(), List.of(checks));
  }

  private static Check storage(String rule, Verdict verdict) {
    return new Check(Check.STORAGE, rule, verdict, rule + " detail");
  }

  @Test
  void aRuleTheControlFailsTooIsTheWritePathsAndOneItPassesOrLacksCameWithTheFault() {
    ScenarioResult control = cell("control", MERGE_DV, Verdict.Failed,
        storage("delete-files.accepted-not-superseded", Verdict.Failed), storage("files.no-orphans", Verdict.Failed),
        storage("rows.exact", Verdict.Passed));
    ScenarioResult loss = cell("executor-loss-task-replacement", MERGE_DV, Verdict.Failed,
        storage("delete-files.accepted-not-superseded", Verdict.Failed),
        storage("files.orphans-known-rejected", Verdict.Failed), storage("rows.exact", Verdict.Failed));
    ScenarioResult speculation = cell("speculation-original-wins", MERGE_DV, Verdict.Failed,
        storage("loser.no-files-left", Verdict.Failed));

    List<ScenarioResult> attributed = ControlAttribution.attribute(List.of(control, loss, speculation),
        List.of(control));

    assertThat(attributed.get(0)).as("the control itself is not attributed").isEqualTo(control);
    assertThat(attributed.get(1).checks()).extracting(Check::rule, Check::attribution).containsExactly(
        org.assertj.core.groups.Tuple.tuple("delete-files.accepted-not-superseded", FaultAttribution.ALSO_WITHOUT_FAULT),
        org.assertj.core.groups.Tuple.tuple("files.orphans-known-rejected", FaultAttribution.ALSO_WITHOUT_FAULT),
        org.assertj.core.groups.Tuple.tuple("rows.exact", FaultAttribution.ONLY_UNDER_FAULT));
    assertThat(attributed.get(1).message()).startsWith("also without a fault: delete-files.accepted-not-superseded,"
        + " files.orphans-known-rejected; only under this fault: rows.exact (control cell control/merge-dv); ");
    assertThat(attributed.get(2).checks()).extracting(Check::attribution)
        .containsExactly(FaultAttribution.ONLY_UNDER_FAULT);
  }

  @Test
  void withoutAControlOfTheSameOperationOrWithAnUnjudgedOneNothingIsClaimed() {
    ScenarioResult loss = cell("executor-loss-task-replacement", MERGE_DV, Verdict.Failed,
        storage("files.orphans-known-rejected", Verdict.Failed));
    ScenarioResult otherOperation = cell("control", WriteOperation.fromId("merge-dv-partitioned"), Verdict.Failed,
        storage("files.no-orphans", Verdict.Failed));
    assertThat(ControlAttribution.attribute(List.of(loss), List.of(otherOperation))).containsExactly(loss);

    ScenarioResult voided = cell("control", MERGE_DV, Verdict.Unknown, storage("files.no-orphans", Verdict.Failed));
    assertThat(ControlAttribution.attribute(List.of(loss), List.of(voided)).get(0).checks())
        .extracting(Check::attribution).containsExactly(FaultAttribution.CONTROL_NOT_JUDGED);
  }

  @Test
  void passedChecksAndPassedCellsAreLeftAsTheyAre() {
    ScenarioResult control = cell("control", MERGE_DV, Verdict.Passed, storage("files.no-orphans", Verdict.Passed));
    ScenarioResult passed = cell("executor-loss-shuffle-loss", MERGE_DV, Verdict.Passed,
        storage("files.orphans-known-rejected", Verdict.Passed));
    assertThat(ControlAttribution.attribute(List.of(passed), List.of(control))).containsExactly(passed);
  }

  @Test
  void onlyAControlCellIsAControlWhateverElseTheListHolds() {
    // As the driver passes them: every result of the run, the failure cells first.
    ScenarioResult loss = cell("executor-loss-task-replacement", MERGE_DV, Verdict.Failed,
        storage("rows.except-all", Verdict.Failed));
    ScenarioResult control = cell("control", MERGE_DV, Verdict.Passed, storage("rows.except-all", Verdict.Passed));
    assertThat(ControlAttribution.attribute(List.of(loss, control), List.of(loss, control)).get(0).checks())
        .extracting(Check::attribution).containsExactly(FaultAttribution.ONLY_UNDER_FAULT);
  }
}
