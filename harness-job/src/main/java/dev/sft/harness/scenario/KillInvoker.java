package dev.sft.harness.scenario;

import dev.sft.harness.judge.KillCommandCall;
import dev.sft.harness.evidence.EvidenceLayout;
import dev.sft.harness.judge.RecordedKill;
import dev.sft.harness.kill.KillRecord;
import dev.sft.harness.evidence.AttemptIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Calls the user's kill command with the contract's four arguments, bounded by its own kill time-out (not the gates'
 * bound), keeping its output as evidence. A command still running at the bound is ended together with every process
 * it started. The command may be sft's own ({@code sft kill}) or any executable honouring {@code HOST PID
 * EXECUTOR_ID RUN_DIRECTORY}.
 */
final class KillInvoker {
  /** How long the ended command and its children may take to go away. */
  private static final Duration END_GRACE = Duration.ofSeconds(10);

  /** The command's call as the evidence keeps it and, when it wrote one, sft's kill record. */
  record Outcome(KillCommandCall command, Optional<KillRecord> record) {
    int exitCode() {
      return command.exitCode();
    }

    /** The command did not finish within its bound and was ended. */
    boolean timedOut() {
      return command.timedOut();
    }

    boolean succeeded() {
      return command.succeeded();
    }

    String describe() {
      return command.describe();
    }
  }

  private KillInvoker() {}

  static Outcome kill(String killCommand, AttemptIdentity target, Path runDirectory, Duration bound) {
    if (killCommand == null) {
      throw new IllegalStateException("no kill command configured (--kill-command or COMET_SCHEDULER_KILL_COMMAND)");
    }
    Path log = runDirectory.resolve(EvidenceLayout.KILL_COMMAND_LOG);
    List<String> command = List.of(killCommand, target.host(), String.valueOf(target.pid()), target.executorId(),
        runDirectory.toString());
    long startedMs = System.currentTimeMillis();
    try {
      Process process = new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        endWithDescendants(process);
        return outcome(-1, true, bound, log, startedMs, System.currentTimeMillis(), runDirectory, target);
      }
      long returnedMs = System.currentTimeMillis();
      return outcome(process.exitValue(), false, bound, log, startedMs, returnedMs, runDirectory, target);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run kill command " + killCommand, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running the kill command", e);
    }
  }

  /** Ends the command and its children; the children are listed first, as they stop being descendants after. */
  private static void endWithDescendants(Process process) throws InterruptedException {
    List<ProcessHandle> tree = new java.util.ArrayList<>(process.descendants().toList());
    tree.add(process.toHandle());
    tree.forEach(ProcessHandle::destroyForcibly);
    long deadline = System.nanoTime() + END_GRACE.toNanos();
    for (ProcessHandle handle : tree) {
      long left = deadline - System.nanoTime();
      try {
        handle.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        throw new IllegalStateException("the timed-out kill command's process " + handle.pid()
            + " did not end within " + END_GRACE.toSeconds() + " s of SIGKILL");
      }
    }
  }

  private static Outcome outcome(int exitCode, boolean timedOut, Duration bound, Path log, long startedMs,
      long returnedMs, Path runDirectory, AttemptIdentity target) {
    return new Outcome(new KillCommandCall(exitCode, timedOut, bound.toMillis(), log.toString(), startedMs, returnedMs),
        RecordedKill.recordOf(runDirectory, target));
  }
}
