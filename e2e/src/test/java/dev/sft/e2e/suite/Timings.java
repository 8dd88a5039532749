package dev.sft.e2e.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How long each phase took, printed at the end and kept in the output folder for the issue notes. */
final class Timings {
  private final List<String> lines = new ArrayList<>();

  synchronized void record(String phase, long startedNanos) {
    String line = String.format("%-62s %7.1f s", phase, (System.nanoTime() - startedNanos) / 1e9);
    lines.add(line);
    SuiteProgress.say("timing: %s", line.strip());
  }

  synchronized void print(Path file) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, lines);
    } catch (IOException e) {
      SuiteProgress.say("cannot write %s: %s", file, e);
    }
    lines.forEach(line -> SuiteProgress.say("timing: %s", line));
  }
}
