package dev.sft.e2e.suite;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Progress lines on the console: the suite runs for minutes and should say what it is doing. */
public final class SuiteProgress {
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

  private SuiteProgress() {}

  public static void say(String format, Object... args) {
    System.out.println("e2e " + LocalTime.now().format(CLOCK) + " " + String.format(format, args));
    System.out.flush();
  }
}
