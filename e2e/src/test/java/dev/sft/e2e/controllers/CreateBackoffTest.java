package dev.sft.e2e.controllers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The retry delay after refused creates: client-go's 5 ms doubling, capped at 1000 s, reset by a spec change. */
class CreateBackoffTest {
  private final CreateBackoff backoff = new CreateBackoff();
  private final Instant t0 = Instant.parse("2026-01-01T00:00:00Z");

  @Test
  void delayDoublesWithEachFailureUpTo1000Seconds() {
    for (int i = 0; i < 10; i++) {
      backoff.failed("u", 1L, t0);
    }
    // 10th failure: 5 ms * 2^9 = 2.56 s
    assertThat(backoff.mayTry("u", 1L, t0.plusMillis(2559))).isFalse();
    assertThat(backoff.mayTry("u", 1L, t0.plusMillis(2560))).isTrue();
    for (int i = 0; i < 40; i++) {
      backoff.failed("u", 1L, t0);
    }
    assertThat(backoff.mayTry("u", 1L, t0.plusSeconds(999))).isFalse();
    assertThat(backoff.mayTry("u", 1L, t0.plusSeconds(1000))).isTrue();
  }

  @Test
  void aSuccessOrANewGenerationStartsOver() {
    backoff.failed("u", 1L, t0);
    backoff.failed("u", 1L, t0);
    assertThat(backoff.mayTry("u", 1L, t0)).isFalse();
    assertThat(backoff.mayTry("u", 2L, t0)).isTrue();
    backoff.failed("u", 2L, t0);
    backoff.succeeded("u");
    assertThat(backoff.mayTry("u", 2L, t0)).isTrue();
  }
}
