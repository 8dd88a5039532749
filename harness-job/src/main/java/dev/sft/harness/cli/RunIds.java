package dev.sft.harness.cli;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** Run ids name folders on the shared volume (and Kubernetes objects later), so they are DNS-label safe. */
final class RunIds {
  private static final Pattern VALID = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");

  private RunIds() {}

  static String generate() {
    return "sft-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
        + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
  }

  static String validate(String runId) {
    if (!VALID.matcher(runId).matches()) {
      throw new IllegalArgumentException("run id '" + runId + "' must be 1-63 lower-case letters, digits or '-',"
          + " starting and ending with a letter or digit");
    }
    return runId;
  }
}
