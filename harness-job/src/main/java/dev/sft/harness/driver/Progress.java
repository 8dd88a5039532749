package dev.sft.harness.driver;

import java.util.Locale;

/** Progress lines for people watching a long run; they go to stdout, while Spark's logs go to stderr. */
public final class Progress {
  private static final long START = System.nanoTime();

  private Progress() {}

  public static void say(String message) {
    double seconds = (System.nanoTime() - START) / 1e9;
    System.out.println(String.format(Locale.ROOT, "[sft %6.1fs] %s", seconds, message));
    System.out.flush();
  }
}
