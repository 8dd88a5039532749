package dev.sft.e2e.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One external command (kubectl, helm, podman), bounded in time, with its output captured. */
public final class Command {
  /** What a finished command left. */
  public record Result(List<String> command, int exitCode, String stdout, String stderr) {
    public boolean ok() {
      return exitCode == 0;
    }

    /** The output, or an AssertionError naming the command and what it printed. */
    public String orFail() {
      if (!ok()) {
        throw new AssertionError(describe());
      }
      return stdout;
    }

    public String describe() {
      return String.join(" ", command) + " exited " + exitCode + "\nstdout: " + Await.abbreviate(stdout)
          + "\nstderr: " + Await.abbreviate(stderr);
    }
  }

  private Command() {}

  public static Result run(Duration bound, String stdin, List<String> command) {
    return run(bound, stdin, command, java.util.Map.of());
  }

  /** As {@link #run(Duration, String, List)}, with {@code environment} added to this JVM's. */
  public static Result run(Duration bound, String stdin, List<String> command,
      java.util.Map<String, String> environment) {
    try {
      Path out = Files.createTempFile("sft-e2e-cmd", ".out");
      Path err = Files.createTempFile("sft-e2e-cmd", ".err");
      try {
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        try (var input = process.getOutputStream()) {
          if (stdin != null) {
            input.write(stdin.getBytes(StandardCharsets.UTF_8));
          }
        }
        if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
          return new Result(command, -1, Files.readString(out),
              Files.readString(err) + "\n(killed after " + bound.toSeconds() + "s)");
        }
        return new Result(command, process.exitValue(), Files.readString(out), Files.readString(err));
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run " + command + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + command, e);
    }
  }

  public static Result run(Duration bound, List<String> command) {
    return run(bound, null, command);
  }

  static List<String> concat(List<String> head, String... tail) {
    List<String> all = new ArrayList<>(head);
    all.addAll(List.of(tail));
    return all;
  }
}
