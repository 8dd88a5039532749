package dev.sft.harness.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class JsonTest {
  record Deadline(Instant notAfter) {}

  @Test
  void anInstantIsWrittenAsRfc3339AndReadBack() throws Exception {
    // A driver run's absolute deadline (DriverRun.notAfter) goes into driver-run.json this way.
    Deadline deadline = new Deadline(Instant.parse("2026-12-02T09:00:00Z"));
    String json = Json.pretty(deadline);
    assertThat(json).contains("\"notAfter\" : \"2026-12-02T09:00:00Z\"");
    assertThat(Json.MAPPER.readValue(json, Deadline.class)).isEqualTo(deadline);
  }
}
