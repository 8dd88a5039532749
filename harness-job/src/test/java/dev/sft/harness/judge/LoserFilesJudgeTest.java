package dev.sft.harness.judge;

import static dev.sft.harness.judge.Evidence.attempt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.AbortObservation;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.evidence.AttemptMarker;
import dev.sft.harness.evidence.CleanupWait;
import dev.sft.contract.Cause;
import dev.sft.contract.Check;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoserFilesJudgeTest {
  final AttemptIdentity loser = attempt(0, 15, 1, "2");
  final AttemptIdentity other = attempt(0, 150, 0, "1");
  static final String LOG = "executor log /w/2/stderr from byte 10: WARN Tasks: Interrupted while waiting";
  /** The wait before the audit: it ended 3.2 s after the loser's abort returned. */
  static final CleanupWait.Outcome WAITED = new CleanupWait.Outcome(List.of(), 6, 3_206, "its abort returned");

  Checks judge(Optional<AttemptMarker> abort, List<String> orphans) {
    Checks checks = new Checks();
    LoserFilesJudge.judge(checks, loser, abort, orphans, LOG, WAITED);
    return checks;
  }

  static Optional<AttemptMarker> abort(AttemptIdentity who, AbortObservation seen) {
    return Optional.of(new AttemptMarker("aborted", who, List.of(), 6, "another attempt succeeded", null, seen));
  }

  @Test
  void aLoserWithNoFileOnStoragePassesWhateverElseIsOrphaned() {
    Checks checks = judge(abort(loser, new AbortObservation(true, true, null, 0)),
        List.of(Evidence.file(other, 1), "/data/00000-150-x.parquet"));
    assertThat(Verdicts.of(checks, LoserFilesJudge.RULE)).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.detail(checks, LoserFilesJudge.RULE))
        .endsWith("left no file on storage; thread interrupted when abort() began: yes, when it returned: yes");
  }

  @Test
  void filesLeftAfterAnInterruptedAbortFailStorageNamingTheCauseAndTheLogInOneLine() {
    List<String> left = List.of(Evidence.file(loser, 1), Evidence.file(loser, 2), Evidence.file(loser, 3),
        Evidence.file(loser, 4));
    Checks checks = judge(abort(loser, new AbortObservation(true, false, "/w/2/stderr", 10)), left);
    assertThat(Verdicts.of(checks, LoserFilesJudge.RULE)).isEqualTo(Verdict.Failed);
    assertThat(checks.verdict("storage")).isEqualTo(Verdict.Failed);
    String detail = Verdicts.detail(checks, LoserFilesJudge.RULE);
    assertThat(detail).doesNotContain("\n")
        .contains("TID 15", "ran an interrupted abort (thread interrupted when abort() began: yes, when it returned:"
            + " no;", "left 4 file(s), still on storage 3.2 s after its abort returned (",
            "00000-15-op-00001.parquet", "… 1 more", LOG)
        .doesNotContain("00000-15-op-00004.parquet");
    assertThat(loserCheck(checks).causes()).containsExactly(Cause.LOSER_INTERRUPTED_ABORT);
  }

  @Test
  void anInterruptThatArrivesDuringTheAbortIsAnInterruptedAbortToo() {
    // Spark's second interrupt ("Stage cancelled: Stage finished") can land after abort() began.
    Checks checks = judge(abort(loser, new AbortObservation(false, true, null, 0)), List.of(Evidence.file(loser, 1)));
    assertThat(Verdicts.detail(checks, LoserFilesJudge.RULE)).contains(LoserFilesJudge.INTERRUPTED_ABORT,
        "thread interrupted when abort() began: no, when it returned: yes");
    assertThat(loserCheck(checks).causes()).containsExactly(Cause.LOSER_INTERRUPTED_ABORT);
  }

  @Test
  void filesLeftAfterAnAbortThatWasNotInterruptedDoNotBlameTheInterrupt() {
    Checks checks = judge(abort(loser, new AbortObservation(false, false, null, 0)), List.of(Evidence.file(loser, 1)));
    assertThat(Verdicts.of(checks, LoserFilesJudge.RULE)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, LoserFilesJudge.RULE)).contains("ran its abort() without an interrupt")
        .doesNotContain(LoserFilesJudge.INTERRUPTED_ABORT);
    assertThat(loserCheck(checks).causes()).containsExactly(Cause.LOSER_ABORT_LEFT_FILES);
  }

  @Test
  void filesOfALoserThatNeverAbortedFail() {
    Checks checks = judge(Optional.empty(), List.of(Evidence.file(loser, 1)));
    assertThat(Verdicts.of(checks, LoserFilesJudge.RULE)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(checks, LoserFilesJudge.RULE)).contains("never ran its abort");
    assertThat(loserCheck(checks).causes()).containsExactly(Cause.LOSER_NEVER_ABORTED);
  }

  @Test
  void ownershipIsByTheAttemptsExactNamePrefix() {
    // TID 150's files start with "00000-150-", which is not TID 15's prefix "00000-15-".
    Checks checks = judge(abort(loser, null), List.of(Evidence.file(other, 1)));
    assertThat(Verdicts.of(checks, LoserFilesJudge.RULE)).isEqualTo(Verdict.Passed);
    assertThat(loserCheck(checks).causes()).as("a passed check names no cause").isEmpty();
  }

  @Test
  void filesLeftAfterAnAbortWhoseInterruptStateWasNotSeenFailWithoutBlamingTheInterrupt() {
    Checks checks = judge(abort(loser, null), List.of(Evidence.file(loser, 1)));
    assertThat(Verdicts.detail(checks, LoserFilesJudge.RULE)).contains("the probe saw no interrupt state")
        .doesNotContain(LoserFilesJudge.INTERRUPTED_ABORT);
    assertThat(loserCheck(checks).causes()).containsExactly(Cause.LOSER_ABORT_LEFT_FILES);
  }

  static Check loserCheck(Checks checks) {
    return checks.all().stream().filter(c -> c.rule().equals(LoserFilesJudge.RULE)).findFirst().orElseThrow();
  }
}
