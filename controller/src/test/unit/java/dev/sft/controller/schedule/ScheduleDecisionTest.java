package dev.sft.controller.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sft.api.SchedulerFailureTestSpec.ConcurrencyPolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The schedule's decision for every situation, without a cluster: the watermark is status.nextScheduleTime. */
class ScheduleDecisionTest {
  private static final Instant NIGHT_1 = Instant.parse("2025-01-01T03:00:00Z");
  private static final Instant NIGHT_2 = Instant.parse("2025-01-02T03:00:00Z");
  private static final Instant NIGHT_3 = Instant.parse("2025-01-03T03:00:00Z");
  private static final Instant NIGHT_4 = Instant.parse("2025-01-04T03:00:00Z");

  @Test
  void withoutAScheduleNothingFires() {
    assertThat(ScheduleDecision.decide(Optional.empty(), NIGHT_1, false, NIGHT_2))
        .isEqualTo(new ScheduleDecision.Unscheduled());
  }

  @Test
  void theFirstDecisionWaitsForTheNextFiringAfterNow() {
    assertThat(decide(nightly(), null, false, NIGHT_1.plusSeconds(60)))
        .isEqualTo(new ScheduleDecision.Wait(NIGHT_2, false));
  }

  @Test
  void beforeTheWatermarkItWaits() {
    assertThat(decide(nightly(), NIGHT_2, false, NIGHT_2.minusSeconds(1)))
        .isEqualTo(new ScheduleDecision.Wait(NIGHT_2, false));
  }

  @Test
  void aDueFiringStartsARunAndMovesTheWatermarkOn() {
    assertThat(decide(nightly(), NIGHT_2, false, NIGHT_2))
        .isEqualTo(new ScheduleDecision.Start(NIGHT_2, NIGHT_3));
    assertThat(decide(nightly(), NIGHT_2, false, NIGHT_2.plusSeconds(5)))
        .isEqualTo(new ScheduleDecision.Start(NIGHT_2, NIGHT_3));
  }

  @Test
  void manyMissedFiringsStartOnlyTheLatestOnce() {
    // Down from before night 2 until after night 4: one run, for night 4.
    assertThat(decide(nightly(), NIGHT_2, false, NIGHT_4.plusSeconds(600)))
        .isEqualTo(new ScheduleDecision.Start(NIGHT_4, Instant.parse("2025-01-05T03:00:00Z")));
  }

  @Test
  void aMissedFiringOlderThanTheStartingDeadlineDoesNotStart() {
    ScheduleSettings withDeadline = new ScheduleSettings(CronSchedule.parse("0 3 * * *"), ZoneId.of("UTC"), false,
        ConcurrencyPolicy.Forbid, Duration.ofMinutes(10));
    assertThat(decide(withDeadline, NIGHT_2, false, NIGHT_2.plusSeconds(601)))
        .isEqualTo(new ScheduleDecision.Missed(NIGHT_2, NIGHT_3));
    assertThat(decide(withDeadline, NIGHT_2, false, NIGHT_2.plusSeconds(600)))
        .as("exactly at the deadline it still starts").isEqualTo(new ScheduleDecision.Start(NIGHT_2, NIGHT_3));
    // Only the latest missed firing counts: night 3 is within the deadline though night 2 is not.
    assertThat(decide(withDeadline, NIGHT_2, false, NIGHT_3.plusSeconds(60)))
        .isEqualTo(new ScheduleDecision.Start(NIGHT_3, NIGHT_4));
  }

  @Test
  void forbidSkipsAFiringDuringARun() {
    assertThat(decide(nightly(), NIGHT_2, true, NIGHT_2.plusSeconds(5)))
        .isEqualTo(new ScheduleDecision.Skip(NIGHT_2, NIGHT_3));
  }

  @Test
  void replaceEndsTheRunAndKeepsTheFiringDueForTheNewRun() {
    ScheduleSettings replace = new ScheduleSettings(CronSchedule.parse("0 3 * * *"), ZoneId.of("UTC"), false,
        ConcurrencyPolicy.Replace, null);
    assertThat(decide(replace, NIGHT_2, true, NIGHT_2.plusSeconds(5)))
        .isEqualTo(new ScheduleDecision.Replace(NIGHT_2));
    // Once the run has ended, the same firing starts the new one.
    assertThat(decide(replace, NIGHT_2, false, NIGHT_2.plusSeconds(7)))
        .isEqualTo(new ScheduleDecision.Start(NIGHT_2, NIGHT_3));
  }

  @Test
  void suspendedNothingFiresAndTheWatermarkStays() {
    ScheduleSettings suspended = new ScheduleSettings(CronSchedule.parse("0 3 * * *"), ZoneId.of("UTC"), true,
        ConcurrencyPolicy.Forbid, null);
    assertThat(decide(suspended, NIGHT_2, false, NIGHT_4.plusSeconds(5)))
        .isEqualTo(new ScheduleDecision.Wait(NIGHT_2, true));
    assertThat(decide(suspended, null, false, NIGHT_1.plusSeconds(5)))
        .isEqualTo(new ScheduleDecision.Wait(NIGHT_2, true));
    // Resumed: the latest firing missed while suspended starts, as a CronJob's.
    assertThat(decide(nightly(), NIGHT_2, false, NIGHT_4.plusSeconds(5)))
        .isEqualTo(new ScheduleDecision.Start(NIGHT_4, Instant.parse("2025-01-05T03:00:00Z")));
  }

  @Test
  void aChangedExpressionWhoseFiringsMissTheWatermarkWaitsForItsOwnNext() {
    // The watermark 03:00 came from '0 3 * * *'; now the schedule is 04:00 and it is 03:30: nothing is due.
    ScheduleSettings fourOclock = new ScheduleSettings(CronSchedule.parse("0 4 * * *"), ZoneId.of("UTC"), false,
        ConcurrencyPolicy.Forbid, null);
    assertThat(decide(fourOclock, NIGHT_2, false, NIGHT_2.plusSeconds(1800)))
        .isEqualTo(new ScheduleDecision.Wait(Instant.parse("2025-01-02T04:00:00Z"), false));
  }

  @Test
  void aChangedExpressionDoesNotWaitForTheOldOnesLaterWatermark() {
    // The watermark is tomorrow 03:00 from '0 3 * * *'; the schedule became every five minutes at 10:02.
    ScheduleSettings everyFive = new ScheduleSettings(CronSchedule.parse("*/5 * * * *"), ZoneId.of("UTC"), false,
        ConcurrencyPolicy.Forbid, null);
    assertThat(decide(everyFive, NIGHT_2, false, Instant.parse("2025-01-01T10:02:00Z")))
        .isEqualTo(new ScheduleDecision.Wait(Instant.parse("2025-01-01T10:05:00Z"), false));
  }

  @Test
  void theZoneDecidesTheInstant() {
    ScheduleSettings berlin = new ScheduleSettings(CronSchedule.parse("0 3 * * *"), ZoneId.of("Europe/Berlin"),
        false, ConcurrencyPolicy.Forbid, null);
    assertThat(decide(berlin, null, false, NIGHT_1))
        .isEqualTo(new ScheduleDecision.Wait(Instant.parse("2025-01-02T02:00:00Z"), false));
  }

  private static ScheduleSettings nightly() {
    return new ScheduleSettings(CronSchedule.parse("0 3 * * *"), ZoneId.of("UTC"), false, ConcurrencyPolicy.Forbid,
        null);
  }

  private static ScheduleDecision decide(ScheduleSettings settings, Instant watermark, boolean running, Instant now) {
    return ScheduleDecision.decide(Optional.of(settings), watermark, running, now);
  }
}
