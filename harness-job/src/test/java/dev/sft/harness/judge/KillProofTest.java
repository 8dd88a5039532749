package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.evidence.AttemptIdentity;
import dev.sft.harness.kill.KillRecord;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The kill's proof: sft's record where there is one, else what the scheduler saw, never a bare exit code. */
class KillProofTest {
  static final AttemptIdentity TARGET = new AttemptIdentity(3, 0, 0, 10, 0, "5", "host-5", 110);

  static KillRecord record(int exitCode, Long exitObserved) {
    return new KillRecord("local", "h", null, null, 110, "5", "CoarseGrainedExecutorBackend", "killed", exitCode,
        null, 1L, exitObserved, "gone", 0, 2);
  }

  /** The command ran from the first event's time to the third's; events are 1 ms apart from 1,000. */
  static KillProof.KillCall noRecord() {
    return new KillProof.KillCall(1_001, 1_003, 30_000, "/run/kill-command.log", Optional.empty());
  }

  static Verdict proof(KillProof.KillCall call, Events events) {
    Checks checks = new Checks();
    KillProof.judge(checks, TARGET, call, events.history());
    return Verdicts.of(checks, KillProof.RULE);
  }

  @Test
  void sftsOwnRecordIsTheProofWhereThereIsOne() {
    Events events = new Events().start(10, 3, 0, 0, 0, "5", false);
    assertThat(proof(new KillProof.KillCall(0, 1, 1, "log", Optional.of(record(0, 5L))), events))
        .isEqualTo(Verdict.Passed);
    assertThat(proof(new KillProof.KillCall(0, 1, 1, "log", Optional.of(record(0, null))), events))
        .as("exit not observed").isEqualTo(Verdict.Failed);
    assertThat(proof(new KillProof.KillCall(0, 1, 1, "log", Optional.of(record(3, null))), events))
        .as("refused").isEqualTo(Verdict.Failed);
  }

  @Test
  void anotherCommandIsProvenByTheNamedExecutorsSigkillRemovalAlone() {
    Events events = new Events().start(10, 3, 0, 0, 0, "5", false).removed("5");
    Checks checks = new Checks();
    KillProof.judge(checks, TARGET, noRecord(), events.history());
    assertThat(Verdicts.of(checks, KillProof.RULE)).isEqualTo(Verdict.Passed);
    assertThat(Verdicts.detail(checks, KillProof.RULE)).contains("judged from the scheduler's events")
        .contains("/run/kill-command.log").contains("Command exited with code 137");
  }

  @Test
  void theWrongExecutorOrAnotherRemovalOrNoSigkillIsNoProof() {
    assertThat(proof(noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false).start(11, 3, 0, 1, 0, "4", false)
        .removed("4"))).as("the wrong executor killed").isEqualTo(Verdict.Failed);
    assertThat(proof(noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false).removed("5").removed("4")))
        .as("another executor removed in the window too").isEqualTo(Verdict.Failed);
    assertThat(proof(noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false)))
        .as("nothing removed").isEqualTo(Verdict.Failed);
    assertThat(proof(new KillProof.KillCall(1_002, 1_003, 30_000, "log", Optional.empty()),
        new Events().start(10, 3, 0, 0, 0, "5", false).removed("5")))
        .as("removed before the command started").isEqualTo(Verdict.Failed);
    assertThat(proof(new KillProof.KillCall(1_000, 1_000, 0, "log", Optional.empty()),
        new Events().start(10, 3, 0, 0, 0, "5", false).removed("5")))
        .as("removed after the window closed").isEqualTo(Verdict.Failed);
  }

  @Test
  void anExecutorOnAnotherHostThanTheNamedOneIsNoProof() {
    AttemptIdentity namedElsewhere = new AttemptIdentity(3, 0, 0, 10, 0, "5", "host-9", 110);
    Checks checks = new Checks();
    KillProof.judge(checks, namedElsewhere, noRecord(),
        new Events().start(10, 3, 0, 0, 0, "5", false).removed("5").history());
    assertThat(Verdicts.of(checks, KillProof.RULE)).isEqualTo(Verdict.Failed);
  }

  @Test
  void theDetailSaysWhatTheSchedulerSawAndWhen() {
    Checks checks = new Checks();
    KillProof.judge(checks, TARGET, noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false).removed("5").history());
    assertThat(Verdicts.detail(checks, KillProof.RULE)).isEqualTo("no sft kill record, so judged from the scheduler's"
        + " events: executor 5 removed 0 ms after the command started (it returned after 2 ms), reason 'Command exited"
        + " with code 137'; its host in the scheduler host-5, named host host-5; other executors removed meanwhile: [];"
        + " the command's output: /run/kill-command.log");

    Checks notSigkill = new Checks();
    KillProof.judge(notSigkill, TARGET, noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false)
        .removed("5", "Command exited with code 1").history());
    assertThat(Verdicts.of(notSigkill, KillProof.RULE)).isEqualTo(Verdict.Failed);
    assertThat(Verdicts.detail(notSigkill, KillProof.RULE)).contains(", not a SIGKILL exit (exited with code 137)");

    Checks noReason = new Checks();
    KillProof.judge(noReason, TARGET, noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false)
        .removed("5", null).history());
    assertThat(Verdicts.of(noReason, KillProof.RULE)).isEqualTo(Verdict.Failed);

    Checks wrong = new Checks();
    KillProof.judge(wrong, TARGET, noRecord(), new Events().start(10, 3, 0, 0, 0, "5", false).removed("4").history());
    assertThat(Verdicts.detail(wrong, KillProof.RULE)).contains("executor 5 not removed")
        .contains("other executors removed meanwhile: [4]");
  }

  @Test
  void onlyRemovalsCountAndTheExecutorsOwnHostDecides() {
    // Another executor's task in the window is no removal; another executor's host is not the target's.
    assertThat(proof(noRecord(), new Events().start(11, 3, 0, 1, 0, "4", false).start(10, 3, 0, 0, 0, "5", false)
        .removed("5"))).isEqualTo(Verdict.Passed);
    assertThat(proof(new KillProof.KillCall(1_001, 1_001, 0, "log", Optional.empty()),
        new Events().start(10, 3, 0, 0, 0, "5", false).removed("5")))
        .as("removed at the very instant the command started and returned").isEqualTo(Verdict.Passed);
  }

  @Test
  void sftsRecordSaysItsReasonAndNeverNull() {
    Checks plain = new Checks();
    KillProof.judge(plain, TARGET, new KillProof.KillCall(0, 1, 1, "log", Optional.of(record(0, 5L))),
        new Events().history());
    assertThat(Verdicts.detail(plain, KillProof.RULE)).doesNotContain("null");
    Checks refused = new Checks();
    KillRecord withReason = new KillRecord("local", "h", null, null, 110, "5", "x", "refused", 3,
        "process 110 is executor '4', not '5'", null, null, null, 0, 2);
    KillProof.judge(refused, TARGET, new KillProof.KillCall(0, 1, 1, "log", Optional.of(withReason)),
        new Events().history());
    assertThat(Verdicts.detail(refused, KillProof.RULE)).endsWith(", process 110 is executor '4', not '5'");
  }
}
