package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.harness.cli.CapturedRun;
import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void progressGoesToStderrSoThatStdoutKeepsOnlyTheResults() {
    CapturedRun said = CapturedRun.of(() -> {
      Progress.say("master up");
      return 0;
    });
    assertThat(System.getenv(Progress.ON_STDOUT)).as("this test runs outside a driver of sft local").isNull();
    assertThat(said.out()).isEmpty();
    assertThat(said.err()).matches("\\[sft +[0-9.]+s\\] master up\\R");
  }
}
