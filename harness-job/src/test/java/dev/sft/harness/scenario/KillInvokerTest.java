package dev.sft.harness.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.evidence.AttemptIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kill command is bounded by its own time-out, and a hung one is ended together with what it started. */
class KillInvokerTest {
  private static final AttemptIdentity TARGET = new AttemptIdentity(1, 0, 0, 7, 0, "3", "127.0.0.2", 4242);

  @TempDir
  Path dir;

  private Path script(String body) throws Exception {
    Path script = dir.resolve("kill-command");
    Files.writeString(script, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }

  private long pid(String file) throws Exception {
    Path path = dir.resolve(file);
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (!Files.isRegularFile(path) || Files.readString(path).isBlank()) {
      assertThat(System.nanoTime()).as(file + " written by the kill command").isLessThan(deadline);
      Thread.sleep(20);
    }
    return Long.parseLong(Files.readString(path).trim());
  }

  @Test
  void aHangingKillCommandTimesOutOnItsOwnBoundAndIsEndedWithItsChildren() throws Exception {
    Path command = script("echo $$ > " + dir.resolve("command.pid") + "\nsleep 300 &\necho $! > "
        + dir.resolve("child.pid") + "\nwait");
    long started = System.nanoTime();
    KillInvoker.Outcome outcome = KillInvoker.kill(command.toString(), TARGET, dir, Duration.ofSeconds(1));
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(outcome.timedOut()).isTrue();
    assertThat(outcome.succeeded()).isFalse();
    assertThat(outcome.describe()).contains("did not finish within its kill time-out of 1 s")
        .contains("were ended");
    assertThat(took).as("bounded by the kill time-out, not a gate's").isLessThan(Duration.ofSeconds(15));
    for (String pidFile : new String[] {"command.pid", "child.pid"}) {
      long pid = pid(pidFile);
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as(pidFile + " " + pid + " ended")
          .isFalse();
    }
  }

  @Test
  void aCommandThatFinishesInTimeReportsItsExitCodeAndGetsTheContractsArguments() throws Exception {
    Path command = script("echo \"$@\" > " + dir.resolve("args") + "\nexit 3");
    KillInvoker.Outcome outcome = KillInvoker.kill(command.toString(), TARGET, dir, Duration.ofSeconds(10));
    assertThat(outcome.timedOut()).isFalse();
    assertThat(outcome.exitCode()).isEqualTo(3);
    assertThat(outcome.succeeded()).isFalse();
    assertThat(outcome.describe()).contains("kill command exited 3");
    assertThat(Files.readString(dir.resolve("args")).trim()).isEqualTo("127.0.0.2 4242 3 " + dir);

    Path ok = script("exit 0");
    assertThat(KillInvoker.kill(ok.toString(), TARGET, dir, Duration.ofSeconds(10)).succeeded()).isTrue();
  }
}
