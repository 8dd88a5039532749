package dev.sft.e2e.node;

import dev.sft.e2e.node.volumes.PodVolumes;
import io.fabric8.kubernetes.api.model.Container;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The message a terminated container leaves, as a kubelet reads it: the file at its {@code terminationMessagePath}
 * (here a host file mounted there, {@link PodVolumes#terminationFile}), its last 4096 bytes (the kubelet reads it
 * with {@code tail.ReadAtMost}: a longer message loses its beginning); with
 * {@code terminationMessagePolicy: FallbackToLogsOnError}, the last log lines (at most 80 lines and 2048 bytes) when
 * the file is empty and the container failed.
 */
final class TerminationMessages {
  static final int MAX_FILE_BYTES = 4096;
  static final int MAX_LOG_LINES = 80;
  static final int MAX_LOG_BYTES = 2048;

  private TerminationMessages() {}

  /** @param logTail the container's last {@link #MAX_LOG_LINES} log lines, fetched only when needed */
  static String read(Path file, Container container, int exitCode, Supplier<String> logTail) {
    String message = "";
    try {
      if (Files.exists(file)) {
        byte[] bytes = Files.readAllBytes(file);
        int from = Math.max(0, bytes.length - MAX_FILE_BYTES);
        message = new String(Arrays.copyOfRange(bytes, from, bytes.length), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      message = "";
    }
    if (message.isEmpty() && exitCode != 0
        && "FallbackToLogsOnError".equals(container.getTerminationMessagePolicy())) {
      message = lastBytes(logTail.get(), MAX_LOG_BYTES);
    }
    return message.isEmpty() ? null : message;
  }

  static String lastBytes(String text, int max) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= max) {
      return text;
    }
    return new String(bytes, bytes.length - max, max, StandardCharsets.UTF_8);
  }
}
