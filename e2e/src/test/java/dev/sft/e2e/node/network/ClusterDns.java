package dev.sft.e2e.node.network;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Keeps the node's hosts file current with the cluster's Services and pods ({@link HostsFileRenderer}). Every pod
 * container bind-mounts this one file as /etc/hosts, so the file is rewritten in place (same inode), never replaced:
 * names that appear after a container started resolve in it.
 */
public final class ClusterDns {
  private final KubernetesClient client;
  private final Path hostsFile;
  private final String apiServerHost;
  private String written;

  public ClusterDns(KubernetesClient client, Path hostsFile, String apiServerHost) {
    this.client = client;
    this.hostsFile = hostsFile;
    this.apiServerHost = apiServerHost;
    write(HostsFileRenderer.render(java.util.List.of(), java.util.List.of(), apiServerHost));
  }

  public Path hostsFile() {
    return hostsFile;
  }

  public void sync() {
    String content = HostsFileRenderer.render(client.pods().inAnyNamespace().list().getItems(),
        client.services().inAnyNamespace().list().getItems(), apiServerHost);
    if (!content.equals(written)) {
      write(content);
    }
  }

  synchronized void write(String content) {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    try {
      Files.createDirectories(hostsFile.getParent());
      try (FileChannel channel = FileChannel.open(hostsFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        // Overwrite from the start, then cut: the file is never empty, and its inode stays the mounted one.
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long position = 0;
        while (buffer.hasRemaining()) {
          position += channel.write(buffer, position);
        }
        channel.truncate(bytes.length);
        channel.force(false);
      }
      hostsFile.toFile().setReadable(true, false);
      written = content;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the hosts file " + hostsFile, e);
    }
  }
}
