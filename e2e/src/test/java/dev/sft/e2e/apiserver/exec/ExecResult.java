package dev.sft.e2e.apiserver.exec;

import java.nio.charset.StandardCharsets;

/**
 * What a command run in a container produced (through {@code pods/exec}, a probe or podman): its exit status and its
 * whole output.
 */
public record ExecResult(int exitCode, byte[] stdout, byte[] stderr) {
  public ExecResult {
    stdout = stdout == null ? new byte[0] : stdout;
    stderr = stderr == null ? new byte[0] : stderr;
  }

  public static ExecResult of(int exitCode, String stdout, String stderr) {
    return new ExecResult(exitCode, stdout.getBytes(StandardCharsets.UTF_8), stderr.getBytes(StandardCharsets.UTF_8));
  }

  public String stdoutText() {
    return new String(stdout, StandardCharsets.UTF_8);
  }

  public String stderrText() {
    return new String(stderr, StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "exit " + exitCode + ", stdout " + stdout.length + " bytes, stderr " + stderrText().strip();
  }
}
