package dev.sft.e2e.apimachinery;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Times as the API server writes them in objects. */
public final class Timestamps {
  private Timestamps() {}

  /** RFC 3339 to the second. */
  public static String time(Instant instant) {
    return instant.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
