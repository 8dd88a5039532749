package dev.sft.harness.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Verdict;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.probe.AttemptIdentity;
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
  static KillProof.KillRun noRecord() {
    return new KillProof.KillRun(1_001, 1_003, 30_000, "/run/kill-command.log", Optional.empty());
  }

  static Verdict proof(KillProof.KillRun run, Events events) {
    Checks checks = new Checks();
    KillProof.judge(checks, TARGET, run, events.history());
    return Verdicts.of(checks, KillProof.RULE);
  }

  @Test
  void sftsOwnRecordIsTheProofWhereThereIsOne() {
    Events events = new Events().start(10, 3, 0, 0, 0, "5", false);
    assertThat(proof(new KillProof.KillRun(0, 1, 1, "log", Optional.of(record(0, 5L))), events))
        .isEqualTo(Verdict.Passed);
    assertThat(proof(new KillProof.KillRun(0, 1, 1, "log", Optional.of(record(0, null))), events))
        .as("exit not observed").isEqualTo(Verdict.Failed);
    assertThat(proof(new KillProof.KillRun(0, 1, 1, "log", Optional.of(record(3, null))), events))
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
    assertThat(proof(new KillProof.KillRun(1_002, 1_003, 30_000, "log", Optional.empty()),
        new Events().start(10, 3, 0, 0, 0, "5", false).removed("5")))
        .as("removed before the command started").isEqualTo(Verdict.Failed);
    assertThat(proof(new KillProof.KillRun(1_000, 1_000, 0, "log", Optional.empty()),
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
}
