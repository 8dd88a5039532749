package dev.sft.harness.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One {@code sft} command run in this JVM with what it printed: the commands print results on {@code System.out} and
 * progress and errors on {@code System.err}, outside picocli's writers, so both streams are swapped for the call.
 */
public record CapturedRun(int exit, String out, String err) {
  public static CapturedRun of(String... args) {
    return of(() -> SftCli.execute(args));
  }

  /** Runs {@code action} with both streams captured; its result is the exit. */
  public static CapturedRun of(java.util.function.IntSupplier action) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int exit = action.getAsInt();
      return new CapturedRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }
}
