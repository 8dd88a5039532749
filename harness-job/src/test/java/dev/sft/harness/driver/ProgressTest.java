package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void progressGoesToStderrSoThatStdoutKeepsOnlyTheResults() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      Progress.say("master up");
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    assertThat(System.getenv(Progress.ON_STDOUT)).as("this test runs outside a driver of sft local").isNull();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(err.toString(StandardCharsets.UTF_8)).matches("\\[sft +[0-9.]+s\\] master up\\R");
  }
}
