package dev.sft.e2e.node.runtime;

import dev.sft.e2e.apiserver.exec.ExecResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs an external command with a time bound, feeding stdin and collecting both outputs. */
final class CommandRunner {
  private CommandRunner() {}

  static ExecResult run(List<String> command, byte[] stdin, Duration timeout) {
    return run(command, stdin, timeout, false);
  }

  /** With {@code mergeStderr}, stderr is interleaved into stdout, as a terminal would show them. */
  static ExecResult run(List<String> command, byte[] stdin, Duration timeout, boolean mergeStderr) {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(mergeStderr).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + String.join(" ", command), e);
    }
    CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    try (OutputStream in = process.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin);
      }
    } catch (IOException e) {
      // The command may exit without reading its input; its exit status tells what happened.
    }
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("timed out after " + timeout.toSeconds() + " s: " + summary(command));
      }
      return new ExecResult(process.exitValue(), out.join(), err.join());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + summary(command), e);
    }
  }

  private static byte[] readAll(InputStream stream) {
    try (stream) {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      stream.transferTo(buffer);
      return buffer.toByteArray();
    } catch (IOException e) {
      return new byte[0];
    }
  }

  static String summary(List<String> command) {
    String text = String.join(" ", command);
    return text.length() > 300 ? text.substring(0, 300) + "..." : text;
  }
}
