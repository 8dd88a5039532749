package dev.sft.e2e.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU seconds this machine has spent busy so far, every process counted ({@code /proc/stat}'s first line: user,
 * nice, system, irq, softirq and steal, in the kernel's USER_HZ of 100 a second): the difference over a run says how
 * much of the machine it took, the stand-in's API server, simulated node and containers included.
 */
final class MachineCpu {
  private static final double USER_HZ = 100.0;

  private MachineCpu() {}

  static double busySeconds() {
    try {
      String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long busy = 0;
      for (int field : new int[] {1, 2, 3, 6, 7, 8}) {
        busy += Long.parseLong(fields[field]);
      }
      return busy / USER_HZ;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read /proc/stat", e);
    }
  }

  /**
   * The CPU seconds this JVM has spent so far: the suite's JVM hosts the API server stand-in, the simulated
   * controllers and the kubelet's own threads (not the podman commands they run, nor the containers).
   */
  static double standInSeconds() {
    return ProcessHandle.current().info().totalCpuDuration()
        .orElseThrow(() -> new IllegalStateException("this platform does not report a process's CPU time"))
        .toMillis() / 1000.0;
  }
}
