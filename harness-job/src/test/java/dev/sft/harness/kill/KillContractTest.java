package dev.sft.harness.kill;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.contract.KillExitCode;
import dev.sft.harness.cli.SftCli;
import dev.sft.harness.evidence.Markers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill contract against real processes on this machine. Refused targets must still be alive afterwards; the
 * executor-shaped target (a shell whose command line carries the executor's main class and arguments) must be gone.
 */
class KillContractTest {
  private static final String EXECUTOR_CLASS = "org.apache.spark.executor.CoarseGrainedExecutorBackend";
  private final List<Process> started = new ArrayList<>();

  @TempDir
  Path runDir;

  @AfterEach
  void endWhatWeStarted() {
    started.forEach(Process::destroyForcibly);
  }

  private Process start(String... command) throws IOException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    started.add(process);
    return process;
  }

  /** A process whose /proc/PID/cmdline looks like a Spark executor's, without being a JVM. */
  private Process executorShaped(String executorId, String host) throws IOException {
    return start("sh", "-c", "sleep 300; :", EXECUTOR_CLASS, "--driver-url", "spark://x", "--executor-id",
        executorId, "--hostname", host, "--cores", "1");
  }

  private int kill(String... args) {
    List<String> all = new ArrayList<>(List.of("kill", "--exit-timeout", "5"));
    all.addAll(List.of(args));
    return SftCli.execute(all.toArray(new String[0]));
  }

  private List<KillRecord> records() {
    return Markers.readAll(runDir.resolve(Killer.RECORDS), KillRecord.class);
  }

  @Test
  void killsAnExecutorShapedProcessAndRecordsIdentityAndExit() throws Exception {
    Process target = executorShaped("7", "127.0.0.1");
    int exit = kill("127.0.0.1", String.valueOf(target.pid()), "7", runDir.toString());

    assertThat(exit).isEqualTo(KillExitCode.KILLED.code());
    assertThat(target.waitFor(5, TimeUnit.SECONDS)).isTrue();
    assertThat(target.exitValue()).isEqualTo(137);
    KillRecord record = records().get(0);
    assertThat(record.result()).isEqualTo("killed");
    assertThat(record.transport()).isEqualTo("local");
    assertThat(record.pid()).isEqualTo(target.pid());
    assertThat(record.executorId()).isEqualTo("7");
    assertThat(record.cmdline()).contains(EXECUTOR_CLASS).contains("--executor-id 7");
    assertThat(record.killTimeMs()).isNotNull();
    assertThat(record.exitObservedMs()).isNotNull().isGreaterThanOrEqualTo(record.killTimeMs());
    assertThat(record.exitState()).isIn("gone", "zombie");
    assertThat(Files.readString(runDir.resolve(Killer.KILL_LOG)))
        .contains("pid=" + target.pid()).contains("result=killed exit=0");
  }

  @Test
  void refusesALiveNonExecutorProcessAndLeavesItAlive() throws Exception {
    Process sleeper = start("sleep", "300");
    assertThat(kill("127.0.0.1", String.valueOf(sleeper.pid()), "7", runDir.toString()))
        .isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(sleeper.isAlive()).isTrue();
    assertThat(records().get(0).reason()).contains("not a Spark executor");
  }

  @Test
  void refusesAJavaProcessThatIsNotAnExecutor() throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path source = Files.writeString(runDir.resolve("Sleeper.java"),
        "public class Sleeper { public static void main(String[] a) throws Exception { Thread.sleep(300_000); } }");
    Process sleeper = start(java.toString(), "-XX:-UsePerfData", source.toString(), "--executor-id", "7");
    Thread.sleep(500);
    assertThat(kill("127.0.0.1", String.valueOf(sleeper.pid()), "7", runDir.toString()))
        .isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(sleeper.isAlive()).isTrue();
  }

  @Test
  void refusesAnExecutorWithAnotherIdOrHostAndLeavesItAlive() throws Exception {
    Process target = executorShaped("7", "127.0.0.1");
    assertThat(kill("127.0.0.1", String.valueOf(target.pid()), "8", runDir.toString()))
        .isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(kill("127.0.0.2", String.valueOf(target.pid()), "7", runDir.toString()))
        .isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(target.isAlive()).isTrue();
    assertThat(records()).extracting(KillRecord::reason)
        .anyMatch(r -> r.contains("is executor '7', not '8'"))
        .anyMatch(r -> r.contains("advertises host '127.0.0.1', not '127.0.0.2'"));
  }

  @Test
  void reportsAVanishedProcess() throws Exception {
    Process gone = start("true");
    assertThat(gone.waitFor(5, TimeUnit.SECONDS)).isTrue();
    assertThat(kill("127.0.0.1", String.valueOf(gone.pid()), "7", runDir.toString()))
        .isEqualTo(KillExitCode.NO_SUCH_PROCESS.code());
    assertThat(records().get(0).result()).isEqualTo("no-such-process");
  }

  @Test
  void rejectsBadArgumentsBeforeTouchingAnyProcess() throws Exception {
    Process target = executorShaped("7", "127.0.0.1");
    String pid = String.valueOf(target.pid());
    String dir = runDir.toString();
    int bad = KillExitCode.BAD_ARGUMENTS.code();
    assertThat(kill("127.0.0.1", "1", "7", dir)).as("PID 1").isEqualTo(bad);
    assertThat(kill("127.0.0.1", "abc", "7", dir)).as("non-numeric PID").isEqualTo(bad);
    assertThat(kill("127.0.0.1", pid, "driver", dir)).as("non-numeric executor").isEqualTo(bad);
    assertThat(kill("bad host!", pid, "7", dir)).as("host syntax").isEqualTo(bad);
    assertThat(kill("127.0.0.1", pid, "7", runDir.resolve("missing").toString())).as("run dir").isEqualTo(bad);
    assertThat(kill("192.0.2.1", pid, "7", dir)).as("non-local host, local transport").isEqualTo(bad);
    assertThat(kill("127.0.0.1", pid, "7")).as("three arguments").isEqualTo(bad);
    assertThat(kill("--transport", "telnet", "127.0.0.1", pid, "7", dir)).as("transport").isEqualTo(bad);
    assertThat(target.isAlive()).isTrue();
    assertThat(records()).isEmpty();
  }

  @Test
  void sshTransportRunsTheSameScriptAndMapsConnectionFailures() throws Exception {
    // A stand-in for ssh that checks the batch-mode options, drops them and the host, and runs the rest here.
    Path fakeSsh = Files.writeString(runDir.resolve("fake-ssh"), """
        #!/bin/sh
        [ "$1 $2 $3 $4" = "-o BatchMode=yes -o ConnectTimeout=3" ] || { echo "unexpected options: $*" >&2; exit 255; }
        shift 4
        [ "$1" = "unreachable.invalid" ] && { echo "ssh: connect: no route" >&2; exit 255; }
        shift
        exec "$@"
        """);
    fakeSsh.toFile().setExecutable(true);
    Process target = executorShaped("3", "127.0.0.1");
    KillTransport ssh = new SshTransport(fakeSsh.toString(), null, 3);

    KillRecord refused = new Killer(ssh, Duration.ofSeconds(5))
        .kill(KillRequest.parse("127.0.0.1", String.valueOf(target.pid()), "4", runDir.toString()));
    assertThat(refused.exitCode()).isEqualTo(KillExitCode.REFUSED_IDENTITY.code());
    assertThat(target.isAlive()).isTrue();

    KillRecord unreachable = new Killer(ssh, Duration.ofSeconds(5))
        .kill(KillRequest.parse("unreachable.invalid", String.valueOf(target.pid()), "3", runDir.toString()));
    assertThat(unreachable.exitCode()).isEqualTo(KillExitCode.TRANSPORT_FAILURE.code());
    assertThat(unreachable.reason()).contains("no route");
    assertThat(target.isAlive()).isTrue();

    KillRecord killed = new Killer(ssh, Duration.ofSeconds(5))
        .kill(KillRequest.parse("127.0.0.1", String.valueOf(target.pid()), "3", runDir.toString()));
    assertThat(killed.exitCode()).isEqualTo(KillExitCode.KILLED.code());
    assertThat(killed.transport()).isEqualTo("ssh");
    assertThat(target.waitFor(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void theScriptTakesItsExitCodesFromTheContract() {
    String script = KillScript.text();
    for (KillExitCode code : KillExitCode.values()) {
      assertThat(script).contains(code.name() + "=" + code.code() + "\n");
    }
  }
}
