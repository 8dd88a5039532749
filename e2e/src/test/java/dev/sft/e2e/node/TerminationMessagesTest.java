package dev.sft.e2e.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The termination message as the kubelet keeps it: the file's last 4096 bytes, else the log's tail on a failure. */
class TerminationMessagesTest {
  @TempDir
  Path tmp;

  @Test
  void aMessageLongerThanTheLimitKeepsItsEndAsTheKubeletsTailReadDoes() throws Exception {
    Path file = tmp.resolve("termination-log");
    String head = "H".repeat(1000);
    String tail = "T".repeat(TerminationMessages.MAX_FILE_BYTES - 10) + "0123456789";
    Files.writeString(file, head + tail);

    String kept = TerminationMessages.read(file, new ContainerBuilder().build(), 0, () -> "unused");

    assertThat(kept).hasSize(TerminationMessages.MAX_FILE_BYTES).isEqualTo(tail).endsWith("0123456789");
  }

  @Test
  void anEmptyFileOfAFailedContainerFallsBackToTheLogsTailOnlyWhenAsked() throws Exception {
    Path file = tmp.resolve("termination-log");
    Files.writeString(file, "");
    var fallback = new ContainerBuilder().withTerminationMessagePolicy("FallbackToLogsOnError").build();

    assertThat(TerminationMessages.read(file, fallback, 1, () -> "last words")).isEqualTo("last words");
    assertThat(TerminationMessages.read(file, fallback, 0, () -> "last words")).isNull();
    assertThat(TerminationMessages.read(file, new ContainerBuilder().build(), 1, () -> "last words")).isNull();
  }
}
