package dev.sft.harness.scenario;

import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.evidence.Markers;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.kill.Killer;
import dev.sft.harness.probe.AttemptIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Calls the user's kill command with the contract's four arguments, bounded, keeping its output as evidence. The
 * command may be sft's own ({@code sft kill}) or any executable honouring {@code HOST PID EXECUTOR_ID
 * RUN_DIRECTORY}.
 */
final class KillInvoker {
  /** The command's exit code and, when it wrote one, sft's kill record. */
  record Outcome(int exitCode, Optional<KillRecord> record, Path log) {}

  private KillInvoker() {}

  static Outcome kill(String killCommand, AttemptIdentity target, Path runDirectory, Duration bound) {
    if (killCommand == null) {
      throw new IllegalStateException("no kill command configured (--kill-command or COMET_SCHEDULER_KILL_COMMAND)");
    }
    Path log = runDirectory.resolve(EvidenceLayout.KILL_COMMAND_LOG);
    List<String> command = List.of(killCommand, target.host(), String.valueOf(target.pid()), target.executorId(),
        runDirectory.toString());
    try {
      Process process = new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("kill command " + command + " did not finish within " + bound.toSeconds()
            + " s; see " + log);
      }
      return new Outcome(process.exitValue(), record(runDirectory, target), log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run kill command " + killCommand, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running the kill command", e);
    }
  }

  private static Optional<KillRecord> record(Path runDirectory, AttemptIdentity target) {
    return Markers.readAll(runDirectory.resolve(Killer.RECORDS), KillRecord.class).stream()
        .filter(r -> r.pid() == target.pid() && r.executorId().equals(target.executorId()))
        .reduce((first, second) -> second);
  }
}
