package dev.sft.harness.kill;

import java.util.ArrayList;
import java.util.List;

/**
 * Bare-metal transport: the script runs on HOST through the system {@code ssh} in batch mode (no prompts), with a
 * connect timeout, as a user allowed to signal the executor (normally the executor's owner).
 */
public final class SshTransport extends ProcessTransport {
  /** ssh's own exit code when the connection or authentication failed. */
  static final int SSH_FAILURE = 255;

  private final String ssh;
  private final String user;
  private final int connectTimeoutSeconds;

  public SshTransport(String ssh, String user, int connectTimeoutSeconds) {
    this.ssh = ssh;
    this.user = user;
    this.connectTimeoutSeconds = connectTimeoutSeconds;
  }

  @Override
  public String name() {
    return "ssh";
  }

  @Override
  public void validate(KillRequest request) {
    // Any host is fair game; ssh reports what it cannot reach.
  }

  @Override
  List<String> shellCommand(KillRequest request) {
    List<String> command = new ArrayList<>(List.of(ssh, "-o", "BatchMode=yes", "-o",
        "ConnectTimeout=" + connectTimeoutSeconds));
    if (user != null && !user.isBlank()) {
      command.addAll(List.of("-l", user));
    }
    command.add(request.host());
    command.add("sh");
    return command;
  }
}
