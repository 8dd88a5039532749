package dev.sft.controller.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link ImageLayout#MASTER_WAIT_SCRIPT} run by sh, against a real port on loopback. */
class MasterWaitScriptTest {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

  @Test
  void theWorkerCommandStartsOnlyOnceTheMastersPortTakesAConnection() throws Exception {
    int port = closedPort();
    Process waiting = waitingFor(port);
    try (ServerSocket master = new ServerSocket(port, 50, LOOPBACK)) {
      assertThat(waiting.waitFor(20, TimeUnit.SECONDS)).as("still waiting after the port opened").isTrue();
    }
    assertThat(output(waiting)).isEqualTo("started with a b|");
    assertThat(waiting.exitValue()).isZero();
  }

  /** As a container's PID 1, sh ignores a SIGTERM it has no trap for; the message proves the script's own trap ran. */
  @Test
  void sigtermEndsTheWaitWithoutStartingTheCommand() throws Exception {
    Process waiting = waitingFor(closedPort());
    // Read before destroy(), which closes this side of the pipes.
    java.util.concurrent.CompletableFuture<String> output = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return output(waiting);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    waiting.toHandle().destroy(); // SIGTERM, leaving the pipes open
    assertThat(waiting.waitFor(5, TimeUnit.SECONDS)).as("still waiting 5 s after SIGTERM").isTrue();
    assertThat(output.get(5, TimeUnit.SECONDS)).isEqualTo("sft: stopped while waiting for the master\n");
    assertThat(waiting.exitValue()).isEqualTo(143);
  }

  @Test
  void withoutBashTheCommandStartsAtOnceAsBefore() throws Exception {
    // No bash (nor anything else) on PATH; the command is named by its path.
    Process started = script(closedPort(), "/nonexistent").start();
    assertThat(started.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(output(started)).isEqualTo("started with a b|");
  }

  /** A loopback port nothing listens on (it was free a moment ago). */
  private static int closedPort() throws IOException {
    try (ServerSocket probe = new ServerSocket(0, 1, LOOPBACK)) {
      return probe.getLocalPort();
    }
  }

  /** The script started against {@code port}, checked to be still waiting, its command not run. */
  private static Process waitingFor(int port) throws IOException, InterruptedException {
    Process waiting = script(port, System.getenv("PATH")).start();
    // Nothing listens yet: the command must not have run, however long we look.
    assertThat(waiting.waitFor(1500, TimeUnit.MILLISECONDS)).as("exited before the master's port opened").isFalse();
    return waiting;
  }

  private static ProcessBuilder script(int port, String path) {
    ProcessBuilder builder = new ProcessBuilder(List.of("/bin/sh", "-c", ImageLayout.MASTER_WAIT_SCRIPT,
        "sft-await-master", LOOPBACK.getHostAddress(), String.valueOf(port),
        "/usr/bin/printf", "started with %s|", "a b")).redirectErrorStream(true);
    builder.environment().put("PATH", path);
    return builder;
  }

  private static String output(Process process) throws IOException {
    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }
}
