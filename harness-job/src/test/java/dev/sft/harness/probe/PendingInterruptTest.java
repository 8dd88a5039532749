package dev.sft.harness.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A kill's late interrupt must not reach the writer's abort, and must still reach Spark after it. */
class PendingInterruptTest {

  @AfterEach
  void clearFlag() {
    Thread.interrupted();
  }

  @Test
  void theAbortRunsUninterruptedAndTheInterruptIsRestored() throws IOException {
    AtomicBoolean seenByAbort = new AtomicBoolean(true);
    Thread.currentThread().interrupt();
    PendingInterrupt.heldBackDuring(() -> seenByAbort.set(Thread.currentThread().isInterrupted()));
    assertThat(seenByAbort).isFalse();
    assertThat(Thread.currentThread().isInterrupted()).isTrue();
  }

  @Test
  void anUninterruptedThreadStaysUninterruptedAndFailuresPropagate() {
    assertThatThrownBy(() -> PendingInterrupt.heldBackDuring(() -> {
      throw new IOException("delete failed");
    })).hasMessage("delete failed");
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }
}
