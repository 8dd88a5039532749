package dev.sft.harness.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PreflightJudgeTest {
  private static Preflight.ExecutorCheckIn checkIn(String id, String host, long pid, boolean read) {
    return new Preflight.ExecutorCheckIn(id, host, pid, read, read ? "challenge matched" : "NoSuchFileException");
  }

  @Test
  void passesWithConcurrentProcessesOnTwoHostsThatReadTheChallenge() {
    var result = Preflight.judge(List.of(checkIn("0", "127.0.0.2", 10, true), checkIn("1", "127.0.0.3", 11, true)),
        List.of());
    assertThat(result.passed()).isTrue();
  }

  @Test
  void failsWhenEveryProcessIsOnOneHost() {
    var result = Preflight.judge(List.of(checkIn("0", "127.0.0.2", 10, true), checkIn("1", "127.0.0.2", 11, true)),
        List.of());
    assertThat(result.passed()).isFalse();
    assertThat(result.message()).contains("at least 2 distinct hosts");
  }

  @Test
  void failsWhenAnExecutorCannotSeeTheSharedFilesystem() {
    var result = Preflight.judge(List.of(checkIn("0", "127.0.0.2", 10, true), checkIn("1", "127.0.0.3", 11, false)),
        List.of());
    assertThat(result.passed()).isFalse();
    assertThat(result.message()).contains("executor 1 on 127.0.0.3 could not read the driver's challenge");
  }
}
