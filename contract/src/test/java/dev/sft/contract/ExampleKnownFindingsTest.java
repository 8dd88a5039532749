package dev.sft.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code examples/known-findings.json}, the list {@code sft local} ships for its Iceberg runtime: it acknowledges
 * exactly the three Iceberg 1.11 findings (the interrupted abort of a killed attempt, the shuffle loss's duplicate
 * result, the merged deletion vectors) and refuses every other failure of the same rules.
 */
class ExampleKnownFindingsTest {
  private static final KnownFindings SHIPPED = read();

  private static KnownFindings read() {
    Path example = Path.of("..", "examples", "known-findings.json");
    try {
      return KnownFindings.parse(Files.readString(example), example.toString());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One repetition of {@code scenario} under {@code operation} failing storage by exactly these checks. */
  private static ScenarioResult failing(String scenario, String operation, Check... checks) {
    return ScenarioResult.judged(scenario, WriteOperation.fromId(operation), 1, Verdict.Passed, Verdict.Failed,
        ScenarioResult.Counts.NOT_MEASURED, 1_000, "/shared/run/cell", "msg", List.of(checks));
  }

  private static Check failed(String rule, String... causes) {
    return new Check(Check.STORAGE, rule, Verdict.Failed, rule + " failed", List.of(causes));
  }

  private static Verdict storage(String writer, ScenarioResult result) {
    return SHIPPED.classify(writer, result).storage();
  }

  @Test
  void acceptsTheSpeculativeLosersInterruptedAbortInBothSpeculationScenarios() {
    for (String scenario : List.of("speculation-original-wins", "speculation-speculative-wins")) {
      for (String operation : List.of("append", "merge-dv")) {
        assertThat(storage("iceberg", failing(scenario, operation,
            failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT),
            failed("files.no-orphans", Cause.LOSER_INTERRUPTED_ABORT))))
            .as(scenario + "/" + operation).isEqualTo(Verdict.Known);
      }
    }
  }

  @Test
  void acceptsTheShuffleLossDuplicateDroppedOrKilled() {
    assertThat(storage("iceberg", failing("executor-loss-shuffle-loss", "append",
        failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT)))).isEqualTo(Verdict.Known);
    // Spark drops a duplicate result and no abort runs for it, whichever writer wrote its files: Comet's native too.
    assertThat(storage("comet-native", failing("executor-loss-shuffle-loss", "append",
        failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT)))).isEqualTo(Verdict.Known);
    assertThat(storage("iceberg", failing("executor-loss-shuffle-loss", "update-mor",
        failed("files.orphans-known-rejected", Cause.LOSER_INTERRUPTED_ABORT)))).isEqualTo(Verdict.Known);
    assertThat(storage("iceberg", failing("executor-loss-shuffle-loss", "append",
        failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT, Cause.LOSER_INTERRUPTED_ABORT))))
        .as("both at once: each cause by its own entry").isEqualTo(Verdict.Known);
  }

  @Test
  void acceptsTheMergedDeletionVectorsInEveryCellOfMergeDvIncludingTheControl() {
    for (String scenario : List.of("control-executor-loss", "executor-loss-task-replacement", "executor-loss-shuffle-loss",
        "speculation-original-wins")) {
      for (String operation : List.of("merge-dv", "merge-dv-partitioned")) {
        assertThat(storage("iceberg", failing(scenario, operation,
            failed("delete-files.accepted-not-superseded", Cause.MERGED_DELETION_VECTORS))))
            .as(scenario + "/" + operation).isEqualTo(Verdict.Known);
      }
    }
  }

  @Test
  void rejectsAStrayOrphanThatNoAttemptWrote() {
    assertThat(storage("iceberg", failing("speculation-original-wins", "append",
        failed("files.no-orphans", Cause.NO_ATTEMPT_WROTE_IT)))).isEqualTo(Verdict.Failed);
    assertThat(storage("iceberg", failing("executor-loss-shuffle-loss", "append",
        failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT, Cause.NO_ATTEMPT_WROTE_IT))))
        .as("an acknowledged cause beside it does not cover it").isEqualTo(Verdict.Failed);
  }

  @Test
  void rejectsAWinnersStrayFile() {
    assertThat(storage("iceberg", failing("executor-loss-shuffle-loss", "append",
        failed("files.orphans-known-rejected", Cause.WINNER_FILE_UNREFERENCED)))).isEqualTo(Verdict.Failed);
    assertThat(storage("iceberg", failing("control-shuffle-loss", "merge-dv",
        failed("delete-files.accepted-not-superseded", Cause.MERGED_DELETION_VECTORS,
            Cause.WINNER_FILE_UNREFERENCED)))).isEqualTo(Verdict.Failed);
  }

  @Test
  void rejectsAnOrphanInTheControlCell() {
    for (String cause : List.of(Cause.LOSER_INTERRUPTED_ABORT, Cause.DUPLICATE_RESULT)) {
      assertThat(storage("iceberg", failing("control-speculation", "append", failed("files.no-orphans", cause))))
          .as(cause).isEqualTo(Verdict.Failed);
    }
  }

  @Test
  void rejectsALoserWhoseAbortRanUninterruptedAndStillLeftFiles() {
    assertThat(storage("iceberg", failing("speculation-speculative-wins", "append",
        failed("loser.no-files-left", Cause.LOSER_ABORT_LEFT_FILES),
        failed("files.no-orphans", Cause.LOSER_ABORT_LEFT_FILES)))).isEqualTo(Verdict.Failed);
    assertThat(storage("iceberg", failing("speculation-speculative-wins", "append",
        failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT),
        failed("files.no-orphans", Cause.LOSER_ABORT_LEFT_FILES, Cause.LOSER_INTERRUPTED_ABORT))))
        .as("never covered by widening: one uninterrupted abort among interrupted ones").isEqualTo(Verdict.Failed);
    assertThat(storage("iceberg", failing("executor-loss-shuffle-loss", "append",
        failed("files.orphans-known-rejected", Cause.LOSER_ABORT_LEFT_FILES)))).isEqualTo(Verdict.Failed);
  }

  @Test
  void rejectsTheFindingsWhereTheyDoNotBelong() {
    assertThat(storage("iceberg", failing("executor-loss-task-replacement", "append",
        failed("files.orphans-known-rejected", Cause.DUPLICATE_RESULT))))
        .as("the duplicate result was seen in the shuffle loss only").isEqualTo(Verdict.Failed);
    assertThat(storage("comet-native", failing("speculation-original-wins", "append",
        failed("loser.no-files-left", Cause.LOSER_INTERRUPTED_ABORT),
        failed("files.no-orphans", Cause.LOSER_INTERRUPTED_ABORT))))
        .as("another writer's finding is its own").isEqualTo(Verdict.Failed);
    assertThat(storage("iceberg", failing("speculation-original-wins", "append",
        failed("loser.no-files-left"), failed("files.no-orphans", Cause.LOSER_INTERRUPTED_ABORT))))
        .as("a check that names no cause is not matched by an entry that names causes").isEqualTo(Verdict.Failed);
    assertThat(storage("iceberg", failing("executor-loss-task-replacement", "merge-cow",
        failed("delete-files.accepted-not-superseded", Cause.MERGED_DELETION_VECTORS))))
        .as("merged deletion vectors are merge-dv's").isEqualTo(Verdict.Failed);
  }

  @Test
  void eachEntrySaysWhatItIs() {
    assertThat(SHIPPED.entries()).hasSize(5).allSatisfy(entry -> {
      assertThat(entry.cause()).isNotEmpty();
      // Iceberg's writer's findings, but the duplicate result: Spark drops it whichever writer wrote its files.
      assertThat(entry.writer()).isEqualTo(entry.cause().contains(Cause.DUPLICATE_RESULT) ? null
          : WriterName.ICEBERG.id());
      assertThat(entry.describe()).contains(Cause.words(entry.cause().get(0)));
    });
  }
}
