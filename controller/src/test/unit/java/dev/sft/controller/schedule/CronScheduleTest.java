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
  }

  @Test
  void aStarWithAStepRestrictsTheDayAsKubernetesDoes() {
    // robfig/cron (Kubernetes) drops the star for '*/2': both fields restricted, so either matches: the odd days and
    // the Fridays (06-06 and 06-13 are Fridays, 06-06 is even).
    assertThat(firings("0 0 */2 * FRI", "2025-06-01T00:00:00", 4))
        .containsExactly(utc("2025-06-03T00:00:00"), utc("2025-06-05T00:00:00"), utc("2025-06-06T00:00:00"),
            utc("2025-06-07T00:00:00"));
  }

  @Test
  void aQuestionMarkIsAStarInEveryField() {
    assertThat(firings("0 0 ? * MON", "2025-01-01T00:00:00", 2))
        .containsExactly(utc("2025-01-06T00:00:00"), utc("2025-01-13T00:00:00"));
    assertThat(firings("0 0 13 * ?", "2025-06-01T00:00:00", 2))
        .as("'?' does not restrict the day: the 13th only")
        .containsExactly(utc("2025-06-13T00:00:00"), utc("2025-07-13T00:00:00"));
    assertThat(firings("?/20 * * * *", "2025-01-01T10:00:00", 3))
        .containsExactly(utc("2025-01-01T10:20:00"), utc("2025-01-01T10:40:00"), utc("2025-01-01T11:00:00"));
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
  void aTimeTheClocksSkipDoesNotFireThatDay() {
    // 2025-03-30: Berlin goes from 02:00 CET to 03:00 CEST (01:00 UTC); 02:30 does not exist that day, and robfig/cron
    // (Kubernetes) never reaches it.
    CronSchedule cron = CronSchedule.parse("30 2 * * *");
    assertThat(firings(cron, BERLIN, "2025-03-29T00:00:00", 2))
        .containsExactly(utc("2025-03-29T01:30:00"), utc("2025-03-31T00:30:00"));
    // Every quarter hour: 02:00-02:45 do not exist; 01:45 CET is followed by 03:00 CEST.
    assertThat(firings(CronSchedule.parse("*/15 * * * *"), BERLIN, "2025-03-30T00:40:00", 3))
        .containsExactly(utc("2025-03-30T00:45:00"), utc("2025-03-30T01:00:00"), utc("2025-03-30T01:15:00"));
  }

  @Test
  void aTimeThatOccursTwiceFiresTwice() {
    // 2025-10-26: Berlin goes back from 03:00 CEST to 02:00 CET (01:00 UTC); 02:30 happens twice, and robfig/cron
    // (Kubernetes) fires at both, an hour apart.
    CronSchedule cron = CronSchedule.parse("30 2 * * *");
    assertThat(firings(cron, BERLIN, "2025-10-25T12:00:00", 3))
        .containsExactly(utc("2025-10-26T00:30:00"), utc("2025-10-26T01:30:00"), utc("2025-10-27T01:30:00"));
    // Asked from between the two: the second pass is next.
    assertThat(cron.next(utc("2025-10-26T01:10:00"), BERLIN)).isEqualTo(utc("2025-10-26T01:30:00"));
    // Two minutes a quarter hour apart interleave across the two passes in instant order.
    assertThat(firings(CronSchedule.parse("15,45 2 * * *"), BERLIN, "2025-10-26T00:20:00", 3))
        .containsExactly(utc("2025-10-26T00:45:00"), utc("2025-10-26T01:15:00"), utc("2025-10-26T01:45:00"));
    // Hourly: 02:00 CEST (00:00 UTC), 02:00 CET (01:00 UTC), 03:00 CET (02:00 UTC).
    assertThat(firings(CronSchedule.parse("0 * * * *"), BERLIN, "2025-10-25T23:30:00", 3))
        .containsExactly(utc("2025-10-26T00:00:00"), utc("2025-10-26T01:00:00"), utc("2025-10-26T02:00:00"));
  }

  @Test
  void latestAcrossARepeatedHourIsItsSecondPass() {
    assertThat(CronSchedule.parse("30 2 * * *").latest(utc("2025-10-25T12:00:00"), utc("2025-10-26T01:45:00"),
        BERLIN)).contains(utc("2025-10-26T01:30:00"));
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
      "60 * * * *|minute field '60': Value 60 not in range [0, 59]",
      "0 24 * * *|hour field '24': Value 24 not in range [0, 23]",
      "0 0 0 * *|day-of-month field '0': Value 0 not in range [1, 31]",
      "0 0 1 13 *|month field '13': Value 13 not in range [1, 12]",
      "0 0 * * 8|day-of-week field '8': Value 8 not in range [0, 7]",
      "0 0 * FOO *|month field 'FOO': Invalid chars in expression! Expression: FOO",
      "0 0 * * MONDAY|day-of-week field 'MONDAY': Invalid chars in expression! Expression: MONDAY",
      "*/0 * * * *|minute field '*/0': Period 0 not in range",
      "*/x * * * *|minute field '*/x': ",
      "0 5-3 * * *|hour field '5-3': Invalid range! [5,3]",
      "1,,2 * * * *|minute field '1,,2': ",
      "0 0 30 2 *|'0 0 30 2 *' never fires",
      "0 0 31 4,6,9,11 *|never fires",
      "@reboot|unknown macro '@reboot'",
      "@every 1h|unknown macro '@every 1h'",
      "@often|unknown macro '@often': use @yearly, @annually, @monthly, @weekly, @daily, @midnight or @hourly",
      "-1 * * * *|minute field '-1': ",
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
