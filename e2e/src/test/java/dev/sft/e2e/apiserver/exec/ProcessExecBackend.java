package dev.sft.e2e.apiserver.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs each exec as a local process: {@code prefix(namespace, pod, container) + command}, with stdin streamed into
 * the process as the client sends it. With an empty prefix the command runs on this machine (tests); the simulated
 * kubelet can pass {@code podman ... exec -i CONTAINER} as the prefix.
 */
public final class ProcessExecBackend implements ExecBackend {

  /** The argv that precedes the client's command, or null when there is no such pod/container. */
  @FunctionalInterface
  public interface CommandPrefix {
    List<String> of(String namespace, String pod, String container);
  }

  private final CommandPrefix prefix;

  public ProcessExecBackend(CommandPrefix prefix) {
    this.prefix = prefix;
  }

  /** Runs commands directly on this machine, for any pod name. */
  public static ProcessExecBackend local() {
    return new ProcessExecBackend((namespace, pod, container) -> List.of());
  }

  @Override
  public ExecResult exec(String namespace, String pod, String container, List<String> command, byte[] stdin)
      throws ExecException {
    return exec(namespace, pod, container, command, new java.io.ByteArrayInputStream(stdin));
  }

  @Override
  public ExecResult exec(String namespace, String pod, String container, List<String> command, InputStream stdin)
      throws ExecException {
    List<String> start = prefix.of(namespace, pod, container);
    if (start == null) {
      throw new ExecException("container " + container + " not found in pod " + namespace + "/" + pod);
    }
    if (command.isEmpty()) {
      throw new ExecException("you must specify at least one command for the container");
    }
    List<String> argv = new ArrayList<>(start);
    argv.addAll(command);
    Process process;
    try {
      process = new ProcessBuilder(argv).start();
    } catch (IOException e) {
      throw new ExecException("cannot start " + argv + ": " + e.getMessage());
    }
    CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    Thread feeder = new Thread(() -> feed(stdin, process.getOutputStream()), "exec-stdin-" + pod);
    feeder.setDaemon(true);
    feeder.start();
    try {
      int code = process.waitFor();
      return new ExecResult(code, out.join(), err.join());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ExecException("interrupted while running " + argv);
    } finally {
      feeder.interrupt();
    }
  }

  private static void feed(InputStream from, OutputStream to) {
    byte[] buffer = new byte[8192];
    try (to) {
      for (int n = from.read(buffer); n >= 0; n = from.read(buffer)) {
        to.write(buffer, 0, n);
        to.flush(); // the process's stdin is buffered: a command waiting for one line must get it now
      }
    } catch (IOException e) {
      // The process exited before reading all of its input (e.g. `head -n 1`): nothing more to deliver.
    }
  }

  private static byte[] readAll(InputStream in) {
    try (in; ByteArrayOutputStream buffer = new ByteArrayOutputStream()) {
      in.transferTo(buffer);
      return buffer.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
