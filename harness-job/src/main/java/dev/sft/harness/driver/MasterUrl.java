package dev.sft.harness.driver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Validates a Standalone master URL: only a real {@code spark://} cluster can show scheduler failures. */
public final class MasterUrl {
  private static final Pattern HOST_PORT = Pattern.compile("^([A-Za-z0-9._\\-]+|\\[[0-9A-Fa-f:]+\\]):(\\d{1,5})$");

  private MasterUrl() {}

  /** The {@code host:port} endpoints of a (possibly HA) master URL; throws with the reason when invalid. */
  public static List<InetSocketAddress> parse(String master) {
    if (master == null || master.isBlank()) {
      throw new IllegalArgumentException("no Spark master given (--master or COMET_SCHEDULER_MASTER)");
    }
    String trimmed = master.trim();
    if (trimmed.startsWith("local")) {
      throw new IllegalArgumentException("master '" + trimmed + "' is rejected: local[...] and local-cluster[...]"
          + " run every executor in one process and cannot show scheduler failures; use a Standalone cluster"
          + " (spark://host:port), or 'sft local' to start one on this machine");
    }
    if (!trimmed.startsWith("spark://")) {
      throw new IllegalArgumentException("master '" + trimmed + "' is not a Spark Standalone master URL;"
          + " expected spark://host:port");
    }
    List<InetSocketAddress> endpoints = new ArrayList<>();
    for (String endpoint : trimmed.substring("spark://".length()).split(",")) {
      Matcher m = HOST_PORT.matcher(endpoint);
      if (!m.matches()) {
        throw new IllegalArgumentException("master '" + trimmed + "': '" + endpoint + "' is not host:port");
      }
      int port = Integer.parseInt(m.group(2));
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("master '" + trimmed + "': port " + port + " is out of range");
      }
      endpoints.add(InetSocketAddress.createUnresolved(m.group(1).replace("[", "").replace("]", ""), port));
    }
    return endpoints;
  }

  /** Fails fast with a clear message instead of Spark's minute of silent registration retries. */
  public static void requireReachable(String master, int timeoutMillis) {
    List<String> failures = new ArrayList<>();
    for (InetSocketAddress endpoint : parse(master)) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(endpoint.getHostString(), endpoint.getPort()), timeoutMillis);
        return;
      } catch (IOException e) {
        failures.add(endpoint.getHostString() + ":" + endpoint.getPort() + " (" + e.getMessage() + ")");
      }
    }
    throw new IllegalStateException("cannot reach the Spark master at " + String.join(", ", failures)
        + "; is the master running and reachable from this host?");
  }
}
