package dev.sft.controller.schedule;

import dev.sft.api.SchedulerFailureTestSpec;
import dev.sft.api.SchedulerFailureTestSpec.ConcurrencyPolicy;
import dev.sft.api.SpecDefaults;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Optional;

/**
 * A test's schedule with the defaults applied: {@code spec.schedule} parsed, in {@code spec.timeZone}, with
 * {@code suspend}, {@code concurrencyPolicy} and {@code startingDeadlineSeconds}.
 *
 * @param startingDeadline how late a missed firing may still start; null for no bound
 */
public record ScheduleSettings(CronSchedule cron, ZoneId zone, boolean suspend, ConcurrencyPolicy policy,
    Duration startingDeadline) {

  /**
   * The schedule of a spec, empty without {@code spec.schedule}.
   *
   * @throws IllegalArgumentException for an expression or zone the controller cannot use (the validator reports the
   *     same, naming the field)
   */
  public static Optional<ScheduleSettings> of(SchedulerFailureTestSpec spec) {
    if (spec == null || spec.schedule == null) {
      return Optional.empty();
    }
    return Optional.of(new ScheduleSettings(CronSchedule.parse(spec.schedule), zone(spec.timeZone),
        Boolean.TRUE.equals(spec.suspend),
        spec.concurrencyPolicy == null ? ConcurrencyPolicy.valueOf(SpecDefaults.CONCURRENCY_POLICY)
            : spec.concurrencyPolicy,
        spec.startingDeadlineSeconds == null ? null : Duration.ofSeconds(spec.startingDeadlineSeconds)));
  }

  /**
   * An IANA zone name, UTC when absent. Offsets such as {@code +02:00}, which {@link ZoneId#of} would take, are
   * refused: a schedule follows a place's clocks, as a CronJob's {@code timeZone} does.
   *
   * @throws IllegalArgumentException naming the zone
   */
  public static ZoneId zone(String name) {
    if (name == null) {
      return ZoneId.of(SpecDefaults.TIME_ZONE);
    }
    if (!ZoneId.getAvailableZoneIds().contains(name)) {
      throw new IllegalArgumentException("unknown time zone '" + name + "': use an IANA name such as Europe/Berlin, "
          + "America/New_York or UTC");
    }
    return ZoneId.of(name);
  }
}
