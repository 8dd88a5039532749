package dev.sft.harness.kill;

import dev.sft.contract.KillExitCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The target-side script every transport runs. Its exit codes are prepended from {@link KillExitCode}, so the
 * numbers are defined once.
 */
public final class KillScript {
  private static final String RESOURCE = "kill-executor.sh";
  /** Script mode: prove the identity, SIGKILL, wait for the exit. */
  public static final String KILL = "kill";

  private KillScript() {}

  public static String text() {
    StringBuilder script = new StringBuilder();
    for (KillExitCode code : KillExitCode.values()) {
      script.append(code.name().toUpperCase(Locale.ROOT)).append('=').append(code.code()).append('\n');
    }
    try (InputStream in = KillScript.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("kill script resource " + RESOURCE + " is missing from the harness jar");
      }
      // Comments and indentation are dropped: pod exec carries the script in the request URL.
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String trimmed = line.strip();
        if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
          script.append(trimmed).append('\n');
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return script.toString();
  }

  /** The script's {@code key=value} output lines (the last value wins). */
  public static Map<String, String> parseOutput(String stdout) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        values.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
      }
    }
    return values;
  }
}
