package dev.sft.harness.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sft.contract.Cause;
import dev.sft.contract.Pin;
import dev.sft.contract.ScenarioName;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pin a replay runs under and the findings it must show, decided from the evidence. */
class ReplayTargetTest {
  @TempDir
  Path tmp;

  private ReplayTarget target(ReplayFolders folders) {
    return ReplayTarget.of(ReplaySource.read(folders.write()));
  }

  @Test
  void theLosersInterruptedAbortReplaysUnderTheLoserPin() {
    ReplayTarget target = target(new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT)
        .failed("files.no-orphans", Cause.LOSER_INTERRUPTED_ABORT));
    assertThat(target.pin()).isEqualTo(Pin.LOSER_ABORT_INTERRUPTED);
    assertThat(target.findings()).containsExactly("storage/files.no-orphans:loser-interrupted-abort",
        ReplayFolders.LOSER_FINDING);
  }

  @Test
  void aDuplicateTheOldStageAttemptWonReplaysOldFirst() {
    ReplayTarget target = target(new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)
        .failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT).duplicate(0));
    assertThat(target.pin()).isEqualTo(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST);
    assertThat(target.findings()).containsExactly(ReplayFolders.DUPLICATE_FINDING);
  }

  @Test
  void aDuplicateTheReexecutedAttemptWonReplaysNewFirst() {
    ReplayTarget target = target(new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)
        .failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT).duplicate(1));
    assertThat(target.pin()).isEqualTo(Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST);
  }

  @Test
  void aPinnedRepetitionReplaysUnderItsOwnPinWhateverItsMarkersShow() {
    ReplayTarget target = target(new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)
        .pinned(Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST)
        .failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT).duplicate(0));
    assertThat(target.pin()).isEqualTo(Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST);
    assertThat(target.findings()).containsExactly(ReplayFolders.DUPLICATE_FINDING);
  }

  @Test
  void aPinnedRepetitionThatFoundAnotherRaceThanItsPinsIsNotReplayed() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)
        .pinned(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST).failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT);
    assertThatThrownBy(() -> target(folders)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ran under pin shuffle-loss-old-attempt-first, which reproduces duplicate-result")
        .hasMessageContaining(ReplayFolders.LOSER_FINDING);
  }

  @Test
  void aRepetitionThatPassedHasNothingToReproduce() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS);
    assertThatThrownBy(() -> target(folders)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("speculation-original-wins/append r3 of run " + ReplayFolders.RUN_ID)
        .hasMessageContaining("found nothing (Passed), so there is nothing to reproduce");
  }

  @Test
  void aPinnedRepetitionWhosePinWasNotReachedHasNothingToReproduce() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.SPECULATION_ORIGINAL_WINS)
        .pinned(Pin.LOSER_ABORT_INTERRUPTED).pinNotReached();
    assertThatThrownBy(() -> target(folders)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("found nothing (Unknown)");
  }

  @Test
  void aFindingNoPinReproducesListsThePinsAndWhatTheyReproduce() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_TASK_REPLACEMENT)
        .failed("files.orphans-known-rejected", Cause.ATTEMPT_FAILED);
    assertThatThrownBy(() -> target(folders)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no pin reproduces what executor-loss-task-replacement/append r3")
        .hasMessageContaining("storage/files.orphans-known-rejected:attempt-failed")
        .hasMessageContaining("loser-abort-interrupted (scenario speculation-original-wins,"
            + "speculation-speculative-wins) reproduces loser-interrupted-abort")
        .hasMessageContaining("shuffle-loss-new-attempt-first (scenario executor-loss-shuffle-loss) reproduces"
            + " duplicate-result")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aRaceInAScenarioItsPinDoesNotHoldIsNotReplayed() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)
        .failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT);
    assertThatThrownBy(() -> target(folders)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no pin reproduces what executor-loss-shuffle-loss/append r3");
  }

  @Test
  void aDuplicateWhoseOrderTheEvidenceDoesNotShowIsNotGuessed() {
    ReplayFolders folders = new ReplayFolders(tmp, ScenarioName.EXECUTOR_LOSS_SHUFFLE_LOSS)
        .failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT);
    assertThatThrownBy(() -> target(folders)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not say which attempt reached the driver first")
        .hasMessageContaining(List.of(Pin.SHUFFLE_LOSS_OLD_ATTEMPT_FIRST, Pin.SHUFFLE_LOSS_NEW_ATTEMPT_FIRST)
            .toString());
  }
}
