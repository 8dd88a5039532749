package dev.sft.harness.probe;

import java.io.IOException;

/**
 * Runs a writer's abort with the kill's thread interrupt held back. Spark marks a killed task and then interrupts its
 * thread; a held attempt may leave its gate on the mark alone, and the interrupt then lands in the writer's abort,
 * where Iceberg's retried, pooled file deletes give up silently and leave files behind. That would be the gate's
 * doing, not the writer's: the abort runs uninterrupted, and the interrupt is restored for Spark afterwards.
 */
final class PendingInterrupt {
  /** An I/O step that may throw. */
  @FunctionalInterface
  interface IoAction {
    void run() throws IOException;
  }

  private PendingInterrupt() {}

  static void heldBackDuring(IoAction action) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      action.run();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
