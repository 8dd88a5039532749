package dev.sft.harness.kill;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.List;

/** The embedded cluster's transport: the executor runs on this machine, under a loopback or local address. */
public final class LocalTransport extends ProcessTransport {
  @Override
  public String name() {
    return "local";
  }

  @Override
  public void validate(KillRequest request) {
    try {
      InetAddress address = InetAddress.getByName(request.host());
      if (!address.isLoopbackAddress() && NetworkInterface.getByInetAddress(address) == null) {
        throw new IllegalArgumentException("HOST " + request.host() + " is not an address of this machine; the"
            + " local transport only kills executors here (use --transport ssh for remote hosts)");
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("HOST " + request.host() + " cannot be resolved: " + e.getMessage());
    }
  }

  @Override
  List<String> shellCommand(KillRequest request) {
    return List.of("sh");
  }
}
