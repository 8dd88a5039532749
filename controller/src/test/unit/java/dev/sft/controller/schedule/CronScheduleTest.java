package dev.sft.controller.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronScheduleTest {
  private static final ZoneId UTC = ZoneOffset.UTC;
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  @Test
  void everyMinuteFiresOnTheNextWholeMinute() {
    CronSchedule cron = CronSchedule.parse("* * * * *");
    assertThat(cron.next(utc("2025-01-01T10:00:00"), UTC)).isEqualTo(utc("2025-01-01T10:01:00"));
    assertThat(cron.next(utc("2025-01-01T10:00:59.999"), UTC)).isEqualTo(utc("2025-01-01T10:01:00"));
  }

  @Test
  void stepsListsRangesAndNames() {
    assertThat(firings("*/15 * * * *", "2025-01-01T10:00:00", 4))
        .containsExactly(utc("2025-01-01T10:15:00"), utc("2025-01-01T10:30:00"), utc("2025-01-01T10:45:00"),
            utc("2025-01-01T11:00:00"));
    assertThat(firings("5,35 9-10 * * *", "2025-01-01T00:00:00", 5))
        .containsExactly(utc("2025-01-01T09:05:00"), utc("2025-01-01T09:35:00"), utc("2025-01-01T10:05:00"),
            utc("2025-01-01T10:35:00"), utc("2025-01-02T09:05:00"));
    // 2025-01-06 is a Monday; MON-FRI skips the weekend.
    assertThat(firings("0 3 * * mon-FRI", "2025-01-09T12:00:00", 3))
        .containsExactly(utc("2025-01-10T03:00:00"), utc("2025-01-13T03:00:00"), utc("2025-01-14T03:00:00"));
    assertThat(firings("0 0 1 JAN,jul *", "2025-02-01T00:00:00", 2))
        .containsExactly(utc("2025-07-01T00:00:00"), utc("2026-01-01T00:00:00"));
    // a/n runs from a to the field's end; a-b/n within the range.
    assertThat(firings("50/5 * * * *", "2025-01-01T10:00:00", 3))
        .containsExactly(utc("2025-01-01T10:50:00"), utc("2025-01-01T10:55:00"), utc("2025-01-01T11:50:00"));
    assertThat(firings("0 1-10/4 * * *", "2025-01-01T00:00:00", 4))
        .containsExactly(utc("2025-01-01T01:00:00"), utc("2025-01-01T05:00:00"), utc("2025-01-01T09:00:00"),
            utc("2025-01-02T01:00:00"));
  }

  @Test
  void sundayIsZeroOrSeven() {
    // 2025-01-05 is a Sunday.
    assertThat(CronSchedule.parse("0 0 * * 7").next(utc("2025-01-01T00:00:00"), UTC))
        .isEqualTo(utc("2025-01-05T00:00:00"));
    assertThat(CronSchedule.parse("0 0 * * 0").next(utc("2025-01-01T00:00:00"), UTC))
        .isEqualTo(utc("2025-01-05T00:00:00"));
    assertThat(CronSchedule.parse("0 0 * * 5-7").next(utc("2025-01-04T12:00:00"), UTC))
        .isEqualTo(utc("2025-01-05T00:00:00"));
  }

  @Test
  void bothDayFieldsRestrictedMatchEitherAsVixieCron() {
    // Every 13th and every Friday: 2025-06-06 (Fri), 06-13 (Fri and 13th, once), 06-20 (Fri), 06-27 (Fri), 07-04.
    assertThat(firings("0 0 13 * FRI", "2025-06-01T00:00:00", 5))
        .containsExactly(utc("2025-06-06T00:00:00"), utc("2025-06-13T00:00:00"), utc("2025-06-20T00:00:00"),
            utc("2025-06-27T00:00:00"), utc("2025-07-04T00:00:00"));
    // 2025-07-13 is a Sunday; the 13th counts on its own.
    assertThat(firings("0 0 13 * FRI", "2025-07-05T00:00:00", 2))
        .containsExactly(utc("2025-07-11T00:00:00"), utc("2025-07-13T00:00:00"));
  }

  @Test
  void aDayFieldStartingWithAStarDoesNotRestrictTheDay() {
    // Day-of-week '*' : only the 13th.
    assertThat(firings("0 0 13 * *", "2025-06-01T00:00:00", 2))
        .containsExactly(utc("2025-06-13T00:00:00"), utc("2025-07-13T00:00:00"));
    // Day-of-month '*': only Fridays.
    assertThat(firings("0 0 * * FRI", "2025-06-01T00:00:00", 2))
        .containsExactly(utc("2025-06-06T00:00:00"), utc("2025-06-13T00:00:00"));
    // Vixie reads '*/2' as starting with '*': both must match (the 1st, 3rd, ... that is a Friday), no OR.
    assertThat(firings("0 0 */2 * FRI", "2025-06-01T00:00:00", 2))
        .containsExactly(utc("2025-06-13T00:00:00"), utc("2025-06-27T00:00:00"));
  }

  @Test
  void leapDayFiresOnlyInLeapYears() {
    assertThat(firings("0 12 29 2 *", "2025-01-01T00:00:00", 2))
        .containsExactly(utc("2028-02-29T12:00:00"), utc("2032-02-29T12:00:00"));
    // 2100 is no leap year: 2096, then 2104, eight years later.
    assertThat(CronSchedule.parse("0 12 29 2 *").next(utc("2096-03-01T00:00:00"), UTC))
        .isEqualTo(utc("2104-02-29T12:00:00"));
  }

  @Test
  void theThirtyFirstSkipsShortMonths() {
    assertThat(firings("0 0 31 * *", "2025-01-31T12:00:00", 3))
        .containsExactly(utc("2025-03-31T00:00:00"), utc("2025-05-31T00:00:00"), utc("2025-07-31T00:00:00"));
  }

  @Test
  void macros() {
    assertThat(CronSchedule.parse("@hourly").next(utc("2025-01-01T10:20:00"), UTC))
        .isEqualTo(utc("2025-01-01T11:00:00"));
    assertThat(CronSchedule.parse("@daily").next(utc("2025-01-01T10:20:00"), UTC))
        .isEqualTo(utc("2025-01-02T00:00:00"));
    assertThat(CronSchedule.parse("@midnight").next(utc("2025-01-01T10:20:00"), UTC))
        .isEqualTo(utc("2025-01-02T00:00:00"));
    assertThat(CronSchedule.parse("@weekly").next(utc("2025-01-01T10:20:00"), UTC)) // Wednesday
        .isEqualTo(utc("2025-01-05T00:00:00"));
    assertThat(CronSchedule.parse("@monthly").next(utc("2025-01-01T10:20:00"), UTC))
        .isEqualTo(utc("2025-02-01T00:00:00"));
    assertThat(CronSchedule.parse("@YEARLY").next(utc("2025-01-01T10:20:00"), UTC))
        .isEqualTo(utc("2026-01-01T00:00:00"));
    assertThat(CronSchedule.parse("@annually").expression()).isEqualTo("@annually");
  }

  @Test
  void wallClockTimeInTheZone() {
    // 03:00 in Berlin is 02:00 UTC in winter, 01:00 UTC in summer.
    CronSchedule cron = CronSchedule.parse("0 3 * * *");
    assertThat(cron.next(utc("2025-01-15T12:00:00"), BERLIN)).isEqualTo(utc("2025-01-16T02:00:00"));
    assertThat(cron.next(utc("2025-07-15T12:00:00"), BERLIN)).isEqualTo(utc("2025-07-16T01:00:00"));
  }

  @Test
  void aTimeTheClocksSkipFiresOnceAtTheJump() {
    // 2025-03-30: Berlin goes from 02:00 CET to 03:00 CEST (01:00 UTC); 02:30 does not exist that day.
    CronSchedule cron = CronSchedule.parse("30 2 * * *");
    assertThat(firings(cron, BERLIN, "2025-03-29T00:00:00", 3))
        .containsExactly(utc("2025-03-29T01:30:00"), utc("2025-03-30T01:00:00"), utc("2025-03-31T00:30:00"));
    // Every quarter hour: the four skipped times collapse into one firing at the jump, then 03:00 is the same
    // instant and fires no second time.
    assertThat(firings(CronSchedule.parse("*/15 * * * *"), BERLIN, "2025-03-30T00:40:00", 4))
        .containsExactly(utc("2025-03-30T00:45:00"), utc("2025-03-30T01:00:00"), utc("2025-03-30T01:15:00"),
            utc("2025-03-30T01:30:00"));
  }

  @Test
  void aTimeThatOccursTwiceFiresOnlyTheFirstTime() {
    // 2025-10-26: Berlin goes back from 03:00 CEST to 02:00 CET (01:00 UTC); 02:30 happens twice.
    CronSchedule cron = CronSchedule.parse("30 2 * * *");
    assertThat(firings(cron, BERLIN, "2025-10-25T12:00:00", 2))
        .containsExactly(utc("2025-10-26T00:30:00"), utc("2025-10-27T01:30:00"));
    // Asked from within the repeated hour (02:10 CET, the second pass): 02:30 already fired.
    assertThat(cron.next(utc("2025-10-26T01:10:00"), BERLIN)).isEqualTo(utc("2025-10-27T01:30:00"));
    // Hourly: 02:00 fires once (00:00 UTC), 03:00 CET is 02:00 UTC.
    assertThat(firings(CronSchedule.parse("0 * * * *"), BERLIN, "2025-10-25T23:30:00", 3))
        .containsExactly(utc("2025-10-26T00:00:00"), utc("2025-10-26T02:00:00"), utc("2025-10-26T03:00:00"));
  }

  @Test
  void latestPicksTheLastMissedFiringOnly() {
    CronSchedule cron = CronSchedule.parse("0 3 * * *");
    assertThat(cron.latest(utc("2025-01-01T03:00:00"), utc("2025-01-05T12:00:00"), UTC))
        .contains(utc("2025-01-05T03:00:00"));
    assertThat(cron.latest(utc("2025-01-05T03:00:00"), utc("2025-01-05T03:00:00"), UTC))
        .as("both bounds inclusive").contains(utc("2025-01-05T03:00:00"));
    assertThat(cron.latest(utc("2025-01-05T03:00:01"), utc("2025-01-06T02:59:59"), UTC)).isEmpty();
    // A year of every-minute firings is not walked one by one (and the answer is the last one).
    assertThat(CronSchedule.parse("* * * * *").latest(utc("2020-01-01T00:00:00"), utc("2025-01-05T12:34:56"), UTC))
        .contains(utc("2025-01-05T12:34:00"));
    // A sparse schedule long ago.
    assertThat(CronSchedule.parse("0 12 29 2 *").latest(utc("2020-01-01T00:00:00"), utc("2025-01-01T00:00:00"),
        UTC)).contains(utc("2024-02-29T12:00:00"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "0 3 * *|expected five fields (minute hour day-of-month month day-of-week), got 4 in '0 3 * *'",
      "0 3 * * * *|expected five fields (minute hour day-of-month month day-of-week), got 6",
      "60 * * * *|minute field '60': 60 is out of range 0-59",
      "0 24 * * *|hour field '24': 24 is out of range 0-23",
      "0 0 0 * *|day-of-month field '0': 0 is out of range 1-31",
      "0 0 1 13 *|month field '13': 13 is out of range 1-12",
      "0 0 * * 8|day-of-week field '8': 8 is out of range 0-7",
      "0 0 * FOO *|month field 'FOO': 'FOO' is not a value; expected a number or a name (JAN,",
      "0 0 * * MONDAY|day-of-week field 'MONDAY': 'MONDAY' is not a value; expected a number or a name (SUN,",
      "*/0 * * * *|minute field '*/0': step must be at least 1, got 0",
      "*/x * * * *|minute field '*/x': 'x' is not a step; expected a number",
      "0 5-3 * * *|hour field '5-3': range 5-3 runs backwards (from 5 to 3)",
      "1,,2 * * * *|minute field '1,,2': empty list item",
      "0 0 30 2 *|'0 0 30 2 *' never fires",
      "0 0 31 4,6,9,11 *|never fires",
      "@reboot|unknown macro '@reboot'",
      "@often|unknown macro '@often': use @yearly, @annually, @monthly, @weekly, @daily, @midnight or @hourly",
      "-1 * * * *|minute field '-1': '' is not a value",
  })
  void invalidExpressionsAreRefusedNamingTheProblem(String expression, String message) {
    assertThatThrownBy(() -> CronSchedule.parse(expression))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void blankIsRefused() {
    assertThatThrownBy(() -> CronSchedule.parse(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a cron expression is required");
    assertThatThrownBy(() -> CronSchedule.parse(null)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void restrictedDayOfMonthIsSatisfiableThroughDayOfWeek() {
    // 30 February or any Monday in February: fires on Mondays.
    assertThat(CronSchedule.parse("0 0 30 2 MON").next(utc("2025-01-01T00:00:00"), UTC))
        .isEqualTo(utc("2025-02-03T00:00:00"));
  }

  @Test
  void extraWhitespaceIsAccepted() {
    assertThat(CronSchedule.parse("  0   3 * *\t* ").next(utc("2025-01-01T00:00:00"), UTC))
        .isEqualTo(utc("2025-01-01T03:00:00"));
  }

  private static List<Instant> firings(String expression, String fromUtc, int count) {
    return firings(CronSchedule.parse(expression), UTC, fromUtc, count);
  }

  private static List<Instant> firings(CronSchedule cron, ZoneId zone, String fromUtc, int count) {
    List<Instant> out = new ArrayList<>();
    Instant t = utc(fromUtc);
    for (int i = 0; i < count; i++) {
      t = cron.next(t, zone);
      out.add(t);
    }
    return out;
  }

  private static Instant utc(String localUtc) {
    return ZonedDateTime.of(LocalDateTime.parse(localUtc), ZoneOffset.UTC).toInstant();
  }
}
