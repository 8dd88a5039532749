package dev.sft.harness.it;

import dev.sft.harness.cluster.LocalCluster;
import dev.sft.harness.evidence.Folders;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What an IT that starts its own cluster needs: an emptied output folder, and a real Standalone master with two
 * worker JVMs from the build's SPARK_HOME on a free master port.
 */
final class ItCluster {
  private ItCluster() {}

  /** {@code NAME} under {@code sft.it.out} (default {@code target/it-runs}), emptied. */
  static Path freshDir(String name) {
    Path dir = Path.of(System.getProperty("sft.it.out", "target/it-runs"), name).toAbsolutePath();
    Folders.deleteRecursively(dir);
    return dir;
  }

  /** A master and two workers logging under {@code dir}, up within {@code timeout}. */
  static LocalCluster start(Path dir, Duration timeout) throws IOException {
    Path sparkHome = Path.of(System.getProperty("sft.spark.home"));
    int port;
    // Released before the master binds it; nothing else on the machine takes ports there while the heavy lock is held.
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LocalCluster.MASTER_HOST))) {
      port = socket.getLocalPort();
    }
    return LocalCluster.start(sparkHome, dir, port, 2, timeout);
  }
}
