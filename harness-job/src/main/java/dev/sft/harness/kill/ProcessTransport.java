package dev.sft.harness.kill;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Base of transports that run {@code sh -s} through a local program (sh itself, or ssh). */
abstract class ProcessTransport implements KillTransport {
  /** The command that ends in a shell reading the script from standard input. */
  abstract List<String> shellCommand(KillRequest request);

  @Override
  public Execution execute(KillRequest request, String script, List<String> scriptArgs, Duration bound)
      throws TransportException {
    List<String> command = new ArrayList<>(shellCommand(request));
    command.add("-s");
    command.add("--");
    command.add(KillScript.KILL);
    command.addAll(scriptArgs);
    Process process;
    try {
      process = new ProcessBuilder(command).start();
    } catch (IOException e) {
      throw new TransportException("cannot start " + command.get(0) + ": " + e.getMessage());
    }
    CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    try (var stdin = process.getOutputStream()) {
      stdin.write(script.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // The program exited without reading (e.g. ssh could not connect); its exit code and stderr tell why.
    }
    try {
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new TransportException(command.get(0) + " did not finish within " + bound.toSeconds() + " s");
      }
      return new Execution(process.exitValue(), out.get(5, TimeUnit.SECONDS), err.get(5, TimeUnit.SECONDS),
          null, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new TransportException("interrupted");
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new TransportException("cannot read the output of " + command.get(0) + ": " + e.getMessage());
    }
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
