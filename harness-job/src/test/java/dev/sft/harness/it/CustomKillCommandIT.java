package dev.sft.harness.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.Check;
import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Verdict;
import dev.sft.harness.judge.KillProof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/**
 * Kill commands that are not sft's, as users bring them (the reference suite's ssh helper is one): they write no sft
 * kill record, so the kill is proven from what the scheduler saw. One checks {@code /proc/PID/cmdline} and sends
 * SIGKILL, and the scenario passes; one kills another executor than the one named, and the proof fails while the
 * loss the scenario did not make voids the cell.
 */
class CustomKillCommandIT {
  /** Kills PID with SIGKILL once its command line shows it is executor EXECUTOR_ID; refuses otherwise. */
  private static final String CHECKS_CMDLINE = """
      #!/bin/sh
      # HOST PID EXECUTOR_ID RUN_DIRECTORY
      cmdline=$(tr '\\0' ' ' < "/proc/$2/cmdline") || { echo "no process $2"; exit 3; }
      case "$cmdline" in
        *CoarseGrainedExecutorBackend*"--executor-id $3 "*) kill -KILL "$2" && echo "killed $2 (executor $3)" ;;
        *) echo "process $2 is not executor $3: $cmdline"; exit 3 ;;
      esac
      """;

  /** Kills an executor of the same application, but not the one named. */
  private static final String KILLS_ANOTHER = """
      #!/bin/sh
      app=$(tr '\\0' ' ' < "/proc/$2/cmdline" | sed -n 's/.*--app-id \\([^ ]*\\).*/\\1/p')
      for pid in $(pgrep -f "CoarseGrainedExecutorBackend.*--app-id $app"); do
        if [ "$pid" != "$2" ]; then kill -KILL "$pid" && echo "killed $pid instead of $2"; exit 0; fi
      done
      echo "no other executor of $app"; exit 3
      """;

  private static Path script(String name, String body) throws Exception {
    Path dir = Files.createTempDirectory("sft-kill-it");
    Path file = dir.resolve(name);
    Files.writeString(file, body);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  private static Check proof(ScenarioResult s) {
    return s.checks().stream().filter(c -> c.rule().equals(KillProof.RULE)).findFirst()
        .orElseThrow(() -> new AssertionError(s.cell() + " has no " + KillProof.RULE + ": " + s.checks()));
  }

  @Test
  void aCommandThatKillsTheNamedExecutorIsProvenFromTheSchedulersEvents() throws Exception {
    LocalRun run = LocalRun.run("custom-kill", "--scenarios", "executor-loss-task-replacement", "--timeout", "90",
        "--kill-command", script("kill-checking-cmdline", CHECKS_CMDLINE).toString());
    ScenarioResult s = run.scenario("executor-loss-task-replacement");
    assertThat(proof(s).verdict()).as(proof(s).detail()).isEqualTo(Verdict.Passed);
    assertThat(proof(s).detail()).contains("judged from the scheduler's events").contains("exited with code 137");
    assertThat(s.scheduler()).as(s.message()).isEqualTo(Verdict.Passed);
    assertThat(s.storage()).as(s.message()).isEqualTo(Verdict.Passed);
    assertThat(run.exitCode()).isZero();
  }

  @Test
  void aCommandThatKillsAnotherExecutorFailsTheProofAndTheCellIsVoid() throws Exception {
    LocalRun run = LocalRun.run("custom-kill-wrong", "--scenarios", "executor-loss-task-replacement",
        "--timeout", "30", "--kill-command", script("kill-another", KILLS_ANOTHER).toString());
    ScenarioResult s = run.scenario("executor-loss-task-replacement");
    assertThat(proof(s).verdict()).as(proof(s).detail()).isEqualTo(Verdict.Failed);
    assertThat(proof(s).detail()).contains("other executors removed meanwhile: [");
    // The loss of an executor the harness did not set out to kill is no verdict of the scenario's.
    assertThat(s.scheduler()).as(s.message()).isEqualTo(Verdict.Unknown);
    assertThat(s.storage()).as(s.message()).isEqualTo(Verdict.Unknown);
    assertThat(s.message()).contains("cluster.no-unplanned-loss");
    assertThat(run.exitCode()).isEqualTo(1);
  }
}
