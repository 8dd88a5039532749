package dev.sft.e2e.kubelet;

import java.nio.charset.StandardCharsets;

/** What a command run in a container returned: its exit status and its two output streams. */
public record ExecResult(int exitCode, byte[] stdout, byte[] stderr) {
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
