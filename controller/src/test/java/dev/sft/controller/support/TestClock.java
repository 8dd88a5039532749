package dev.sft.controller.support;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The controller's clock in tests: real time plus an offset a test sets, so that a schedule's firing comes when the
 * test says. Time keeps flowing; with no offset (every other test) it is the system clock.
 */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends Clock {
  private volatile Duration offset = Duration.ZERO;

  /** From now on the clock reads {@code instant} (and runs on from there). Time only moves forward. */
  public void jumpTo(Instant instant) {
    Duration wanted = Duration.between(Instant.now(), instant);
    if (wanted.compareTo(offset) > 0) {
      offset = wanted;
    }
  }

  /** Back to the system clock, for the next test class. */
  public void reset() {
    offset = Duration.ZERO;
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(offset);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the controller reads instants only");
  }
}
