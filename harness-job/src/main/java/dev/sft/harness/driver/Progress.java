package dev.sft.harness.driver;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress lines for people watching a long run. They go to stderr, so that stdout carries only the results (the
 * table and the result lines) and {@code sft local > out.txt} keeps just those.
 */
public final class Progress {
  /**
   * Set by {@code sft local} for the driver JVMs it starts: their stderr is Spark's log file, so their progress goes
   * to stdout, which sft local reads and repeats on its own stderr.
   */
  public static final String ON_STDOUT = "SFT_PROGRESS_ON_STDOUT";

  private static final long START = System.nanoTime();

  private Progress() {}

  public static void say(String message) {
    double seconds = (System.nanoTime() - START) / 1e9;
    PrintStream stream = System.getenv(ON_STDOUT) != null ? System.out : System.err;
    stream.println(String.format(Locale.ROOT, "[sft %6.1fs] %s", seconds, message));
    stream.flush();
  }
}
