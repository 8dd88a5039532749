package dev.sft.controller.schedule;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code spec.schedule} with the meaning a Kubernetes CronJob's schedule has (the robfig/cron v3 standard parser):
 * five fields ({@code minute hour day-of-month month day-of-week}), names ({@code JAN}, {@code MON}, any case),
 * {@code ?} read as {@code *}, and the macros {@code @yearly} ({@code @annually}), {@code @monthly}, {@code @weekly},
 * {@code @daily} ({@code @midnight}) and {@code @hourly}. cron-utils parses the fields and finds the matching
 * wall-clock times; this class adds what it does not do the Kubernetes way.
 *
 * <p>Days: when both day fields are restricted a day matches if either does ({@code 0 0 13 * FRI} is every 13th and
 * every Friday). A field is unrestricted only if it is {@code *} (or {@code ?}) without a step: {@code *}{@code /2}
 * restricts, as in robfig/cron.
 *
 * <p>Time zones: a firing is every instant whose wall-clock time in the zone matches, as robfig/cron walks time. So a
 * time the clocks skip (02:30 when they jump from 02:00 to 03:00) does not fire that day, and a time that occurs twice
 * (when the clocks go back) fires twice. cron-utils, stepping through {@link ZonedDateTime}s, skips the first too but
 * fires a repeated time once (9.2.1), so it only ever sees wall-clock times here, and {@link #next} applies the zone.
 *
 * <p>Beyond Kubernetes, day-of-week 7 is Sunday (as 0) and macros are read in any case; neither changes what an
 * expression Kubernetes accepts means. {@code @every} (robfig's fixed interval, which Kubernetes also accepts) is
 * refused: a test's schedule is a calendar.
 */
public final class CronSchedule {
  private static final List<String> FIELD_LABELS = List.of("minute", "hour", "day-of-month", "month", "day-of-week");

  private static final Map<String, String> MACROS = Map.of(
      "@yearly", "0 0 1 1 *",
      "@annually", "0 0 1 1 *",
      "@monthly", "0 0 1 * *",
      "@weekly", "0 0 * * 0",
      "@daily", "0 0 * * *",
      "@midnight", "0 0 * * *",
      "@hourly", "0 * * * *");

  /** Unix cron: five fields, names, 0-7 for the day of the week, and either day field matching when both are set. */
  private static final CronParser PARSER =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

  /**
   * More than any daylight-saving shift (at most two hours, anywhere): wall-clock times this far either side of an
   * instant are enough to find the firings next to it.
   */
  private static final Duration MAX_SHIFT = Duration.ofHours(3);

  /** A satisfiable expression fires at least every 8 years (29 February skips 2100). */
  private static final int SEARCH_YEARS = 10;

  private final String expression;
  /** Finds matching wall-clock times; evaluated in UTC, which has no transitions to move them. */
  private final ExecutionTime wallClock;

  private CronSchedule(String expression, ExecutionTime wallClock) {
    this.expression = expression;
    this.wallClock = wallClock;
  }

  /**
   * Parses an expression.
   *
   * @throws IllegalArgumentException naming the field and the part that is wrong
   */
  public static CronSchedule parse(String expression) {
    if (expression == null || expression.isBlank()) {
      throw new IllegalArgumentException("a cron expression is required: five fields (minute hour day-of-month "
          + "month day-of-week), e.g. '0 3 * * *', or a macro such as @daily");
    }
    String trimmed = expression.trim();
    String fields = trimmed;
    if (trimmed.startsWith("@")) {
      fields = MACROS.get(trimmed.toLowerCase(Locale.ROOT));
      if (fields == null) {
        throw new IllegalArgumentException("unknown macro '" + trimmed + "': use @yearly, @annually, @monthly, "
            + "@weekly, @daily, @midnight or @hourly"
            + (trimmed.equalsIgnoreCase("@reboot") ? " (@reboot has no meaning for a test resource)" : ""));
      }
    }
    String[] parts = fields.split("\\s+");
    if (parts.length != 5) {
      throw new IllegalArgumentException("expected five fields (minute hour day-of-month month day-of-week), got "
          + parts.length + " in '" + trimmed + "'");
    }
    List<String> normalised = new ArrayList<>();
    for (String part : parts) {
      // robfig/cron reads '?' as '*' in every field; cron-utils' Unix cron has no '?'.
      normalised.add(part.startsWith("?") ? "*" + part.substring(1) : part.toUpperCase(Locale.ROOT));
    }
    ExecutionTime wallClock = ExecutionTime.forCron(parseFields(normalised, List.of(parts)));
    if (wallClock.nextExecution(ZonedDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)).isEmpty()) {
      throw new IllegalArgumentException("'" + trimmed + "' never fires: no day-of-month it lists occurs in the "
          + "months it lists");
    }
    return new CronSchedule(trimmed, wallClock);
  }

  /** The fields as cron-utils reads them, or the first field it refuses, named as it was written. */
  private static com.cronutils.model.Cron parseFields(List<String> fields, List<String> written) {
    try {
      return PARSER.parse(String.join(" ", fields)).validate();
    } catch (IllegalArgumentException whole) {
      // cron-utils says what is wrong but not where: parse each field on its own to name it.
      for (int i = 0; i < fields.size(); i++) {
        List<String> alone = new ArrayList<>(List.of("*", "*", "*", "*", "*"));
        alone.set(i, fields.get(i));
        try {
          PARSER.parse(String.join(" ", alone)).validate();
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(FIELD_LABELS.get(i) + " field '" + written.get(i) + "': "
              + e.getMessage().replace("Failed to parse cron expression. ", ""), e);
        }
      }
      throw new IllegalArgumentException(whole.getMessage(), whole);
    }
  }

  /** The expression as given (a macro stays a macro). */
  public String expression() {
    return expression;
  }

  /**
   * The first firing strictly after {@code after}, in {@code zone}.
   *
   * @throws IllegalStateException if none within ten years (not for an expression {@link #parse} accepted)
   */
  public Instant next(Instant after, ZoneId zone) {
    ZoneRules rules = zone.getRules();
    LocalDateTime local = LocalDateTime.ofInstant(after, zone);
    // Without a transition near, wall-clock order is instant order: the next matching wall-clock time is the answer.
    LocalDateTime first = nextWallClock(local, after);
    if (rules.isFixedOffset() || noTransitionBetween(rules, after.minus(MAX_SHIFT),
        first.atZone(zone).toInstant().plus(MAX_SHIFT))) {
      return first.atZone(zone).toInstant();
    }
    // Near a transition: every matching wall-clock time from before the shift, each at all its offsets.
    Instant best = null;
    LocalDateTime lastYear = local.plusYears(SEARCH_YEARS);
    for (LocalDateTime t = nextWallClock(local.minus(MAX_SHIFT), after); ; t = nextWallClock(t, after)) {
      if (best != null && t.isAfter(LocalDateTime.ofInstant(best, zone).plus(MAX_SHIFT))) {
        return best;
      }
      if (t.isAfter(lastYear)) {
        throw new IllegalStateException("'" + expression + "' does not fire within " + SEARCH_YEARS
            + " years after " + after);
      }
      for (ZoneOffset offset : rules.getValidOffsets(t)) { // none in a gap: it does not fire
        Instant firing = t.toInstant(offset);
        if (firing.isAfter(after) && (best == null || firing.isBefore(best))) {
          best = firing;
        }
      }
    }
  }

  private static boolean noTransitionBetween(ZoneRules rules, Instant from, Instant to) {
    ZoneOffsetTransition transition = rules.nextTransition(from);
    return transition == null || transition.getInstant().isAfter(to);
  }

  /** The first matching wall-clock time strictly after {@code t}. */
  private LocalDateTime nextWallClock(LocalDateTime t, Instant askedAfter) {
    return wallClock.nextExecution(t.atZone(ZoneOffset.UTC)).map(ZonedDateTime::toLocalDateTime)
        .orElseThrow(() -> new IllegalStateException("'" + expression + "' does not fire after " + askedAfter));
  }

  /**
   * The latest firing in {@code [notBefore, notAfter]}, if any: after firings were missed, the one to act on (never a
   * burst of all of them).
   */
  public Optional<Instant> latest(Instant notBefore, Instant notAfter, ZoneId zone) {
    Instant first = next(notBefore.minusNanos(1), zone);
    if (first.isAfter(notAfter)) {
      return Optional.empty();
    }
    // Look back from notAfter over growing windows, so a long gap of a frequent schedule is not walked firing by
    // firing; the window that holds a firing is walked forward to its last one.
    Duration window = Duration.ofHours(1);
    while (true) {
      Instant from = notAfter.minus(window);
      if (!from.isAfter(notBefore)) {
        from = notBefore;
      }
      Instant candidate = from.equals(notBefore) ? first : next(from.minusNanos(1), zone);
      if (!candidate.isAfter(notAfter)) {
        Instant latest = candidate;
        for (Instant n = next(latest, zone); !n.isAfter(notAfter); n = next(n, zone)) {
          latest = n;
        }
        return Optional.of(latest);
      }
      window = window.multipliedBy(2);
    }
  }

  @Override
  public String toString() {
    return expression;
  }
}
