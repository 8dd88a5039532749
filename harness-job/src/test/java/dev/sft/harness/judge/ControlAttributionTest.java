package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import dev.sft.contract.FaultAttribution;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.contract.WriteOperation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failure cell's findings, counted by cause in the control repetitions of its family and operation. */
class ControlAttributionTest {
  private static final WriteOperation MERGE_DV = WriteOperation.fromId("merge-dv");
  private static final WriteOperation APPEND = WriteOperation.DEFAULT;

  private static ScenarioResult cell(String name, WriteOperation operation, int repetition, Verdict storage,
      Check... checks) {
    return ScenarioResult.judged(name, operation, repetition, Verdict.Passed, storage,
        ScenarioResult.Counts.NOT_MEASURED, 1, "/e/" + name + repetition, "m", List.of(checks));
  }

  private static Check storage(String rule, Verdict verdict, String... causes) {
    return new Check(Check.STORAGE, rule, verdict, rule + " detail", List.of(causes));
  }

  /** {@code n} control repetitions, the first {@code failing} of them failing {@code rule} by {@code cause}. */
  private static List<ScenarioResult> controls(String control, WriteOperation operation, int n, int failing,
      String rule, String cause) {
    List<ScenarioResult> controls = new ArrayList<>();
    for (int r = 1; r <= n; r++) {
      controls.add(r <= failing ? cell(control, operation, r, Verdict.Failed, storage(rule, Verdict.Failed, cause))
          : cell(control, operation, r, Verdict.Passed, storage(rule, Verdict.Passed)));
    }
    return controls;
  }

  private static List<FaultAttribution> attributionsOf(ScenarioResult attributed, String rule) {
    return attributed.checks().stream().filter(c -> c.rule().equals(rule)).findFirst().orElseThrow().attributions();
  }

  @Test
  void eachCauseIsCountedInTheControlRunsOfItsFamilyKOfN() {
    List<ScenarioResult> controls = controls("control-speculation", APPEND, 3, 2, "files.no-orphans",
        Cause.LOSER_INTERRUPTED_ABORT);
    ScenarioResult race = cell("speculation-original-wins", APPEND, 1, Verdict.Failed,
        storage("files.no-orphans", Verdict.Failed, Cause.LOSER_INTERRUPTED_ABORT, Cause.NO_ATTEMPT_WROTE_IT),
        storage("rows.exact", Verdict.Passed));
    List<ScenarioResult> all = new ArrayList<>(controls);
    all.add(race);

    ScenarioResult attributed = ControlAttribution.attribute(all, all).get(3);

    assertThat(attributionsOf(attributed, "files.no-orphans")).containsExactly(
        new FaultAttribution(Cause.LOSER_INTERRUPTED_ABORT, 2, 3), new FaultAttribution(Cause.NO_ATTEMPT_WROTE_IT, 0, 3));
    assertThat(attributionsOf(attributed, "rows.exact")).as("a passed check is not attributed").isEmpty();
    assertThat(attributed.message()).startsWith("also without a fault (2 of 3 control runs): files.no-orphans:"
        + "loser-interrupted-abort; not seen in 3 control runs: files.no-orphans:no-attempt-wrote-it (control"
        + " control-speculation/append); ");
    assertThat(attributed.storage()).as("a count, never a pass").isEqualTo(Verdict.Failed);
    assertThat(ControlAttribution.attribute(all, all).subList(0, 3)).as("the controls themselves are not attributed")
        .isEqualTo(controls);
  }

  @Test
  void aControlsOtherCauseOfTheSameRuleIsNotTheSameFinding() {
    List<ScenarioResult> controls = controls("control-speculation", APPEND, 2, 2, "files.no-orphans",
        Cause.NO_ATTEMPT_WROTE_IT);
    ScenarioResult race = cell("speculation-speculative-wins", APPEND, 1, Verdict.Failed,
        storage("files.no-orphans", Verdict.Failed, Cause.LOSER_INTERRUPTED_ABORT));

    ScenarioResult attributed = ControlAttribution.attribute(List.of(race), controls).get(0);

    assertThat(attributionsOf(attributed, "files.no-orphans"))
        .containsExactly(new FaultAttribution(Cause.LOSER_INTERRUPTED_ABORT, 0, 2));
    assertThat(attributed.message()).startsWith("not seen in 2 control runs: files.no-orphans:loser-interrupted-abort");
  }

  @Test
  void theLossOrphanRuleIsTheControlsNoOrphansAndARuleWithoutCausesIsCountedByRule() {
    List<ScenarioResult> controls = new ArrayList<>(controls("control-executor-loss", MERGE_DV, 2, 1,
        "files.no-orphans", Cause.MERGED_DELETION_VECTORS));
    controls.add(cell("control-executor-loss", MERGE_DV, 3, Verdict.Failed,
        storage("delete-files.accepted-not-superseded", Verdict.Failed), storage("files.no-orphans", Verdict.Passed)));
    ScenarioResult loss = cell("executor-loss-after-handoff", MERGE_DV, 1, Verdict.Failed,
        storage("files.orphans-known-rejected", Verdict.Failed, Cause.MERGED_DELETION_VECTORS),
        storage("delete-files.accepted-not-superseded", Verdict.Failed), storage("rows.exact", Verdict.Failed));

    ScenarioResult attributed = ControlAttribution.attribute(List.of(loss), controls).get(0);

    assertThat(attributed.checks()).extracting(Check::rule, Check::attributions).containsExactly(
        tuple("files.orphans-known-rejected", List.of(new FaultAttribution(Cause.MERGED_DELETION_VECTORS, 1, 3))),
        tuple("delete-files.accepted-not-superseded", List.of(new FaultAttribution(null, 1, 3))),
        tuple("rows.exact", List.of(new FaultAttribution(null, 0, 3))));
  }

  @Test
  void differentFamiliesAndOperationsAreNotComparedAndAnUnjudgedControlDoesNotCount() {
    // Shuffle loss's control writes through a shuffle stage: the executor-loss control's finding is not its own.
    List<ScenarioResult> controls = new ArrayList<>(controls("control-executor-loss", APPEND, 3, 3,
        "files.no-orphans", Cause.NO_ATTEMPT_WROTE_IT));
    controls.addAll(controls("control-shuffle-loss", MERGE_DV, 2, 2, "files.no-orphans", Cause.NO_ATTEMPT_WROTE_IT));
    ScenarioResult shuffle = cell("executor-loss-shuffle-loss", APPEND, 1, Verdict.Failed,
        storage("files.orphans-known-rejected", Verdict.Failed, Cause.NO_ATTEMPT_WROTE_IT));

    ScenarioResult notComparable = ControlAttribution.attribute(List.of(shuffle), controls).get(0);
    assertThat(attributionsOf(notComparable, "files.orphans-known-rejected"))
        .containsExactly(new FaultAttribution(Cause.NO_ATTEMPT_WROTE_IT, 0, 0));
    assertThat(notComparable.message()).startsWith("control not comparable: files.orphans-known-rejected:"
        + "no-attempt-wrote-it (control control-shuffle-loss/append)");

    ScenarioResult unjudged = cell("control-shuffle-loss", APPEND, 1, Verdict.Unknown,
        storage("files.no-orphans", Verdict.Failed, Cause.NO_ATTEMPT_WROTE_IT));
    ScenarioResult judgedOnce = cell("control-shuffle-loss", APPEND, 2, Verdict.Passed,
        storage("files.no-orphans", Verdict.Passed));
    assertThat(attributionsOf(ControlAttribution.attribute(List.of(shuffle), List.of(unjudged, judgedOnce)).get(0),
        "files.orphans-known-rejected")).as("an Unknown control is no evidence either way")
        .containsExactly(new FaultAttribution(Cause.NO_ATTEMPT_WROTE_IT, 0, 1));
  }

  @Test
  void aRunWithoutControlsAndPassedCellsAreLeftAsTheyAre() {
    ScenarioResult failed = cell("executor-loss-task-replacement", APPEND, 1, Verdict.Failed,
        storage("rows.exact", Verdict.Failed));
    assertThat(ControlAttribution.attribute(List.of(failed), List.of(failed))).containsExactly(failed);

    ScenarioResult passed = cell("executor-loss-task-replacement", APPEND, 1, Verdict.Passed,
        storage("files.orphans-known-rejected", Verdict.Passed));
    assertThat(ControlAttribution.attribute(List.of(passed), controls("control-executor-loss", APPEND, 1, 0,
        "files.no-orphans", null))).containsExactly(passed);
  }
}
