package dev.sft.controller.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A standard five-field cron expression ({@code minute hour day-of-month month day-of-week}) and the instants it
 * fires at in a time zone. Each field takes {@code *}, numbers, names ({@code JAN}..{@code DEC},
 * {@code SUN}..{@code SAT}, any case), ranges {@code a-b}, steps <code>*&#47;n</code>, {@code a-b/n} and {@code a/n} (from a
 * to the field's end), and comma-separated lists of these; day-of-week 7 is Sunday, as 0. The macros
 * {@code @yearly} ({@code @annually}), {@code @monthly}, {@code @weekly}, {@code @daily} ({@code @midnight}) and
 * {@code @hourly} stand for their usual expressions.
 *
 * <p>Days follow Vixie cron: when both day-of-month and day-of-week are restricted (neither starts with {@code *}),
 * a day matches if <em>either</em> matches ({@code 0 0 13 * FRI} is every 13th and every Friday); otherwise both
 * must.
 *
 * <p>Times are wall-clock times in the zone. Around daylight-saving changes each wall-clock time fires at most once:
 * a time the clocks skip (02:30 when they jump from 02:00 to 03:00) fires once, at the moment of the jump; a time
 * that occurs twice (when the clocks go back) fires at its first occurrence only.
 */
public final class CronSchedule {
  /** Field order and bounds. */
  private enum Field {
    MINUTE("minute", 0, 59, Map.of()),
    HOUR("hour", 0, 23, Map.of()),
    DAY_OF_MONTH("day-of-month", 1, 31, Map.of()),
    MONTH("month", 1, 12, Map.ofEntries(Map.entry("JAN", 1), Map.entry("FEB", 2), Map.entry("MAR", 3),
        Map.entry("APR", 4), Map.entry("MAY", 5), Map.entry("JUN", 6), Map.entry("JUL", 7), Map.entry("AUG", 8),
        Map.entry("SEP", 9), Map.entry("OCT", 10), Map.entry("NOV", 11), Map.entry("DEC", 12))),
    // 7 is read as Sunday too; stored as 0.
    DAY_OF_WEEK("day-of-week", 0, 7, Map.of("SUN", 0, "MON", 1, "TUE", 2, "WED", 3, "THU", 4, "FRI", 5, "SAT", 6));

    final String label;
    final int min;
    final int max;
    final Map<String, Integer> names;

    Field(String label, int min, int max, Map<String, Integer> names) {
      this.label = label;
      this.min = min;
      this.max = max;
      this.names = names;
    }
  }

  private static final Map<String, String> MACROS = Map.of(
      "@yearly", "0 0 1 1 *",
      "@annually", "0 0 1 1 *",
      "@monthly", "0 0 1 * *",
      "@weekly", "0 0 * * 0",
      "@daily", "0 0 * * *",
      "@midnight", "0 0 * * *",
      "@hourly", "0 * * * *");

  /**
   * How far {@link #next} looks before giving up. A satisfiable expression fires at least every 8 years (29 February
   * skips 2100); {@link #parse} refuses the unsatisfiable ones, so this bound is never reached in practice.
   */
  private static final int SEARCH_YEARS = 10;

  private final String expression;
  private final BitSet minutes;
  private final BitSet hours;
  private final BitSet daysOfMonth;
  private final BitSet months;
  private final BitSet daysOfWeek;
  /** Vixie cron's rule: a field starting with {@code *} does not restrict the day. */
  private final boolean dayOfMonthStar;
  private final boolean dayOfWeekStar;

  private CronSchedule(String expression, List<BitSet> fields, boolean dayOfMonthStar, boolean dayOfWeekStar) {
    this.expression = expression;
    this.minutes = fields.get(0);
    this.hours = fields.get(1);
    this.daysOfMonth = fields.get(2);
    this.months = fields.get(3);
    this.daysOfWeek = fields.get(4);
    this.dayOfMonthStar = dayOfMonthStar;
    this.dayOfWeekStar = dayOfWeekStar;
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
    String expanded = trimmed;
    if (trimmed.startsWith("@")) {
      expanded = MACROS.get(trimmed.toLowerCase(Locale.ROOT));
      if (expanded == null) {
        throw new IllegalArgumentException("unknown macro '" + trimmed + "': use @yearly, @annually, @monthly, "
            + "@weekly, @daily, @midnight or @hourly"
            + (trimmed.equalsIgnoreCase("@reboot") ? " (@reboot has no meaning for a test resource)" : ""));
      }
    }
    String[] parts = expanded.split("\\s+");
    if (parts.length != 5) {
      throw new IllegalArgumentException("expected five fields (minute hour day-of-month month day-of-week), got "
          + parts.length + " in '" + trimmed + "'");
    }
    Field[] order = Field.values();
    List<BitSet> fields = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      fields.add(parseField(order[i], parts[i]));
    }
    BitSet dow = fields.get(4);
    if (dow.get(7)) {
      dow.clear(7);
      dow.set(0);
    }
    CronSchedule schedule = new CronSchedule(trimmed, fields, parts[2].startsWith("*"), parts[4].startsWith("*"));
    schedule.requireSatisfiable();
    return schedule;
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
    LocalDateTime t = LocalDateTime.ofInstant(after, zone).truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
    int lastYear = t.getYear() + SEARCH_YEARS;
    while (t.getYear() <= lastYear) {
      if (!months.get(t.getMonthValue())) {
        t = t.withDayOfMonth(1).toLocalDate().plusMonths(1).atStartOfDay();
      } else if (!dayMatches(t)) {
        t = t.toLocalDate().plusDays(1).atStartOfDay();
      } else if (!hours.get(t.getHour())) {
        t = t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
      } else if (!minutes.get(t.getMinute())) {
        t = t.plusMinutes(1);
      } else {
        Instant firing = resolve(t, rules);
        if (firing.isAfter(after)) {
          return firing;
        }
        // The second pass of a wall-clock time the clocks went back over: it fired on the first.
        t = t.plusMinutes(1);
      }
    }
    throw new IllegalStateException("'" + expression + "' does not fire within " + SEARCH_YEARS + " years after "
        + after);
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

  private boolean dayMatches(LocalDateTime t) {
    boolean dom = daysOfMonth.get(t.getDayOfMonth());
    boolean dow = daysOfWeek.get(t.getDayOfWeek().getValue() % 7);
    if (dayOfMonthStar || dayOfWeekStar) {
      return dom && dow;
    }
    return dom || dow;
  }

  /** The instant of a matching wall-clock time: see the class comment for the daylight-saving rules. */
  private static Instant resolve(LocalDateTime t, ZoneRules rules) {
    List<ZoneOffset> offsets = rules.getValidOffsets(t);
    if (offsets.isEmpty()) {
      ZoneOffsetTransition gap = rules.getTransition(t);
      return gap.getInstant();
    }
    // One offset, or the earlier of two (the first occurrence) when the clocks go back.
    return t.toInstant(offsets.get(0));
  }

  /** Refuses an expression that can never fire, such as 30 February, instead of waiting for it forever. */
  private void requireSatisfiable() {
    if (dayOfMonthStar || !dayOfWeekStar) {
      return; // any day of the week happens in every month; with both restricted, a weekday is enough
    }
    for (int month = months.nextSetBit(1); month >= 0; month = months.nextSetBit(month + 1)) {
      int longest = Month.of(month).maxLength();
      if (daysOfMonth.nextSetBit(1) <= longest) {
        return;
      }
    }
    throw new IllegalArgumentException("'" + expression + "' never fires: no day-of-month it lists occurs in the "
        + "months it lists");
  }

  private static BitSet parseField(Field field, String text) {
    BitSet values = new BitSet(field.max + 1);
    for (String item : text.split(",", -1)) {
      if (item.isEmpty()) {
        throw new IllegalArgumentException(field.label + " field '" + text + "': empty list item");
      }
      parseItem(field, text, item, values);
    }
    return values;
  }

  /** One list item: {@code *}, {@code a}, {@code a-b}, each optionally with {@code /step}. */
  private static void parseItem(Field field, String text, String item, BitSet values) {
    String range = item;
    int step = 1;
    int slash = item.indexOf('/');
    if (slash >= 0) {
      range = item.substring(0, slash);
      String stepText = item.substring(slash + 1);
      step = number(field, text, stepText, "step");
      if (step < 1) {
        throw new IllegalArgumentException(field.label + " field '" + text + "': step must be at least 1, got "
            + stepText);
      }
    }
    int low;
    int high;
    if (range.equals("*")) {
      low = field.min;
      high = field.max == 7 ? 6 : field.max; // */n in day-of-week counts 0..6, not Sunday twice
    } else {
      int dash = range.indexOf('-');
      if (dash >= 0) {
        low = value(field, text, range.substring(0, dash));
        high = value(field, text, range.substring(dash + 1));
        if (low > high) {
          throw new IllegalArgumentException(field.label + " field '" + text + "': range " + range
              + " runs backwards (from " + low + " to " + high + ")");
        }
      } else {
        low = value(field, text, range);
        // "a/n" means from a to the field's end, every n.
        high = slash >= 0 ? (field.max == 7 ? 6 : field.max) : low;
      }
    }
    for (int v = low; v <= high; v += step) {
      values.set(v);
    }
  }

  /** A number or name within the field's bounds. */
  private static int value(Field field, String text, String token) {
    Integer named = field.names.get(token.toUpperCase(Locale.ROOT));
    if (named != null) {
      return named;
    }
    int v = number(field, text, token, "value");
    if (v < field.min || v > field.max) {
      throw new IllegalArgumentException(field.label + " field '" + text + "': " + v + " is out of range "
          + field.min + "-" + field.max);
    }
    return v;
  }

  private static int number(Field field, String text, String token, String what) {
    if (!token.matches("[0-9]{1,4}")) {
      String names = field.names.isEmpty() ? "" : " or a name (" + String.join(", ", field == Field.MONTH
          ? List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
          : List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT")) + ")";
      throw new IllegalArgumentException(field.label + " field '" + text + "': '" + token + "' is not a " + what
          + "; expected a number" + (what.equals("value") ? names : ""));
    }
    return Integer.parseInt(token);
  }

  @Override
  public String toString() {
    return expression;
  }
}
